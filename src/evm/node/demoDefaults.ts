import { encodeCallHex } from './abi.ts';
import type { DemoChain } from './buildDemoChain.ts';
import { demoAccounts } from './demoAccounts.ts';
import { toQuantity } from './hex.ts';

/** Ready-to-use request values for the demo chain, so every template gives meaningful output in one click. */
export interface DemoDefaults {
  /** CallProbe.run(7): CALL, DELEGATECALL, STATICCALL, CREATE, CREATE2, SLOAD/SSTORE, logs, value transfer. */
  txHash: string;
  /** Block 2: five transactions, including a revert with a reason string. */
  blockNumber: string;
  blockHash: string;
  /** A transaction in that block that reverts (`Reverter: value must be below 10`). */
  revertTxHash: string;
  /** For debug_traceCall / eth_call: bob transfers 10 DEMO to carol. */
  call: { from: string; to: string; data: string; gas: string };
  /** Block tag for the call. */
  callBlock: 'latest';
  /** The funded accounts (name → address). */
  accounts: Record<string, string>;
  /** The deployed contracts (name → address). */
  contracts: Record<string, string>;
}

/** Builds {@link DemoDefaults} from the demo chain (all values are the same on every start). */
export function buildDemoDefaults(demo: DemoChain): DemoDefaults {
  const block = demo.chain.blockByNumber(2n)!;
  const c = demo.contracts;
  return {
    txHash: demo.probeTxHash,
    blockNumber: toQuantity(block.number),
    blockHash: block.hash,
    revertTxHash: demo.revertTxHash,
    call: {
      from: demoAccounts.bob.address.toString(),
      to: c.token.toString(),
      data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [
        demoAccounts.carol.address.toString(),
        10n * 10n ** 18n,
      ]),
      gas: toQuantity(200_000n),
    },
    callBlock: 'latest',
    accounts: Object.fromEntries(Object.values(demoAccounts).map((a) => [a.name, a.address.toString()])),
    contracts: Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.toString()])),
  };
}
