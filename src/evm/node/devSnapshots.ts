import type { Chain, ChainBlock, NextBlockTime } from './chainTypes.ts';

/** What evm_snapshot keeps: the head (its state is never mutated) and the pending time settings. */
interface Snapshot {
  head: ChainBlock;
  nextTime: NextBlockTime;
  timeOffset: bigint;
}

/** The dev-control state of one chain: its snapshots (by id) and the seconds evm_increaseTime has added. */
export interface DevState {
  snapshots: Map<bigint, Snapshot>;
  nextId: bigint;
  /** The sum of evm_increaseTime's seconds (what anvil answers it with). */
  timeOffset: bigint;
}

const states = new WeakMap<Chain, DevState>();

/** The dev-control state of `chain` (created on first use). */
export function devStateOf(chain: Chain): DevState {
  let s = states.get(chain);
  if (!s) states.set(chain, (s = { snapshots: new Map(), nextId: 0n, timeOffset: 0n }));
  return s;
}

/** anvil's evm_snapshot: ids count up from 0 and are never reused. */
export function takeSnapshot(chain: Chain): bigint {
  const s = devStateOf(chain);
  const id = s.nextId++;
  s.snapshots.set(id, { head: chain.head(), nextTime: { ...chain.nextTime }, timeOffset: s.timeOffset });
  return id;
}

/**
 * anvil's evm_revert: back to the snapshot's head and time settings; that snapshot and every later one are consumed.
 * False (nothing changes) for an id that is unknown or already consumed. Blocks before the snapshot's head, and so
 * the traces of their transactions, stay as they were.
 */
export function revertToSnapshot(chain: Chain, id: bigint): boolean {
  const s = devStateOf(chain);
  const snap = s.snapshots.get(id);
  if (!snap) return false;
  for (const other of [...s.snapshots.keys()]) if (other >= id) s.snapshots.delete(other);
  chain.resetHead(snap.head);
  chain.nextTime.timestamp = snap.nextTime.timestamp;
  chain.nextTime.shift = snap.nextTime.shift;
  s.timeOffset = snap.timeOffset;
  return true;
}
