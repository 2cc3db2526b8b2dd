import type { Block, HeaderData } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { Log } from '@ethereumjs/evm';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import type { Hex } from './hex.ts';

/** The receipt of a mined transaction. */
export interface MinedReceipt {
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  logs: Log[];
  logsBloom: Uint8Array;
  contractAddress?: Address;
  effectiveGasPrice: bigint;
}

/** A transaction included in a block of the embedded chain. */
export interface MinedTx {
  tx: TypedTransaction;
  hash: Hex;
  from: Address;
  blockNumber: bigint;
  blockHash: Hex;
  index: number;
  receipt: MinedReceipt;
}

/** One block with its transactions and the (frozen, never mutated) state after it. */
export interface ChainBlock {
  block: Block;
  hash: Hex;
  number: bigint;
  txs: MinedTx[];
  stateAfter: SyncStateManager;
}

/** Header fields a caller may fix for the next mined block (the rest follow from the parent). */
export interface NextBlockOptions {
  header?: HeaderData;
}

/** The in-memory chain: blocks, lookups, and mining on top of the head. */
export interface Chain {
  readonly common: Common;
  readonly blocks: readonly ChainBlock[];
  head(): ChainBlock;
  blockByNumber(n: bigint): ChainBlock | undefined;
  blockByHash(hash: string): ChainBlock | undefined;
  txByHash(hash: string): MinedTx | undefined;
  /** A fresh, independent copy of the state after block `n` (to run or trace on). */
  stateAfter(n: bigint): SyncStateManager;
  /** A VM on `state` whose BLOCKHASH sees this chain's blocks. */
  createVm(state: SyncStateManager): Promise<VM>;
  /** Executes `txs` on the head state and appends the block; a tx that cannot be included rejects (nothing is added). */
  mine(txs: TypedTransaction[], options?: NextBlockOptions): Promise<ChainBlock>;
  /** Time settings the next mined block takes (dev controls: evm_setNextBlockTimestamp, evm_increaseTime). */
  readonly nextTime: NextBlockTime;
  /**
   * Makes `head` the head (dev controls): a block this chain holds, or one with the same header and another state
   * (anvil_setBalance…); the blocks after it are dropped.
   */
  resetHead(head: ChainBlock): void;
  /** Calls `listener` with each block mined after this call (filters and subscriptions); returns the remover. */
  onBlock(listener: (block: ChainBlock) => void): () => void;
}

/** What sets the next block's timestamp; both are cleared once a block is mined. */
export interface NextBlockTime {
  /** The exact timestamp of the next block. */
  timestamp?: bigint;
  /** Seconds added to the next block's usual timestamp (the parent's plus the block time). */
  shift: bigint;
}
