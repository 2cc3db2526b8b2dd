import { createBlock } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx, type TypedTransaction } from '@ethereumjs/tx';
import { createVM, type VM } from '@ethereumjs/vm';
import { Address, hexToBytes, privateToAddress, bytesToHex } from '@ethereumjs/util';
import type { GenesisAlloc } from '../../../src/core/fixture/fixtureTypes.ts';
import { createSyncStateManager } from '../../../src/evm/state/createSyncStateManager.ts';
import type { TraceRun } from '../../../src/evm/host/traceTypes.ts';

/** A fixed test key and its address. */
export const senderKey = hexToBytes(`0x${'11'.repeat(32)}`);
export const sender = new Address(privateToAddress(senderKey));
export const senderHex = bytesToHex(sender.bytes);

/** Address 0x00…00NN. */
export function addr(n: number): `0x${string}` {
  return `0x${n.toString(16).padStart(40, '0')}`;
}

export interface RunSpec {
  /** Code of the called contract (at `addr(0xc0de)` unless `create`). */
  code?: Uint8Array;
  /** Extra accounts. */
  alloc?: GenesisAlloc;
  /** Tx fields. */
  gasLimit?: bigint;
  gasPrice?: bigint;
  value?: bigint;
  data?: Uint8Array;
  to?: `0x${string}` | null;
  nonce?: bigint;
  hardfork?: string;
  blockNumber?: bigint;
  baseFee?: bigint;
  coinbase?: `0x${string}`;
  /** Block gas limit (default 30 M). */
  blockGasLimit?: bigint;
}

/** The called contract's address. */
export const target = addr(0xc0de);

/** Builds a VM with a SyncStateManager, a signed legacy tx and a block: a TraceRun ready to trace. */
export async function makeRun(spec: RunSpec = {}): Promise<TraceRun> {
  const hardfork = spec.hardfork ?? Hardfork.Cancun;
  const common = new Common({ chain: Mainnet, hardfork });
  const alloc: GenesisAlloc = {
    [senderHex]: { balance: '0x' + (10n ** 20n).toString(16) },
    ...(spec.code ? { [target]: { code: bytesToHex(spec.code) } } : {}),
    ...spec.alloc,
  };
  const stateManager = createSyncStateManager({ common, alloc });
  const vm: VM = await createVM({ common, stateManager });
  const tx: TypedTransaction = createLegacyTx(
    {
      nonce: spec.nonce ?? 0n,
      gasLimit: spec.gasLimit ?? 100_000n,
      gasPrice: spec.gasPrice ?? 100_000n,
      to: spec.to === null ? undefined : (spec.to ?? target),
      value: spec.value ?? 0n,
      data: spec.data ?? new Uint8Array(0),
    },
    { common },
  ).sign(senderKey);
  const block = createBlock(
    {
      header: {
        number: spec.blockNumber ?? 1n,
        gasLimit: spec.blockGasLimit ?? 30_000_000n,
        timestamp: 1n,
        coinbase: spec.coinbase ?? addr(0),
        baseFeePerGas: spec.baseFee ?? (common.isActivatedEIP(1559) ? 0n : undefined),
      },
    },
    { common },
  );
  return { vm, tx, block };
}
