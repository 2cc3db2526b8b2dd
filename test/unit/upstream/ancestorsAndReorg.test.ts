import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, minedReceipt, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';

// BLOCKHASH through replay --endpoint against anvil, and a chain reorganised (evm_revert, other blocks mined) while
// the state is being fetched.

let anvil: RunningNode;
let proxy: UpstreamProxy;
let contract: string;
let alice: string;

// Runtime: sstore(0, blockhash(number - 1)); sstore(1, blockhash(number - 5)); stop. Init: copy it out, return it.
const runtime = '43600190034060005543600590034060015500';
const init = `0x6013600c60003960136000f3${runtime}`;

const hex = (n: bigint) => `0x${n.toString(16)}`;
type Receipt = Record<string, string>;

async function sendTx(tx: Record<string, string>): Promise<Receipt> {
  const h = await rpc(anvil.url, 'eth_sendTransaction', [{ from: alice, gas: hex(200_000n), ...tx }]);
  return minedReceipt(anvil.url, h as string);
}

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  [alice] = (await rpc(anvil.url, 'eth_accounts')) as string[];
  contract = (await sendTx({ data: init })).contractAddress;
  for (let i = 0; i < 6; i++) await rpc(anvil.url, 'evm_mine');
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await anvil?.stop();
});

async function replay(hash: string) {
  const io = createCaptureIo();
  const args = [
    'replay',
    '--endpoint',
    proxy.url,
    '--tx',
    hash,
    '--tracer',
    'tracer-templates/storage-diff.js',
  ];
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('replay --endpoint: ancestors and reorganisations', () => {
  it("BLOCKHASH of the parent and of an older ancestor are anvil's hashes", async () => {
    const r = await sendTx({ to: contract });
    expect(r.status).toBe('0x1');
    const n = BigInt(r.blockNumber);
    const got = await replay(r.transactionHash);
    expect(got.code, got.err).toBe(0);
    const hashOf = async (k: bigint) =>
      ((await rpc(anvil.url, 'eth_getBlockByNumber', [hex(k), false])) as { hash: string }).hash;
    const slots = (JSON.parse(got.out) as Record<string, Record<string, { after: string }>>)[contract];
    expect({
      parent: slots[`0x${'0'.repeat(64)}`]?.after,
      older: slots[`0x${'0'.repeat(63)}1`]?.after,
    }).toEqual({
      parent: await hashOf(n - 1n),
      older: await hashOf(n - 5n),
    });
  }, 60_000);

  it('the parent block reorganised away while fetching: one clear line, exit 1', async () => {
    const snapshot = await rpc(anvil.url, 'evm_snapshot');
    await rpc(anvil.url, 'evm_mine');
    const r = await sendTx({ to: contract });
    let reorganised = false;
    proxy.beforeForward = async (method) => {
      if (reorganised || method !== 'eth_getBalance') return;
      reorganised = true;
      // Other blocks at the same heights (later timestamps, so other hashes).
      await rpc(anvil.url, 'evm_revert', [snapshot]);
      await rpc(anvil.url, 'evm_setNextBlockTimestamp', [
        hex(BigInt(Math.floor(Date.now() / 1000)) + 100_000n),
      ]);
      for (let i = 0; i < 3; i++) await rpc(anvil.url, 'evm_mine');
    };
    try {
      const got = await replay(r.transactionHash);
      expect(reorganised).toBe(true);
      expect({ code: got.code, out: got.out }).toEqual({ code: 1, out: '' });
      expect(got.err).toMatch(
        /^tracer replay: the upstream no longer has block 0x[0-9a-f]{64}( \(the parent of the traced block\))?: its chain was reorganised while fetching; trace the transaction again \(it may be in another block now\)\n$/,
      );
    } finally {
      proxy.beforeForward = undefined;
    }
  }, 60_000);
});
