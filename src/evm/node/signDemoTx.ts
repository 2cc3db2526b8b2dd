import { createFeeMarket1559Tx, createLegacyTx, createAccessList2930Tx } from '@ethereumjs/tx';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { Common } from '@ethereumjs/common';
import type { Address } from '@ethereumjs/util';
import type { DemoAccount } from './demoAccounts.ts';

/** Fields of a demo transaction; fees are fixed so the chain is deterministic. */
export interface DemoTxFields {
  to?: Address;
  data?: Uint8Array;
  value?: bigint;
  gasLimit?: bigint;
  /** 2 (EIP-1559, default), 1 (EIP-2930) or 0 (legacy, EIP-155). */
  type?: 0 | 1 | 2;
}

const gwei = 1_000_000_000n;

/** The unsigned demo transaction from `nonce` with `f`'s fields (the fees fixed). */
export function createDemoTx(common: Common, nonce: bigint, f: DemoTxFields): TypedTransaction {
  const base = { nonce, to: f.to, data: f.data, value: f.value ?? 0n, gasLimit: f.gasLimit ?? 1_000_000n };
  if (f.type === 0) return createLegacyTx({ ...base, gasPrice: 5n * gwei }, { common });
  if (f.type === 1)
    return createAccessList2930Tx({ ...base, gasPrice: 5n * gwei, accessList: [] }, { common });
  return createFeeMarket1559Tx(
    { ...base, maxFeePerGas: 10n * gwei, maxPriorityFeePerGas: 1n * gwei },
    { common },
  );
}

/** Signs a demo transaction from `sender` with `nonce`, tracking nothing: the caller counts nonces. */
export function signDemoTx(
  common: Common,
  sender: DemoAccount,
  nonce: bigint,
  f: DemoTxFields,
): TypedTransaction {
  return createDemoTx(common, nonce, f).sign(sender.privateKey);
}
