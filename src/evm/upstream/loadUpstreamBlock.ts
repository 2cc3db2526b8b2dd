import { createBlock } from '@ethereumjs/block';
import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { createTxFromRPC } from '@ethereumjs/tx';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import type { UpstreamReader } from './traceUpstreamTx.ts';
import { upstreamBlockHeader } from './upstreamBlockHeader.ts';
import { type UpstreamRules, knownChains, upstreamCommon } from './upstreamCommon.ts';

/** An upstream block ready to execute: its rules, its header as a Block and its transactions rebuilt. */
export interface UpstreamBlock {
  /** The block's JSON as the upstream answered it (full transactions). */
  json: Record<string, unknown>;
  hash: string;
  parentHash: string;
  number: bigint;
  rules: UpstreamRules;
  /** The header only (transactions are in {@link txs}). */
  block: Block;
  /** The block's signed transactions, rebuilt and checked against their hashes, up to the requested count. */
  txs: TypedTransaction[];
  /** The hashes of the block's transactions, all of them (lower case). */
  txHashes: string[];
}

/** The value as an object, or an UpstreamError naming `what` was not one. */
export function upstreamObject(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new UpstreamError(`the upstream's ${what} is not an object`);
  return v as Record<string, unknown>;
}

/** The block's signed transactions `[0, count)`, rebuilt from their RPC objects and checked against their hashes. */
async function rebuildTxs(list: unknown[], count: number, common: Common): Promise<TypedTransaction[]> {
  const out: TypedTransaction[] = [];
  for (let i = 0; i < count; i++) {
    const t = upstreamObject(list[i], `transaction #${i} of the block`);
    let tx: TypedTransaction;
    try {
      tx = await createTxFromRPC(t as never, { common });
    } catch (e) {
      throw new UpstreamError(
        `transaction #${i} of the block (${String(t.hash)}, type ${String(t.type)}) cannot be rebuilt here: ${(e as Error).message.split('\n')[0]}`,
      );
    }
    if (bytesToHex(tx.hash()) !== String(t.hash).toLowerCase())
      throw new UpstreamError(
        `transaction #${i} of the block rebuilt from the upstream's fields hashes to ${bytesToHex(tx.hash())}, not ${String(t.hash)}: its type (${String(t.type)}) is not one this EVM knows`,
      );
    out.push(tx);
  }
  return out;
}

/**
 * Builds an {@link UpstreamBlock} from a block's JSON (`eth_getBlockBy*` with full transactions) and the chain id:
 * the rules by chain id (or the header's shape, or `hardfork`), the header, and the first `txCount` transactions
 * (all when absent) rebuilt.
 */
export async function loadUpstreamBlock(
  blockAnswer: unknown,
  chainId: bigint,
  o: { hardfork?: string; txCount?: number; nodeConfig?: unknown } = {},
): Promise<UpstreamBlock> {
  const json = upstreamObject(blockAnswer, 'block');
  const list = Array.isArray(json.transactions) ? json.transactions : [];
  const txHashes = list.map((x) => String(upstreamObject(x, 'transaction').hash).toLowerCase());
  const rules = upstreamCommon(chainId, json, o.hardfork, o.nodeConfig);
  const common = rules.common;
  const block = createBlock({ header: upstreamBlockHeader(json, common) }, { common });
  return {
    json,
    hash: String(json.hash).toLowerCase(),
    parentHash: String(json.parentHash).toLowerCase(),
    number: block.header.number,
    rules,
    block,
    txs: await rebuildTxs(list, Math.min(o.txCount ?? list.length, list.length), common),
    txHashes,
  };
}

/**
 * The node's EIP-7910 `eth_config` answer, asked only where it can decide the rules: a chain whose fork schedule is
 * not known here, without --hardfork. Undefined when not asked or not served (most nodes before 2026 lack it).
 */
export async function fetchNodeConfig(
  up: UpstreamReader,
  chainId: bigint,
  hardfork: string | undefined,
): Promise<unknown> {
  if (hardfork !== undefined || knownChains.has(chainId)) return undefined;
  try {
    return await up.call('eth_config', []);
  } catch {
    return undefined;
  }
}

/** The chain id the upstream answers (eth_chainId), as a bigint. */
export function chainIdOf(answer: unknown): bigint {
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]+$/.test(answer))
    throw new UpstreamError(
      `the upstream's eth_chainId answer ${JSON.stringify(answer)} is not a hex quantity`,
    );
  return BigInt(answer);
}

/** The upstream's reader type, re-exported for the modules that only load blocks. */
export type { UpstreamReader };
