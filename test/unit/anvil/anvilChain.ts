import { bytesToHex } from '@ethereumjs/util';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { rpc } from '../../helpers/nodes.ts';

/** One JSON-RPC answer as it came: a result or an error. */
export type RawAnswer =
  { result: unknown; error?: undefined } | { result?: undefined; error: { code: number; message: string } };

let nextId = 1;

/** Sends one request and returns the answer's `result` or `error`, whichever came. */
export async function rawRpc(url: string, method: string, params: unknown[]): Promise<RawAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = (await res.json()) as RawAnswer;
  return body.error ? { error: body.error } : { result: body.result };
}

/** The transactions the anvil tests trace: the demo chain's interesting ones, run on anvil. */
export interface AnvilTransactions {
  /** DemoToken.transfer: one LOG3 (Transfer), two SSTOREs. */
  transfer: string;
  /** CallProbe.run(7) with value: CALL, DELEGATECALL, STATICCALL, CREATE, CREATE2, storage and logs. */
  probe: string;
  /** Reverter.check(42): reverts with Error(string). */
  revert: string;
  /** Reverter.tryCheck(99): an inner revert caught by the caller. */
  tryCheck: string;
  /** SelfDestructor.destroy(bob): SELFDESTRUCT with 1 ether. */
  selfdestruct: string;
}

/** The demo chain's contracts (src/evm/contracts) deployed on anvil, and the calls of the demo chain made to them. */
export async function runDemoTransactions(url: string): Promise<AnvilTransactions> {
  const [alice, bob, carol, dave] = (await rpc(url, 'eth_accounts')) as string[];
  const ether = 10n ** 18n;
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  async function send(tx: Record<string, string>): Promise<{ hash: string; contract: string }> {
    const hash = (await rpc(url, 'eth_sendTransaction', [tx])) as string;
    for (let i = 0; i < 200; i++) {
      const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as {
        contractAddress: string | null;
      } | null;
      if (receipt) return { hash, contract: receipt.contractAddress ?? '' };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`anvil did not mine ${hash}`);
  }
  const deploy = async (data: Uint8Array, value?: bigint) =>
    (
      await send({
        from: alice,
        data: bytesToHex(data),
        gas: hex(2_000_000n),
        ...(value ? { value: hex(value) } : {}),
      })
    ).contract;
  const token = await deploy(encodeDeploy('DemoToken', [1_000_000n * ether]));
  const probeLogic = await deploy(encodeDeploy('ProbeLogic'));
  const callProbe = await deploy(encodeDeploy('CallProbe', [probeLogic as `0x${string}`]));
  const reverter = await deploy(encodeDeploy('Reverter'));
  const selfDestructor = await deploy(encodeDeploy('SelfDestructor'), ether);
  const address = (a: string) => a as `0x${string}`;
  return {
    transfer: (
      await send({
        from: alice,
        to: token,
        data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [address(bob), 1000n * ether]),
      })
    ).hash,
    probe: (
      await send({
        from: bob,
        to: callProbe,
        data: encodeCallHex('CallProbe', 'run(uint256)', [7n]),
        value: hex(10n ** 15n),
      })
    ).hash,
    revert: (
      await send({
        from: carol,
        to: reverter,
        data: encodeCallHex('Reverter', 'check(uint256)', [42n]),
        gas: hex(100_000n),
      })
    ).hash,
    tryCheck: (
      await send({ from: dave, to: reverter, data: encodeCallHex('Reverter', 'tryCheck(uint256)', [99n]) })
    ).hash,
    selfdestruct: (
      await send({
        from: alice,
        to: selfDestructor,
        data: encodeCallHex('SelfDestructor', 'destroy(address)', [address(bob)]),
      })
    ).hash,
  };
}
