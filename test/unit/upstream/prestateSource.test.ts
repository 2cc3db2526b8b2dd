import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { checkReadOnlyCalls } from '../../../src/core/upstream/checkReadOnlyCalls.ts';
import { isPrestateCall, seedFromPrestate } from '../../../src/core/upstream/prestateSeed.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, startAnvil } from '../../helpers/nodes.ts';
import { type MixedBlock, buildMixedBlock, receipt } from './mixedBlock.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';

// The cheaper source: a node that serves geth's built-in prestateTracer (anvil here, as geth, erigon and the big
// providers do) gives the state before a transaction in one call. The reference is the same trace through a proxy that
// refuses debug_*, which reads state with standard methods only.

const hash = `0x${'ab'.repeat(32)}`;

describe('the one debug_* call the upstream path may make', () => {
  it.each([
    [
      'the exact prestateTracer call',
      { method: 'debug_traceTransaction', params: [hash, { tracer: 'prestateTracer' }] },
      true,
    ],
    [
      'diffMode',
      {
        method: 'debug_traceTransaction',
        params: [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }],
      },
      false,
    ],
    [
      'another built-in tracer',
      { method: 'debug_traceTransaction', params: [hash, { tracer: 'callTracer' }] },
      false,
    ],
    [
      'a JS tracer',
      { method: 'debug_traceTransaction', params: [hash, { tracer: '{result: function () {}}' }] },
      false,
    ],
    [
      'a timeout',
      { method: 'debug_traceTransaction', params: [hash, { tracer: 'prestateTracer', timeout: '1h' }] },
      false,
    ],
    [
      'an extra param',
      { method: 'debug_traceTransaction', params: [hash, { tracer: 'prestateTracer' }, 1] },
      false,
    ],
    [
      'an extra field',
      { method: 'debug_traceTransaction', params: [hash, { tracer: 'prestateTracer' }], url: 'x' },
      false,
    ],
    [
      'not a hash',
      { method: 'debug_traceTransaction', params: ['0x12', { tracer: 'prestateTracer' }] },
      false,
    ],
    [
      'a block trace',
      { method: 'debug_traceBlockByNumber', params: ['0x1', { tracer: 'prestateTracer' }] },
      false,
    ],
    ['the struct logger', { method: 'debug_traceTransaction', params: [hash] }, false],
  ] as [string, unknown, boolean][])('%s: allowed %s', (_what, call, allowed) => {
    expect(isPrestateCall(call)).toBe(allowed);
    if (allowed) expect(checkReadOnlyCalls([call])).toEqual([call]);
    else expect(() => checkReadOnlyCalls([call])).toThrow(/refused/);
  });
});

describe('a prestate answer, read', () => {
  const a = `0x${'11'.repeat(20)}`;
  it.each([
    [
      'struct logs (a node that ignored the tracer)',
      { gas: 21000, failed: false, returnValue: '', structLogs: [] },
      undefined,
    ],
    ['an array', [], undefined],
    ['a bad address', { '0x12': { balance: '0x1' } }, undefined],
    ['a bad balance', { [a]: { balance: 12 } }, undefined],
    ['a bad slot value', { [a]: { balance: '0x1', storage: { '0x1': 'zz' } } }, undefined],
    [
      'an account with code and a slot',
      { [a]: { balance: '0x10', nonce: 2, code: '0x60ff', storage: { '0x1': '0x2a' } } },
      { balance: 16n, nonce: 2n, code: '0x60ff', slot: `0x${'2a'.padStart(64, '0')}` },
    ],
    [
      'an account with nothing but a balance',
      { [a]: { balance: '0x0' } },
      { balance: 0n, nonce: 0n, code: '0x', slot: undefined },
    ],
  ] as [string, unknown, Record<string, unknown> | undefined][])('%s', (_what, answer, expected) => {
    const state = seedFromPrestate(answer);
    if (expected === undefined) return expect(state).toBeUndefined();
    const account = state!.accounts.get(a)!;
    expect({
      balance: account.balance,
      nonce: account.nonce,
      code: account.code,
      slot: state!.storage.get(`${a}_0x${'01'.padStart(64, '0')}`),
    }).toEqual(expected);
  });
});

let anvil: RunningNode;
let proxy: UpstreamProxy;
let block: MixedBlock;
let created: string;
const dir = mkdtempSync(join(tmpdir(), 'prestate-source-'));

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  block = await buildMixedBlock(anvil);
  created = (await receipt(anvil, block.txs.create)).contractAddress;
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await anvil?.stop();
});

async function replay(endpoint: string, tx: string, tracer: string) {
  const io = createCaptureIo();
  const code = await main(['replay', '--endpoint', endpoint, '--tx', tx, '--tracer', tracer, '--stats'], io);
  expect(code, io.err()).toBe(0);
  return { result: JSON.parse(io.out()) as unknown, stats: io.err() };
}

describe('replay --endpoint on a node that serves prestateTracer', () => {
  it.each([
    ['transfer', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/prestate.js'],
    ['revert', 'tracer-templates/revert-finder.js'],
    ['transferBack', 'tracer-templates/storage-diff.js'],
  ])(
    '%s with %s: state from prestateTracer, the result of standard methods',
    async (name, tracer) => {
      const cheap = await replay(anvil.url, block.txs[name], tracer);
      const standard = await replay(proxy.url, block.txs[name], tracer);
      expect(cheap.stats).toMatch(/state from prestateTracer: /);
      expect(standard.stats).toMatch(/state from standard methods: /);
      expect(cheap.result).toEqual(standard.result);
    },
    60_000,
  );

  it("a tracer reading what an earlier transaction of the block changed, and the traced one never touches, gets the block's value, not the parent's", async () => {
    const file = join(dir, 'created.js');
    // `created` was deployed by transaction #1; #4 (transferBack) never touches it; at the parent block it has no code.
    writeFileSync(
      file,
      `{fault: function () {}, result: function (ctx, db) { return {code: db.getCode(toAddress('${created}')).length > 0, exists: db.exists(toAddress('${created}'))}; }}`,
    );
    const got = await replay(anvil.url, block.txs.transferBack, file);
    expect(got.result).toEqual({ code: true, exists: true });
    // The prestate does not list it, so the run fell back to standard methods rather than guess.
    expect(got.stats).toMatch(/state from standard methods: /);
  }, 60_000);
});
