import { createBlock } from '@ethereumjs/block';
import type { Block, HeaderData } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { createTxFromRLP } from '@ethereumjs/tx';
import type { TypedTransaction } from '@ethereumjs/tx';
import { hexToBytes } from '@ethereumjs/util';
import { createVM } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import { createSyncStateManager } from '../state/createSyncStateManager.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import { createFixtureCommon, isMerged } from './createFixtureCommon.ts';
import type { Fixture } from '../../core/fixture/fixtureTypes.ts';

/** A fixture ready to run: VM on the pre-state, the decoded tx, the block built from `context`. */
export interface FixtureRun {
  common: Common;
  vm: VM;
  state: SyncStateManager;
  tx: TypedTransaction;
  block: Block;
  header: HeaderData;
}

/** Header of the genesis block (the parent of the traced block), as the node's fixture chain shows it. */
export function fixtureGenesisHeader(f: Fixture, common: Common): HeaderData {
  const g = f.genesis;
  return {
    number: f.context.number - 1n,
    timestamp: g.timestamp,
    difficulty: isMerged(f.genesis.config) ? 0n : g.difficulty,
    gasLimit: g.gasLimit,
    // Clique genesis blocks carry signer lists (> 32 bytes) that @ethereumjs refuses outside PoA; nothing reads them.
    extraData: (g.extraData.length <= 66 ? g.extraData : '0x') as `0x${string}`,
    mixHash: g.mixHash as `0x${string}`,
    ...(common.isActivatedEIP(1559)
      ? { baseFeePerGas: g.baseFeePerGas ?? f.context.baseFeePerGas ?? 0n }
      : {}),
    ...(common.isActivatedEIP(4844)
      ? { excessBlobGas: g.excessBlobGas ?? 0n, blobGasUsed: g.blobGasUsed ?? 0n }
      : {}),
  };
}

/**
 * The traced block's header from `context` (geth's toBlockContext): coinbase = miner, baseFee only when London is
 * active, mixHash as prevRandao when merged, blob gas derived from the genesis' excess/used blob gas.
 */
export function fixtureBlockHeader(f: Fixture, common: Common): HeaderData {
  const c = f.context;
  const merged = isMerged(f.genesis.config);
  const header: HeaderData = {
    number: c.number,
    timestamp: c.timestamp,
    difficulty: merged ? 0n : c.difficulty,
    gasLimit: c.gasLimit,
    coinbase: c.miner as `0x${string}`,
    mixHash: merged ? (f.genesis.mixHash as `0x${string}`) : undefined,
  };
  if (common.isActivatedEIP(1559)) header.baseFeePerGas = c.baseFeePerGas ?? 0n;
  if (common.isActivatedEIP(4844)) {
    const parent = createBlock({ header: fixtureGenesisHeader(f, common) }, { common }).header;
    header.excessBlobGas = parent.calcNextExcessBlobGas(common);
    header.blobGasUsed = 0n;
  }
  if (common.isActivatedEIP(4788)) header.parentBeaconBlockRoot = new Uint8Array(32);
  return header;
}

/** Decodes the fixture's signed transaction (legacy RLP or typed envelope) with a clear error. */
export function decodeFixtureTx(f: Fixture, common: Common): TypedTransaction {
  try {
    return createTxFromRLP(hexToBytes(f.input as `0x${string}`), { common });
  } catch (e) {
    throw new Error(
      `fixture: cannot decode input as a signed transaction: ${(e as Error).message.split('\n')[0]}`,
      { cause: e },
    );
  }
}

/** Builds the VM, state, tx and block of a fixture (BLOCKHASH reads zero: geth's harness has no GetHash either). */
export async function buildFixtureRun(f: Fixture): Promise<FixtureRun> {
  const common = createFixtureCommon(f.genesis.config, f.context.number, f.context.timestamp);
  const state = createSyncStateManager({ common, alloc: f.genesis.alloc });
  const header = fixtureBlockHeader(f, common);
  const block = createBlock({ header }, { common });
  const tx = decodeFixtureTx(f, common);
  const blockchain = {
    getBlock: async () => ({ hash: () => new Uint8Array(32) }),
    putBlock: async () => {},
    shallowCopy() {
      return this;
    },
  };
  const vm = await createVM({ common, stateManager: state, blockchain });
  return { common, vm, state, tx, block, header };
}
