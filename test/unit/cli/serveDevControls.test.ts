import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { type RunningServe, startServe } from '../../helpers/startServe.ts';

// `tracer serve` runs traces in its trace processes, each on its own copy of the chain: the dev controls a client
// sends to the server must reach them (journaled, in order), or traces would run on another chain.

const alice = demoAccounts.alice.address.toString();
const bob = demoAccounts.bob.address.toString();
const target = '0x00000000000000000000000000000000000c0de5';
/** Runtime code that returns the word 42. */
const returns42 = '0x602a60005260206000f3';
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;

let served: RunningServe;
beforeAll(async () => {
  served = await startServe([]);
}, 90_000);
afterAll(() => served?.stop());

async function rpc(method: string, params: unknown[]): Promise<any> {
  const r = await served.call(method, params);
  if (r.error) throw new Error(`${method}: ${r.error.message}`);
  return r.result;
}

const opts = { timeout: 60_000 };

describe('dev controls reach the trace processes of tracer serve', () => {
  it('code set by anvil_setCode runs in the trace of a transaction to it', opts, async () => {
    expect(await rpc('anvil_setCode', [target, returns42])).toBeNull();
    const hash = await rpc('eth_sendTransaction', [{ from: alice, to: target }]);
    const trace = await rpc('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    expect(trace).toMatchObject({ from: alice, to: target, output: word(42n), type: 'CALL' });
  });

  it('a balance set by hardhat_setBalance is the pre-state prestateTracer shows', opts, async () => {
    const balance = 12_345n * 10n ** 18n;
    await rpc('hardhat_setBalance', [bob, `0x${balance.toString(16)}`]);
    const hash = await rpc('eth_sendTransaction', [{ from: bob, to: alice, value: '0x1' }]);
    const pre = await rpc('debug_traceTransaction', [hash, { tracer: 'prestateTracer' }]);
    expect(BigInt(pre[bob].balance)).toBe(balance);
  });

  it(
    'after mining, evm_revert and a new transaction at the same height, traces follow the server',
    opts,
    async () => {
      const id = await rpc('evm_snapshot', []);
      const height = BigInt(await rpc('eth_blockNumber', []));
      await rpc('anvil_mine', ['0x3']);
      const gone = await rpc('eth_sendTransaction', [{ from: alice, to: bob, value: '0x2' }]);
      expect(await rpc('evm_revert', [id])).toBe(true);
      expect(BigInt(await rpc('eth_blockNumber', []))).toBe(height);
      const r = await served.call('debug_traceTransaction', [gone, {}]);
      expect(r.error?.message).toBe('transaction not found');
      const hash = await rpc('eth_sendTransaction', [{ from: alice, to: target }]);
      const mux = await rpc('debug_traceTransaction', [
        hash,
        { tracer: 'muxTracer', tracerConfig: { callTracer: { onlyTopCall: true }, noopTracer: {} } },
      ]);
      expect(mux).toEqual({
        callTracer: await rpc('debug_traceTransaction', [
          hash,
          { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } },
        ]),
        noopTracer: {},
      });
      expect(mux.callTracer.output).toBe(word(42n));
      const receipt = await rpc('eth_getTransactionReceipt', [hash]);
      expect(BigInt(receipt.blockNumber)).toBe(height + 1n);
    },
  );
});
