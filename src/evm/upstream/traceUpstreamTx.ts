import type { TypedTransaction } from '@ethereumjs/tx';
import { hexToBytes } from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import type { Block } from '@ethereumjs/block';
import type { TraceRun } from '../host/traceTypes.ts';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import { type UpstreamState, createUpstreamState } from '../../core/upstream/upstreamState.ts';
import {
  type UpstreamBlock,
  chainIdOf,
  fetchNodeConfig,
  loadUpstreamBlock,
  upstreamObject,
} from './loadUpstreamBlock.ts';
import { type SpeculationCost, runSpeculatively, speculativeVm } from './runSpeculatively.ts';
import { prestateCall, seedFromPrestate } from '../../core/upstream/prestateSeed.ts';
import type { SpeculativeStateManager } from './SpeculativeStateManager.ts';

/** What the trace needs from an upstream node (see src/io/upstream/createUpstreamClient.ts). */
export interface UpstreamReader {
  call(method: string, params: unknown[]): Promise<unknown>;
  batch(calls: readonly RpcCall[]): Promise<unknown[]>;
}

/** geth's tracer Context of a mined transaction. */
export type TxContext = { blockHash: Uint8Array; txIndex: number; txHash: Uint8Array };

/**
 * State fetched before, by the hash of the block it was read at (a reorganised head has another hash, so it cannot
 * mix in). A Map, or anything with its get/set (a bounded cache).
 */
export type UpstreamStateCache = Pick<Map<string, UpstreamState>, 'get' | 'set'>;

/** Options of {@link traceUpstreamTx}. */
export interface UpstreamTraceOptions {
  txHash: string;
  /** Runs the tracer (JS, struct logger…) on a VM at the transaction's pre-state. */
  trace(run: TraceRun, context: TxContext): Promise<unknown>;
  /** Overrides the fork the chain id or the header's shape gives. */
  hardfork?: string;
  cache?: UpstreamStateCache;
  /** Blocks rebuilt before, by hash and hardfork (kept across traces by a trace process). */
  blocks?: Pick<Map<string, UpstreamBlock>, 'get' | 'set'>;
  /** States before a transaction (`blockHash#index`), kept after a complete traced run: a warm trace skips the prefix. */
  snapshots?: Pick<Map<string, SpeculativeStateManager>, 'get' | 'set'>;
  /** Gives up after this many state fetches (default 64). */
  maxFetches?: number;
  /**
   * Try the upstream's built-in prestateTracer first (see {@link tracePrestateFirst}); `offered` is set to false once
   * the upstream refuses or ignores it, so a caller that keeps this object across traces asks only once.
   * Absent: standard methods only.
   */
  prestate?: PrestateSource;
}

/** Whether the upstream serves geth's built-in prestateTracer (undefined: not asked yet). */
export interface PrestateSource {
  offered?: boolean;
}

/** The result, and what it cost. */
export interface UpstreamTraceReport extends SpeculationCost {
  result: unknown;
  txIndex: number;
  blockNumber: bigint;
  hardfork: string;
  /** How the fork was chosen: a chain id, the header's shape, or --hardfork. */
  rulesFrom: string;
  /** Where the state came from: the upstream's prestateTracer, or standard methods (eth_getBalance…). */
  source: 'prestateTracer' | 'standard methods';
}

/** The state cached for `key`, or a new one stored under it; `warm` when it was there. */
export function cachedState(
  cache: UpstreamStateCache | undefined,
  key: string,
): { state: UpstreamState; warm: boolean } {
  const found = cache?.get(key);
  if (found) return { state: found, warm: true };
  const state = createUpstreamState();
  cache?.set(key, state);
  return { state, warm: false };
}

/**
 * Runs the block's transactions `[0, count)` untraced on `vm`. A failure with nothing missing means the rules differ
 * from the upstream's (an UpstreamError); a failure while state is missing is speculative, and ends the prefix.
 */
export async function runBlockPrefix(
  vm: VM,
  sm: SpeculativeStateManager,
  txs: readonly TypedTransaction[],
  count: number,
  b: Pick<UpstreamBlock, 'block' | 'rules'>,
): Promise<boolean> {
  for (let i = 0; i < count; i++) {
    try {
      await runTx(vm, { tx: txs[i], block: b.block as Block, skipHardForkValidation: true });
    } catch (e) {
      if (sm.misses.length > 0) return false;
      throw new UpstreamError(
        `transaction #${i} of the block does not run here (${(e as Error).message.split('\n')[0]}): the rules (${b.rules.hardfork}, from ${b.rules.source}) differ from the upstream's; try --hardfork`,
      );
    }
  }
  return true;
}

/**
 * Traces a mined transaction of any node with standard methods only: the transaction and its block (full
 * transactions), then the state at the parent block, fetched as the runs need it (runSpeculatively): each run executes
 * the block's earlier transactions (untraced) and then the traced one, so a transaction in the middle of a block sees
 * the state after the ones before it. Rejects with an UpstreamError for what the upstream lacks, or with what `trace`
 * throws.
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
  const t = upstreamObject(txAnswer, 'eth_getTransactionByHash answer');
  if (typeof t.blockHash !== 'string' || t.blockNumber === null)
    throw new UpstreamError(`transaction ${o.txHash} is not mined yet`);
  // A block by hash never changes: rebuilt once (transactions, their senders recovered once) per trace process.
  const blockKey = `${String(t.blockHash).toLowerCase()}|${o.hardfork ?? ''}`;
  let b = o.blocks?.get(blockKey);
  if (!b) {
    const blockAnswer = await up.call('eth_getBlockByHash', [t.blockHash, true]);
    if (blockAnswer === null)
      throw new UpstreamError(`the upstream has no block ${t.blockHash} (reorganised away?)`);
    const chainId = chainIdOf(chainIdAnswer);
    const nodeConfig = await fetchNodeConfig(up, chainId, o.hardfork);
    b = await loadUpstreamBlock(blockAnswer, chainId, { hardfork: o.hardfork, nodeConfig });
    o.blocks?.set(blockKey, b);
  }
  const index = b.txHashes.indexOf(String(t.hash).toLowerCase());
  if (index < 0) throw new UpstreamError(`block ${t.blockHash} does not list transaction ${o.txHash}`);
  const context: TxContext = {
    blockHash: hexToBytes(b.hash as `0x${string}`),
    txIndex: index,
    txHash: b.txs[index].hash(),
  };
  const report = {
    txIndex: index,
    blockNumber: b.number,
    hardfork: b.rules.hardfork,
    rulesFrom: b.rules.source,
  };
  // State fetched for this block before (warm) costs no request: the prestate is asked only for a cold block.
  if (o.prestate && o.prestate.offered !== false && !o.cache?.get(b.parentHash)) {
    const first = await tracePrestateFirst(up, o, b, index, context);
    if (first) return { ...report, ...first, source: 'prestateTracer' };
  }
  const { state, warm } = cachedState(o.cache, b.parentHash);
  // The state before this transaction, kept by an earlier trace of it: only the traced transaction runs again.
  const snapshotKey = `${b.hash}#${index}`;
  const start = warm ? o.snapshots?.get(snapshotKey) : undefined;
  let before: SpeculativeStateManager | undefined;
  const block = b;
  const { value, cost } = await runSpeculatively(
    {
      up,
      common: b.rules.common,
      state,
      stateAt: b.parentHash,
      block: b.block,
      blockHash: b.hash,
      maxFetches: o.maxFetches,
      warm,
      start,
    },
    async (vm, sm, traced) => {
      if (!start && !(await runBlockPrefix(vm, sm, block.txs, index, block))) return undefined;
      if (!traced) {
        await runTx(vm, { tx: block.txs[index], block: block.block, skipHardForkValidation: true });
        return undefined;
      }
      before = start ? undefined : sm.copy();
      return o.trace({ vm, tx: block.txs[index], block: block.block }, context);
    },
  );
  // Only from a run that missed nothing: its state before the transaction is complete for what it read.
  if (before) o.snapshots?.set(snapshotKey, before);
  return { ...report, result: value, ...cost, source: 'standard methods' };
}

/**
 * The cheap way, when the upstream serves geth's built-in prestateTracer: one call gives every account and slot the
 * transaction touches as they were just before it, so the traced transaction runs once, alone, on that state (the
 * block's earlier transactions and start are already in it). Undefined, for the caller to read state with standard
 * methods instead, when the upstream refuses or ignores prestateTracer (then `o.prestate.offered` becomes false), or
 * when the run read anything the prestate does not list (an account only the tracer's `db.*` reads, BLOCKHASH): the
 * prestate is the state before this transaction, and what it omits may have been changed by the block's earlier
 * transactions, so it is never filled in from the parent block.
 */
async function tracePrestateFirst(
  up: UpstreamReader,
  o: UpstreamTraceOptions,
  b: UpstreamBlock,
  index: number,
  context: TxContext,
): Promise<(SpeculationCost & { result: unknown }) | undefined> {
  const key = `${b.hash}#${index}`;
  let seed = o.cache?.get(key);
  if (!seed) {
    let answer: unknown;
    try {
      const call = prestateCall(b.txHashes[index]);
      answer = await up.call(call.method, call.params);
    } catch {
      o.prestate!.offered = false;
      return undefined;
    }
    seed = seedFromPrestate(answer);
    if (!seed) {
      o.prestate!.offered = false;
      return undefined;
    }
    // BLOCKHASH of the parent is known from the header; older ones are misses (the standard path fetches them).
    seed.hashes.set(b.number - 1n, b.parentHash);
    o.cache?.set(key, seed);
  }
  o.prestate!.offered = true;
  const { vm, sm } = await speculativeVm(seed, b.rules.common);
  let result: unknown;
  let failure: unknown;
  try {
    result = await o.trace({ vm, tx: b.txs[index], block: b.block }, context);
  } catch (e) {
    failure = e;
  }
  if (sm.misses.length > 0) return undefined;
  if (failure !== undefined) throw failure;
  return { result, runs: 1, stateFetches: 1, accounts: seed.accounts.size, slots: seed.storage.size };
}
