import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNode, startAnvil } from '../../helpers/nodes.ts';
import { buildMixedBlock } from './mixedBlock.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';

// Several transactions mined in one anvil block (automine off, then evm_mine), traced through a proxy that refuses
// every debug_* method, next to tracer capture (anvil's prestateTracer) + replay --fixture of the same transaction.

let anvil: RunningNode;
let proxy: UpstreamProxy;
const dir = mkdtempSync(join(tmpdir(), 'upstream-'));
/** The block's transactions by name, in block order. */
let txs: Record<string, string> = {};
let untouched: string;
let untouchedBalance: bigint;

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  ({ txs, untouched, untouchedBalance } = await buildMixedBlock(anvil));
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
      // The one debug_* call tried (the built-in prestateTracer, refused by the proxy); then standard methods.
      expect(got.counts.debugRefused).toBe(1);
      expect([...got.counts.methods.keys()].filter((m) => m.startsWith('debug_'))).toEqual([
        'debug_traceTransaction',
      ]);
      expect(got.stats).toMatch(/state from standard methods/);
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
