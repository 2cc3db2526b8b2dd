import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type MixedBlock, buildMixedBlock } from './mixedBlock.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';
import { type ServeUpstream, startServeUpstream } from '../../helpers/startServe.ts';

// `tracer serve --upstream` in front of anvil behind a proxy that refuses every debug_* method: the trace methods run
// in serve's trace processes on anvil's state, everything else reaches anvil unchanged. The reference for every trace
// is capture (anvil's own prestateTracer, asked directly) + replay --fixture of the same transaction.

const dir = mkdtempSync(join(tmpdir(), 'serve-upstream-'));
let anvil: RunningNode;
let proxy: UpstreamProxy;
let block: MixedBlock;
let serve: ServeUpstream;
let call: ServeUpstream['call'];

async function cli(args: string[]) {
  const io = createCaptureIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** The flattened tracer string of a file, as `tracer payload` puts it in a request. */
const tracerTexts = new Map<string, string>();
async function tracerText(file: string): Promise<string> {
  const known = tracerTexts.get(file);
  if (known) return known;
  const r = await cli([
    'payload',
    file,
    '--method',
    'debug_traceTransaction',
    '--params',
    `["0x${'00'.repeat(32)}"]`,
  ]);
  expect(r.code, r.err).toBe(0);
  const text = (JSON.parse(r.out) as { params: [string, { tracer: string }] }).params[1].tracer;
  tracerTexts.set(file, text);
  return text;
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

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  block = await buildMixedBlock(anvil);
  serve = await startServeUpstream(proxy.url);
  call = serve.call;
}, 180_000);

afterAll(async () => {
  serve?.stop();
  await proxy?.close();
  await anvil?.stop();
});

const roundTrips: string[] = [];

describe('serve --upstream: trace methods run here on the upstream state', () => {
  it('says what it serves', () => {
    expect(serve.stdout).toContain(`tracing on the state of ${proxy.url}`);
  });

  const rows: [string, string][] = [
    ['transfer', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/call-tree.js'],
    ['probe', 'tracer-templates/prestate.js'],
    ['transferBack', 'tracer-templates/storage-diff.js'],
  ];
  it.each(rows)(
    'debug_traceTransaction of %s with %s: the result of capture + replay --fixture, cold then warm',
    async (name, file) => {
      const expected = await viaFixture(block.txs[name], file);
      const tracer = await tracerText(file);
      const counts: string[] = [];
      for (const round of ['cold', 'warm']) {
        proxy.reset();
        const r = await call('debug_traceTransaction', [block.txs[name], { tracer }]);
        expect(r.error).toBeUndefined();
        expect(r.result).toEqual(expected);
        // At most the one prestateTracer call a trace process tries once (the proxy refuses it): standard methods then.
        expect(proxy.counts.debugRefused).toBeLessThanOrEqual(round === 'cold' ? 1 : 0);
        counts.push(`${round} ${proxy.counts.requests} HTTP requests, ${proxy.counts.calls} calls`);
        // Warm: the block, the chain id and the state come from the cache; the transaction is asked again (it could
        // have moved to another block).
        if (round === 'warm') expect(proxy.counts.calls).toBeLessThanOrEqual(2);
      }
      roundTrips.push(`${name} (${file.split('/')[1]}): ${counts.join('; ')}`);
    },
    90_000,
  );

  it('debug_traceBlockByNumber: each transaction as replay --fixture traces it', async () => {
    const file = 'tracer-templates/call-tree.js';
    const tracer = await tracerText(file);
    const r = await call('debug_traceBlockByNumber', [block.number, { tracer }]);
    expect(r.error).toBeUndefined();
    const entries = r.result as { txHash: string; result: unknown }[];
    expect(entries.map((e) => e.txHash)).toEqual(Object.values(block.txs));
    for (const [i, hash] of Object.values(block.txs).entries())
      expect(entries[i].result, `entry ${i}`).toEqual(await viaFixture(hash, file));
  }, 120_000);

  it('debug_traceBlockByHash gives what debug_traceBlockByNumber gives', async () => {
    const tracer = await tracerText('tracer-templates/opcode-histogram.js');
    const header = (await rpc(anvil.url, 'eth_getBlockByNumber', [block.number, false])) as { hash: string };
    const byNumber = await call('debug_traceBlockByNumber', [block.number, { tracer }]);
    const byHash = await call('debug_traceBlockByHash', [header.hash, { tracer }]);
    expect(byHash.error).toBeUndefined();
    expect(byHash.result).toEqual(byNumber.result);
    expect((byHash.result as unknown[]).length).toBe(5);
  }, 60_000);

  it("a tracer reading db.getBalance of an address the transaction never touches gets the upstream's value", async () => {
    const tracer = `{fault: function () {}, result: function (ctx, db) { var a = toAddress('${block.untouched}'); return {balance: db.getBalance(a).toString(16), exists: db.exists(a), nonce: db.getNonce(a)}; }}`;
    const r = await call('debug_traceTransaction', [block.txs.revert, { tracer }]);
    expect(r.result).toEqual({ balance: block.untouchedBalance.toString(16), exists: true, nonce: 0 });
  }, 60_000);

  it('debug_traceCall at the block, with a state override, sees the override and the upstream state', async () => {
    const who = '0x00000000000000000000000000000000000b0b01';
    const tracer = `{fault: function () {}, result: function (ctx, db) { return {over: db.getBalance(toAddress('${who}')).toString(16), untouched: db.getBalance(toAddress('${block.untouched}')).toString(16), type: ctx.type}; }}`;
    const r = await call('debug_traceCall', [
      { to: block.token, data: '0x18160ddd' },
      block.number,
      { tracer, stateOverrides: { [who]: { balance: '0x2a' } } },
    ]);
    expect(r.error).toBeUndefined();
    expect(r.result).toEqual({ over: '2a', untouched: block.untouchedBalance.toString(16), type: 'CALL' });
  }, 60_000);

  it("geth's callTracer by name gives what call-tree.js gives", async () => {
    const byName = await call('debug_traceTransaction', [block.txs.probe, { tracer: 'callTracer' }]);
    const byText = await call('debug_traceTransaction', [
      block.txs.probe,
      { tracer: await tracerText('tracer-templates/call-tree.js') },
    ]);
    expect(byName.error).toBeUndefined();
    expect(byName.result).toEqual(byText.result);
  }, 60_000);

  it('the struct logger (no tracer) and the prestateTracer name run too', async () => {
    const logs = await call('debug_traceTransaction', [block.txs.transfer, {}]);
    expect((logs.result as { structLogs: unknown[] }).structLogs.length).toBeGreaterThan(50);
    const pre = await call('debug_traceTransaction', [block.txs.transfer, { tracer: 'prestateTracer' }]);
    expect(Object.keys(pre.result as object).map((a) => a.toLowerCase())).toContain(
      block.token.toLowerCase(),
    );
  }, 60_000);

  it('errors in geth words: an unknown transaction, a missing block, a tracer error', async () => {
    const unknown = await call('debug_traceTransaction', [`0x${'ab'.repeat(32)}`, {}]);
    expect(unknown.error?.message).toMatch(/not found on the upstream/);
    const missing = await call('debug_traceBlockByNumber', ['0xffffff', {}]);
    expect(missing.error?.message).toBe('block #16777215 not found');
    const failing = await call('debug_traceTransaction', [
      block.txs.transfer,
      {
        tracer:
          '{step: function (log) { log.stack.peek(-1); }, fault: function () {}, result: function () {}}',
      },
    ]);
    expect(failing.error?.message).toMatch(/tracer accessed out of bound stack/);
  }, 60_000);

  it("an upstream fault is the trace's -32000 error in one line, and serve goes on", async () => {
    let fresh: string | undefined;
    proxy.mode = 'pruned';
    try {
      // A transaction of a new block: its state must be fetched, and the proxy answers as a pruned node does.
      const [alice] = (await rpc(anvil.url, 'eth_accounts')) as string[];
      fresh = (await rpc(anvil.url, 'eth_sendTransaction', [
        { from: alice, to: block.untouched, value: '0x2', gas: '0x5208' },
      ])) as string;
      await rpc(anvil.url, 'evm_mine', []);
      const r = await call('debug_traceTransaction', [fresh, {}]);
      expect(r.error?.message).toMatch(/has no state at .*not an archive node/);
      expect(r.error?.message).not.toContain('\n');
    } finally {
      proxy.mode = 'forward';
    }
    const again = await call('debug_traceTransaction', [fresh, {}]);
    expect(again.error).toBeUndefined();
  }, 60_000);

  it('reports the round trips per position in the block', () => {
    console.log(
      `serve --upstream round trips through the proxy, per position:\n  ${roundTrips.join('\n  ')}`,
    );
    expect(roundTrips.length).toBe(rows.length);
  });
});

describe('serve --upstream: every other request is forwarded unchanged', () => {
  it.each([
    ['eth_blockNumber', []],
    ['eth_chainId', []],
    ['eth_getBalance', ['UNTOUCHED', 'latest']],
    ['eth_getBlockByNumber', ['BLOCK', true]],
    ['eth_getTransactionReceipt', ['TX']],
    ['eth_thisMethodDoesNotExist', []],
  ] as [string, unknown[]][])('%s answers what anvil answers', async (method, raw) => {
    const params = raw.map((p) =>
      p === 'UNTOUCHED' ? block.untouched : p === 'BLOCK' ? block.number : p === 'TX' ? block.txs.probe : p,
    );
    proxy.reset();
    const via = await call(method, params);
    const direct = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    }).then((r) => r.json() as Promise<{ result?: unknown; error?: unknown }>);
    expect(via.result).toEqual(direct.result);
    expect(via.error).toEqual(direct.error);
    expect(proxy.counts.methods.get(method)).toBe(1);
  });

  it('a transaction sent through serve reaches the upstream and is traced there after mining', async () => {
    const [alice] = (await rpc(anvil.url, 'eth_accounts')) as string[];
    const sent = await call('eth_sendTransaction', [
      { from: alice, to: block.untouched, value: '0x1', gas: '0x5208' },
    ]);
    expect(sent.error).toBeUndefined();
    await rpc(anvil.url, 'evm_mine', []);
    const traced = await call('debug_traceTransaction', [sent.result, {}]);
    expect(traced.result).toMatchObject({ failed: false, gas: 21000, structLogs: [] });
  }, 60_000);
});
