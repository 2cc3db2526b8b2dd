import { createBlock } from '@ethereumjs/block';
import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { createTxFromRPC } from '@ethereumjs/tx';
import type { TypedTransaction } from '@ethereumjs/tx';
import {
  bigIntToBytes,
  bytesToHex,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
} from '@ethereumjs/util';
import { createVM, runTx } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import type { TraceRun } from '../host/traceTypes.ts';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import { applyStateAnswers, stateRequests, type RpcCall } from '../../core/upstream/stateRequests.ts';
import {
  type StateMiss,
  type UpstreamState,
  createUpstreamState,
  dedupeMisses,
} from '../../core/upstream/upstreamState.ts';
import { SpeculativeStateManager } from './SpeculativeStateManager.ts';
import { fetchAncestorHashes } from './fetchAncestorHashes.ts';
import { upstreamBlockHeader } from './upstreamBlockHeader.ts';
import { upstreamCommon } from './upstreamCommon.ts';

/** What the trace needs from an upstream node (see src/io/upstream/createUpstreamClient.ts). */
export interface UpstreamReader {
  call(method: string, params: unknown[]): Promise<unknown>;
  batch(calls: readonly RpcCall[]): Promise<unknown[]>;
}

/** geth's tracer Context of a mined transaction. */
export type TxContext = { blockHash: Uint8Array; txIndex: number; txHash: Uint8Array };

/** Options of {@link traceUpstreamTx}. */
export interface UpstreamTraceOptions {
  txHash: string;
  /** Runs the tracer (JS, struct logger…) on a VM at the transaction's pre-state. */
  trace(run: TraceRun, context: TxContext): Promise<unknown>;
  /** Overrides the fork the chain id or the header's shape gives. */
  hardfork?: string;
  /** State fetched before, by the parent block's hash (a reorganised head has another hash, so it cannot mix in). */
  cache?: Map<string, UpstreamState>;
  /** Gives up after this many state fetches (default 64). */
  maxFetches?: number;
}

/** The result, and what it cost. */
export interface UpstreamTraceReport {
  result: unknown;
  txIndex: number;
  blockNumber: bigint;
  hardfork: string;
  /** How the fork was chosen: a chain id, the header's shape, or --hardfork. */
  rulesFrom: string;
  /** Executions of the block prefix (speculative ones included). */
  runs: number;
  /** State fetches (each one batch, or one wave of single requests). */
  stateFetches: number;
  accounts: number;
  slots: number;
}

const historyStorage = createAddressFromString('0x0000f90827f1c53a10cb7a02335b175320002935');
const beaconRoots = createAddressFromString('0x000f3df6d732807ef1319fb7b8bb8522d0beac02');
const zeroHash = new Uint8Array(32);

function obj(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new UpstreamError(`the upstream's ${what} is not an object`);
  return v as Record<string, unknown>;
}

/** The block's signed transactions up to `index`, rebuilt from their RPC objects and checked against their hashes. */
async function rebuildTxs(list: unknown[], index: number, common: Common): Promise<TypedTransaction[]> {
  const out: TypedTransaction[] = [];
  for (let i = 0; i <= index; i++) {
    const t = obj(list[i], `transaction #${i} of the block`);
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

/** geth's system calls at block start: the parent's hash (EIP-2935) and the beacon root (EIP-4788) stored. */
async function blockStartSystemCalls(vm: VM, block: Block): Promise<void> {
  const common = vm.common;
  const sm = vm.stateManager;
  const { number, timestamp, parentHash, parentBeaconBlockRoot } = block.header;
  if (common.isActivatedEIP(4788) && parentBeaconBlockRoot && (await sm.getCode(beaconRoots)).length > 0) {
    const index = timestamp % 8191n;
    await sm.putStorage(beaconRoots, setLengthLeft(bigIntToBytes(index), 32), bigIntToBytes(timestamp));
    await sm.putStorage(beaconRoots, setLengthLeft(bigIntToBytes(index + 8191n), 32), parentBeaconBlockRoot);
  }
  if (common.isActivatedEIP(2935) && (await sm.getCode(historyStorage)).length > 0)
    await sm.putStorage(historyStorage, setLengthLeft(bigIntToBytes((number - 1n) % 8191n), 32), parentHash);
}

/**
 * After a state fetch failed: an UpstreamError saying the block or its parent was reorganised away, when the upstream
 * no longer has one of them by hash (a node answers state at a vanished hash like pruned state); else undefined.
 */
async function reorganisedAway(
  up: UpstreamReader,
  blockHash: string,
  parentHash: string,
): Promise<UpstreamError | undefined> {
  let answers: unknown[];
  try {
    answers = await up.batch([
      { method: 'eth_getBlockByHash', params: [blockHash, false] },
      { method: 'eth_getBlockByHash', params: [parentHash, false] },
    ]);
  } catch {
    return undefined;
  }
  const gone = [blockHash, parentHash].filter((_, i) => answers[i] === null || answers[i] === undefined);
  if (gone.length === 0) return undefined;
  return new UpstreamError(
    `the upstream no longer has block ${gone[0]}${gone[0] === parentHash ? ' (the parent of the traced block)' : ''}: its chain was reorganised while fetching; trace the transaction again (it may be in another block now)`,
  );
}

/**
 * Traces a mined transaction of any node with standard methods only: the transaction and its block (full
 * transactions), then the state at the parent block, fetched as the runs need it. Each run executes the block's
 * earlier transactions (untraced) and then the traced one on a {@link SpeculativeStateManager}; a run that read
 * something not fetched yet is thrown away, what it missed is fetched in one batch, and it runs again. The tracer
 * runs only once the untraced run needs nothing more, and only a run with no miss gives the result, so a tracer never
 * sees a value that is not the upstream's. Rejects with an UpstreamError for what the upstream lacks, or with what
 * `trace` throws.
 */
export async function traceUpstreamTx(
  up: UpstreamReader,
  o: UpstreamTraceOptions,
): Promise<UpstreamTraceReport> {
  const [txAnswer, chainIdAnswer] = await up.batch([
    { method: 'eth_getTransactionByHash', params: [o.txHash] },
    { method: 'eth_chainId', params: [] },
  ]);
  if (txAnswer === null || txAnswer === undefined)
    throw new UpstreamError(`transaction ${o.txHash} not found on the upstream`);
  const t = obj(txAnswer, 'eth_getTransactionByHash answer');
  if (typeof t.blockHash !== 'string' || t.blockNumber === null)
    throw new UpstreamError(`transaction ${o.txHash} is not mined yet`);
  const blockAnswer = await up.call('eth_getBlockByHash', [t.blockHash, true]);
  if (blockAnswer === null)
    throw new UpstreamError(`the upstream has no block ${t.blockHash} (reorganised away?)`);
  const blockJson = obj(blockAnswer, 'block');
  const list = Array.isArray(blockJson.transactions) ? blockJson.transactions : [];
  const index = list.findIndex((x) => obj(x, 'transaction').hash === t.hash);
  if (index < 0) throw new UpstreamError(`block ${t.blockHash} does not list transaction ${o.txHash}`);
  const rules = upstreamCommon(BigInt(chainIdAnswer as string), blockJson, o.hardfork);
  const common = rules.common;
  const block = createBlock({ header: upstreamBlockHeader(blockJson, common) }, { common });
  const txs = await rebuildTxs(list, index, common);
  const parentHash = String(blockJson.parentHash);
  const state = o.cache?.get(parentHash) ?? createUpstreamState();
  o.cache?.set(parentHash, state);
  const parentNumber = block.header.number - 1n;
  state.hashes.set(parentNumber, parentHash);
  const at = { blockHash: parentHash };
  const context: TxContext = {
    blockHash: hexToBytes(t.blockHash as `0x${string}`),
    txIndex: index,
    txHash: txs[index].hash(),
  };

  let runs = 0;
  let stateFetches = 0;
  const fetched = { accounts: 0, slots: 0 };
  const fetch = async (misses: StateMiss[]) => {
    if (++stateFetches > (o.maxFetches ?? 64))
      throw new UpstreamError(
        `gave up after ${o.maxFetches ?? 64} state fetches (the runs keep needing more state)`,
      );
    const all = dedupeMisses(misses);
    const wanted = all.filter((m) => m.kind !== 'blockhash');
    const numbers = all.flatMap((m) => (m.kind === 'blockhash' ? [m.number] : []));
    if (numbers.length > 0)
      await fetchAncestorHashes(
        up,
        state.hashes,
        parentNumber,
        numbers.reduce((a, b) => (a < b ? a : b)),
      );
    try {
      if (wanted.length > 0) applyStateAnswers(state, wanted, await up.batch(stateRequests(wanted, at)));
    } catch (e) {
      throw (await reorganisedAway(up, t.blockHash as string, parentHash)) ?? e;
    }
    for (const m of wanted)
      if (m.kind === 'account') fetched.accounts++;
      else if (m.kind === 'storage') fetched.slots++;
  };
  let untracedClean = false;
  for (;;) {
    runs++;
    const sm = new SpeculativeStateManager(state, { common });
    const blockchain = {
      getBlock: async (n: number | bigint) => {
        const hash = state.hashes.get(BigInt(n));
        if (hash === undefined) sm.misses.push({ kind: 'blockhash', number: BigInt(n) });
        return { hash: () => (hash === undefined ? zeroHash : hexToBytes(hash as `0x${string}`)) };
      },
      putBlock: async () => {},
      shallowCopy() {
        return this;
      },
    };
    const vm = await createVM({ common: common.copy(), stateManager: sm, blockchain: blockchain as never });
    await blockStartSystemCalls(vm, block);
    let prefixFailed: unknown;
    for (let i = 0; i < index && prefixFailed === undefined; i++) {
      try {
        await runTx(vm, { tx: txs[i], block, skipHardForkValidation: true });
      } catch (e) {
        prefixFailed = e;
        if (sm.misses.length === 0)
          throw new UpstreamError(
            `transaction #${i} of the block does not run here (${(e as Error).message.split('\n')[0]}): the rules (${rules.hardfork}, from ${rules.source}) differ from the upstream's; try --hardfork`,
          );
      }
    }
    if (sm.misses.length > 0) {
      await fetch(sm.misses);
      continue;
    }
    if (!untracedClean) {
      // The traced transaction untraced first: the tracer then runs once the EVM's own reads are all fetched.
      try {
        await runTx(vm, { tx: txs[index], block, skipHardForkValidation: true });
      } catch {
        // A failure with nothing missing is the transaction's own; the traced run reports it.
      }
      if (sm.misses.length > 0) await fetch(sm.misses);
      else untracedClean = true;
      continue;
    }
    let result: unknown;
    let failure: unknown;
    try {
      result = await o.trace({ vm, tx: txs[index], block }, context);
    } catch (e) {
      failure = e;
    }
    if (sm.misses.length > 0) {
      await fetch(sm.misses);
      continue;
    }
    if (failure !== undefined) throw failure;
    return {
      result,
      txIndex: index,
      blockNumber: block.header.number,
      hardfork: rules.hardfork,
      rulesFrom: rules.source,
      runs,
      stateFetches,
      accounts: fetched.accounts,
      slots: fetched.slots,
    };
  }
}
