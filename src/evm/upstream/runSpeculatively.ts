import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import {
  bigIntToBytes,
  bytesToHex,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
} from '@ethereumjs/util';
import { createVM } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import { applyStateAnswers, stateRequests } from '../../core/upstream/stateRequests.ts';
import { type StateMiss, type UpstreamState, dedupeMisses } from '../../core/upstream/upstreamState.ts';
import { SpeculativeStateManager } from './SpeculativeStateManager.ts';
import { fetchAncestorHashes } from './fetchAncestorHashes.ts';
import type { UpstreamReader } from './traceUpstreamTx.ts';

/** Where the runs of {@link runSpeculatively} read their state and ancestors. */
export interface SpeculationSite {
  up: UpstreamReader;
  common: Common;
  /** What was fetched before at {@link stateAt} (filled by the runs). */
  state: UpstreamState;
  /** The block hash the state is read at. */
  stateAt: string;
  /** The block the runs execute in (its parent's hash is the newest ancestor known). */
  block: Block;
  /** The block's own hash, to tell a reorganised chain from a pruned node when a fetch fails. */
  blockHash: string;
  /** Gives up after this many state fetches (default 64). */
  maxFetches?: number;
  /**
   * The state was fetched for an earlier trace of this block: the first run is traced at once (an untraced first run
   * saves tracer work only while state is still missing).
   */
  warm?: boolean;
  /**
   * Run the block's start (system calls) first: true (default) when the state is the parent's; false when it is the
   * state after the block itself (debug_traceCall at a block).
   */
  systemCalls?: boolean;
  /**
   * Start each run from this state (forked) instead of an empty one: a snapshot taken by an earlier trace, with the
   * block's start and earlier transactions already applied (so no system calls run). Reads of what it lacks still go
   * to {@link state}.
   */
  start?: SpeculativeStateManager;
}

/** What the runs cost. */
export interface SpeculationCost {
  /** Executions (speculative ones included). */
  runs: number;
  /** State fetches (each one batch, or one wave of single requests). */
  stateFetches: number;
  accounts: number;
  slots: number;
}

/** One run: a fresh VM on the fetched state; `traced` says whether the tracer runs (else the work runs untraced). */
export type SpeculativeWork<T> = (vm: VM, sm: SpeculativeStateManager, traced: boolean) => Promise<T>;

const historyStorage = createAddressFromString('0x0000f90827f1c53a10cb7a02335b175320002935');
const beaconRoots = createAddressFromString('0x000f3df6d732807ef1319fb7b8bb8522d0beac02');
const zeroHash = new Uint8Array(32);

/** geth's system calls at block start: the parent's hash (EIP-2935) and the beacon root (EIP-4788) stored. */
export async function blockStartSystemCalls(vm: VM, block: Block): Promise<void> {
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
 * A VM over a fresh {@link SpeculativeStateManager} on `state`, whose BLOCKHASH reads `state.hashes` (a hash not
 * there is a miss, read as zero meanwhile).
 */
export async function speculativeVm(
  state: UpstreamState,
  common: Common,
  start?: SpeculativeStateManager,
): Promise<{ vm: VM; sm: SpeculativeStateManager }> {
  const sm = start ? start.fork() : new SpeculativeStateManager(state, { common });
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
  return { vm, sm };
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
 * Runs `work` on a fresh VM over a {@link SpeculativeStateManager} until a run needs nothing the upstream has not
 * answered: a run that read something missing is thrown away, what it missed is fetched in one batch (ancestor hashes
 * too), and it runs again. First untraced, until the EVM's own reads are all fetched (a tracer then runs once, not
 * once per missing wave); then traced, and only a traced run with no miss gives the value, so a tracer never sees a
 * value that is not the upstream's. An UpstreamError of an untraced run with nothing missing is thrown (the rules do
 * not fit); any other failure of it is the work's own, which the traced run reports.
 */
export async function runSpeculatively<T>(
  site: SpeculationSite,
  work: SpeculativeWork<T>,
): Promise<{ value: T; cost: SpeculationCost }> {
  const { up, state, block } = site;
  const parentHash = bytesToHex(block.header.parentHash);
  const parentNumber = block.header.number - 1n;
  state.hashes.set(parentNumber, parentHash);
  const at = { blockHash: site.stateAt };
  const cost: SpeculationCost = { runs: 0, stateFetches: 0, accounts: 0, slots: 0 };
  const maxFetches = site.maxFetches ?? 64;
  const fetch = async (misses: StateMiss[]) => {
    if (++cost.stateFetches > maxFetches)
      throw new UpstreamError(`gave up after ${maxFetches} state fetches (the runs keep needing more state)`);
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
      throw (await reorganisedAway(up, site.blockHash, parentHash)) ?? e;
    }
    for (const m of wanted)
      if (m.kind === 'account') cost.accounts++;
      else if (m.kind === 'storage') cost.slots++;
  };
  let traced = site.warm === true;
  for (;;) {
    cost.runs++;
    const { vm, sm } = await speculativeVm(state, site.common, site.start);
    let value: T | undefined;
    let failure: unknown;
    try {
      if (site.systemCalls !== false && !site.start) await blockStartSystemCalls(vm, block);
      value = await work(vm, sm, traced);
    } catch (e) {
      failure = e;
    }
    if (sm.misses.length > 0) {
      await fetch(sm.misses);
      continue;
    }
    if (!traced) {
      if (failure instanceof UpstreamError) throw failure;
      traced = true;
      continue;
    }
    if (failure !== undefined) throw failure;
    return { value: value as T, cost };
  }
}
