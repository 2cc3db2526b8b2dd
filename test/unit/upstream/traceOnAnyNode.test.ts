import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';

// Several transactions mined in one anvil block (automine off, then evm_mine), traced through a proxy that refuses
// every debug_* method, next to tracer capture (anvil's prestateTracer) + replay --fixture of the same transaction.

let anvil: RunningNode;
let proxy: UpstreamProxy;
const dir = mkdtempSync(join(tmpdir(), 'upstream-'));
/** The block's transactions by name, in block order. */
const txs: Record<string, string> = {};
const untouched = '0x00000000000000000000000000000000c0ffee01';
const untouchedBalance = 0x1234567890abcdefn;

const hex = (n: bigint) => `0x${n.toString(16)}`;

async function receipt(hash: string): Promise<Record<string, string>> {
  for (let i = 0; i < 200; i++) {
    const r = (await rpc(anvil.url, 'eth_getTransactionReceipt', [hash])) as Record<string, string> | null;
    if (r) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`not mined: ${hash}`);
}

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  const [alice, bob, carol] = (await rpc(anvil.url, 'eth_accounts')) as string[];
  const deploy = async (data: Uint8Array) => {
    const h = (await rpc(anvil.url, 'eth_sendTransaction', [
      { from: alice, data: bytesToHex(data), gas: hex(3_000_000n) },
    ])) as string;
    return (await receipt(h)).contractAddress as `0x${string}`;
  };
  const token = await deploy(encodeDeploy('DemoToken', [10n ** 24n]));
  const logic = await deploy(encodeDeploy('ProbeLogic'));
  const probe = await deploy(encodeDeploy('CallProbe', [logic]));
  const reverter = await deploy(encodeDeploy('Reverter'));
  await rpc(anvil.url, 'anvil_setBalance', [untouched, hex(untouchedBalance)]);
  await rpc(anvil.url, 'evm_setAutomine', [false]);
  const send = async (name: string, tx: Record<string, string>) => {
    txs[name] = (await rpc(anvil.url, 'eth_sendTransaction', [{ gas: hex(1_000_000n), ...tx }])) as string;
  };
  // Block order follows the senders' nonces and tips: one sender, so the order sent is the order mined.
  await send('transfer', {
    from: alice,
    to: token,
    data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, 5n * 10n ** 18n]),
  });
  await send('create', { from: alice, data: bytesToHex(encodeDeploy('Reverter')) });
  await send('probe', {
    from: alice,
    to: probe,
    data: encodeCallHex('CallProbe', 'run(uint256)', [7n]),
    value: hex(10n ** 15n),
  });
  await send('revert', {
    from: alice,
    to: reverter,
    data: encodeCallHex('Reverter', 'check(uint256)', [42n]),
  });
  await send('transferBack', {
    from: alice,
    to: token,
    data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [carol as `0x${string}`, 7n]),
  });
  await rpc(anvil.url, 'evm_mine', []);
  const blocks = new Set<string>();
  for (const [name, h] of Object.entries(txs)) {
    const r = await receipt(h);
    blocks.add(r.blockNumber);
    if (name === 'revert') expect(r.status).toBe('0x0');
  }
  expect(blocks.size).toBe(1);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await anvil?.stop();
});

async function cli(args: string[]) {
  const io = createCaptureIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** capture (anvil's prestateTracer) + replay --fixture: the reference result. */
async function viaFixture(hash: string, tracer: string): Promise<unknown> {
  const cap = await cli(['capture', '--endpoint', anvil.url, '--tx', hash]);
  expect(cap.code, cap.err).toBe(0);
  const file = join(dir, `${hash}.json`);
  writeFileSync(file, cap.out);
  const rep = await cli(['replay', '--fixture', file, '--tracer', tracer]);
  expect(rep.code, rep.err).toBe(0);
  return JSON.parse(rep.out);
}

/** The new path: replay --endpoint (the proxy) --tx, counting what reached the proxy. */
async function viaEndpoint(hash: string, tracer: string) {
  proxy.reset();
  const rep = await cli(['replay', '--endpoint', proxy.url, '--tx', hash, '--tracer', tracer, '--stats']);
  expect(rep.code, rep.err).toBe(0);
  return { result: JSON.parse(rep.out) as unknown, stats: rep.err.trim(), counts: { ...proxy.counts } };
}

const roundTrips: string[] = [];

describe('tracer replay --endpoint: a mined transaction of anvil through a proxy without debug_*', () => {
  const rows: [string, string][] = [
    ['transfer', 'tracer-templates/call-tree.js'],
    ['transfer', 'tracer-templates/prestate.js'],
    ['create', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/opcode-histogram.js'],
    ['probe', 'tracer-templates/prestate.js'],
    ['revert', 'tracer-templates/call-tree.js'],
    ['transferBack', 'tracer-templates/storage-diff.js'],
  ];
  it.each(rows)(
    '%s with %s: the same result as capture + replay --fixture',
    async (name, tracer) => {
      const expected = await viaFixture(txs[name], tracer);
      const got = await viaEndpoint(txs[name], tracer);
      expect(got.result).toEqual(expected);
      expect(got.counts.debugRefused).toBe(0);
      expect(got.counts.methods.has('debug_traceTransaction')).toBe(false);
      roundTrips.push(
        `${name} (${tracer.split('/')[1]}): ${got.counts.requests} HTTP requests, ${got.counts.calls} calls; ${got.stats}`,
      );
    },
    60_000,
  );

  it('a tracer reading db.getBalance of an address the transaction never touches gets the upstream value', async () => {
    const file = join(dir, 'balance.js');
    writeFileSync(
      file,
      `{fault: function () {}, result: function (ctx, db) { var a = toAddress('${untouched}'); return {balance: db.getBalance(a).toString(16), exists: db.exists(a), nonce: db.getNonce(a)}; }}`,
    );
    const got = await viaEndpoint(txs.probe, file);
    expect(got.result).toEqual({ balance: untouchedBalance.toString(16), exists: true, nonce: 0 });
  }, 60_000);

  it('reports the round trips per position in the block', () => {
    console.log(`round trips through the proxy, per position:\n  ${roundTrips.join('\n  ')}`);
    expect(roundTrips.length).toBeGreaterThan(0);
  });
});

describe('tracer replay --endpoint: faults give one line and exit 1', () => {
  const wellFormedUnknown = `0x${'ab'.repeat(32)}`;
  it.each([
    [
      'an unknown hash',
      () => ['--endpoint', proxy.url, '--tx', wellFormedUnknown],
      /not found on the upstream/,
    ],
    [
      'an unreachable endpoint',
      async () => ['--endpoint', `http://127.0.0.1:${await freePort()}`, '--tx', txs.transfer],
      /refused|reach|connect/i,
    ],
    [
      'a pruned upstream',
      () => ['--endpoint', proxy.url, '--tx', txs.transfer],
      /has no state at .*not an archive node/,
      'pruned',
    ],
    [
      'a rate-limited upstream',
      () => ['--endpoint', proxy.url, '--tx', txs.transfer],
      /rate-limiting/,
      'rate-limited',
    ],
  ] as [string, () => string[] | Promise<string[]>, RegExp, UpstreamProxy['mode']?][])(
    '%s',
    async (_what, args, message, mode) => {
      proxy.mode = mode ?? 'forward';
      try {
        const r = await cli(['replay', ...(await args()), '--tracer', 'tracer-templates/call-tree.js']);
        expect(r.code).toBe(1);
        expect(r.out).toBe('');
        expect(r.err).toMatch(message);
        expect(r.err.trim().split('\n')).toHaveLength(1);
      } finally {
        proxy.mode = 'forward';
      }
    },
    60_000,
  );

  it('a node that refuses batches is asked one request at a time, with the same result', async () => {
    const expected = await viaFixture(txs.probe, 'tracer-templates/call-tree.js');
    proxy.mode = 'no-batches';
    try {
      const got = await viaEndpoint(txs.probe, 'tracer-templates/call-tree.js');
      expect(got.result).toEqual(expected);
      expect(got.stats).toMatch(/batches refused/);
    } finally {
      proxy.mode = 'forward';
    }
  }, 60_000);

  it("reads an author's var tracer = … wrapper as send does", async () => {
    const file = join(dir, 'wrapped.js');
    writeFileSync(
      file,
      'var tracer = {n: 0, step: function () { this.n++; }, fault: function () {}, result: function () { return this.n > 0; }};\n',
    );
    const got = await viaEndpoint(txs.transfer, file);
    expect(got.result).toBe(true);
  }, 60_000);
});
