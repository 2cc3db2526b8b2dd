import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '@ethereumjs/util';
import { type RunningServe, startServe } from '../../helpers/startServe.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';

// `tracer serve` (no --upstream) used as a dev node the way viem, ethers and cast do by default: accounts from the
// node, gas by eth_estimateGas, fees by eth_feeHistory / eth_maxPriorityFeePerGas, eth_sendTransaction, receipts.

let served: RunningServe;
let id = 1;

/** One JSON-RPC request over HTTP, as a client library sends it; the result, or a thrown error with geth's text. */
async function rpc(method: string, params: unknown[]): Promise<any> {
  const res = await fetch(served.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.code} ${body.error.message}`);
  return body.result;
}

beforeAll(async () => {
  served = await startServe([]);
}, 90_000);
afterAll(() => served?.stop());

/** What viem's prepareTransactionRequest does for a node account: estimate, then fees from the block and the tip. */
async function viemStyleSend(from: string, tx: { to?: string; data: string }): Promise<string> {
  const gas = await rpc('eth_estimateGas', [{ from, ...tx }]);
  const block = await rpc('eth_getBlockByNumber', ['latest', false]);
  const tip = BigInt(await rpc('eth_maxPriorityFeePerGas', []));
  const maxFee = (BigInt(block.baseFeePerGas) * 12n) / 10n + tip;
  return rpc('eth_sendTransaction', [
    {
      from,
      ...tx,
      gas,
      maxFeePerGas: '0x' + maxFee.toString(16),
      maxPriorityFeePerGas: '0x' + tip.toString(16),
    },
  ]);
}

/** What cast send --unlocked does: fees from eth_feeHistory, gas by estimate on pending, then send. */
async function castStyleSend(from: string, tx: { to?: string; data: string }): Promise<string> {
  const history = await rpc('eth_feeHistory', ['0xa', 'latest', [5]]);
  const nextBase = BigInt(history.baseFeePerGas[history.baseFeePerGas.length - 1]);
  const tips = (history.reward as string[][]).map((r) => BigInt(r[0]));
  const tip = tips.reduce((a, b) => (b > a ? b : a), 1n);
  const gas = await rpc('eth_estimateGas', [{ from, ...tx }, 'pending']);
  return rpc('eth_sendTransaction', [
    {
      from,
      ...tx,
      gas,
      maxFeePerGas: '0x' + (2n * nextBase + tip).toString(16),
      maxPriorityFeePerGas: '0x' + tip.toString(16),
    },
  ]);
}

describe('tracer serve as a dev node, driven as client libraries do by default', () => {
  it.each([
    ['viem', viemStyleSend, 42n],
    ['cast', castStyleSend, 7n],
  ])(
    '%s style: deploy from eth_accounts[0], send to the contract, read it back',
    async (_client, sendWith, value) => {
      const [from] = (await rpc('eth_accounts', [])) as string[];
      expect(from).toMatch(/^0x[0-9a-f]{40}$/);
      expect(await rpc('eth_chainId', [])).toBe('0x539');
      expect(await rpc('net_listening', [])).toBe(true);
      expect(await rpc('eth_syncing', [])).toBe(false);

      const deployHash = await sendWith(from, { data: bytesToHex(encodeDeploy('ProbeLogic')) });
      const deployed = await rpc('eth_getTransactionReceipt', [deployHash]);
      expect(deployed).toMatchObject({ status: '0x1', from, to: null, transactionHash: deployHash });
      const at = deployed.contractAddress as string;
      expect(await rpc('eth_getCode', [at, 'latest'])).not.toBe('0x');

      const recordHash = await sendWith(from, {
        to: at,
        data: encodeCallHex('ProbeLogic', 'record(uint256)', [value]),
      });
      const recorded = await rpc('eth_getTransactionReceipt', [recordHash]);
      expect(recorded).toMatchObject({ status: '0x1', from, to: at });
      const read = await rpc('eth_call', [
        { to: at, data: encodeCallHex('ProbeLogic', 'lastValue()') },
        'latest',
      ]);
      expect(BigInt(read)).toBe(value);
    },
    60_000,
  );

  it("reads events with eth_getLogs as getLogs / queryFilter do: a deployed token's Transfer events", async () => {
    const [from, to] = (await rpc('eth_accounts', [])) as string[];
    const deploy = await viemStyleSend(from, { data: bytesToHex(encodeDeploy('DemoToken', [1000n])) });
    const { contractAddress: token, blockNumber } = await rpc('eth_getTransactionReceipt', [deploy]);
    const send = await viemStyleSend(from, {
      to: token,
      data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [to as `0x${string}`, 5n]),
    });
    const receipts = [
      await rpc('eth_getTransactionReceipt', [deploy]),
      await rpc('eth_getTransactionReceipt', [send]),
    ];
    const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const logs = await rpc('eth_getLogs', [
      { address: token, fromBlock: blockNumber, toBlock: 'latest', topics: [transferTopic] },
    ]);
    expect(logs.map((l: { data: string }) => BigInt(l.data))).toEqual([1000n, 5n]);
    expect(logs.map(({ blockTimestamp: _, ...l }: Record<string, unknown>) => l)).toEqual(
      receipts.flatMap((r) => r.logs),
    );
    const toBob = await rpc('eth_getLogs', [
      {
        address: token,
        fromBlock: blockNumber,
        topics: [transferTopic, null, '0x' + to.slice(2).padStart(64, '0')],
      },
    ]);
    expect(toBob).toEqual([logs[1]]);
  });

  it('a reverting send fails at the estimate with the revert reason, as clients show it', async () => {
    const [, bob] = (await rpc('eth_accounts', [])) as string[];
    const reverter = '0x6dadb86c7a871e9dd3dec478eeb259801ed71fa5';
    await expect(
      rpc('eth_estimateGas', [
        { from: bob, to: reverter, data: encodeCallHex('Reverter', 'check(uint256)', [42n]) },
      ]),
    ).rejects.toThrow('eth_estimateGas: 3 execution reverted: Reverter: value must be below 10');
  });
});
