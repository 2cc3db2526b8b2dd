import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTracePool } from '../../../src/cli/serve/createTracePool.ts';
import type { TracePool } from '../../../src/cli/serve/createTracePool.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { signDemoTx } from '../../../src/evm/node/signDemoTx.ts';

let node: EmbeddedNode;
let pool: TracePool;
let server: RpcServer;
let plain: RpcServer;
let txHash: string;
const logged: string[] = [];

beforeAll(async () => {
  node = await createEmbeddedNode();
  txHash = (node.demoDefaults as DemoDefaults).txHash;
  pool = createTracePool({ log: (l) => logged.push(l) });
  [server, plain] = await Promise.all([
    startRpcServer(node, '127.0.0.1', 0, { traces: pool }),
    // The same node answering everything itself, as serve did before the pool: the reference for error texts.
    startRpcServer(await createEmbeddedNode(), '127.0.0.1', 0),
  ]);
  await pool.ready();
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.close(), plain?.close()]);
  await pool?.close();
});

const post = async (s: RpcServer, body: unknown) => {
  const res = await fetch(s.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return res.text();
};
const rpc = async (body: unknown) => JSON.parse(await post(server, body));
let nextId = 1;
const req = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: nextId++, method, params });
const traceTx = (tracer: string, extra: Record<string, unknown> = {}, hash = txHash) =>
  req('debug_traceTransaction', [hash, { tracer, ...extra }]);
/** A request as the server hands it to the pool: the object and its text. */
const asTrace = (body: Record<string, unknown>) => ({ body, text: JSON.stringify(body) });

const busyTracer = (ms: number) =>
  `{fault: function() {}, result: function() { var t = Date.now(); while (Date.now() - t < ${ms}) {} return 'done'; }}`;
const countSteps =
  '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function() { return this.n; }}';
const gasUsed = '{fault: function() {}, result: function(ctx) { return ctx.gasUsed; }}';

/** Waits until every trace process is replaced by a new one that is ready. */
async function waitForFreshPool(old: number[]) {
  for (let i = 0; i < 300; i++) {
    const pids = pool.pids();
    if (pids.length === 2 && pids.every((p) => !old.includes(p))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await pool.ready();
}

describe('traces run off the answering thread', () => {
  it('eth_blockNumber keeps answering while a tracer busy-loops for 2 s', async () => {
    const start = performance.now();
    let traceDone = 0;
    const trace = rpc(traceTx(busyTracer(2000))).then((r) => ((traceDone = performance.now()), r));
    const latencies: number[] = [];
    const answeredAt: number[] = [];
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      expect((await rpc(req('eth_blockNumber'))).result).toBe('0x3');
      answeredAt.push(performance.now());
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 40));
    }
    expect((await trace).result).toBe('done');
    // Every eth_blockNumber was answered before the trace finished (on one thread, they would all wait for it).
    expect(Math.max(...answeredAt)).toBeLessThan(traceDone);
    const sorted = latencies.slice().sort((a, b) => a - b);
    console.log(
      `eth_blockNumber during a 2 s trace: median ${sorted[10].toFixed(1)} ms, max ${sorted[19].toFixed(1)} ms;` +
        ` trace answered after ${(traceDone - start).toFixed(0)} ms`,
    );
  });

  it('a batch is routed item by item and reassembled in order', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 'b', method: 'debug_traceTransaction', params: [txHash, { tracer: gasUsed }] },
      42,
      { jsonrpc: '2.0', method: 'debug_traceTransaction', params: [txHash, { tracer: gasUsed }] },
      { jsonrpc: '2.0', id: 'c', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 'd', method: 'debug_traceCall', params: [{ to: txHash.slice(0, 42) }, 'latest'] },
      { jsonrpc: '2.0', id: 'e', method: 'debug_traceTransaction', params: ['0x12'] },
    ];
    const out = await rpc(batch);
    const reference = JSON.parse(await post(plain, batch));
    expect(out).toEqual(reference);
    expect(out.map((r: { id: unknown }) => r.id)).toEqual(['a', 'b', null, 'c', 'd', 'e']);
    expect(out[1].result).toBeGreaterThan(21000);
    expect(out[4].result).toHaveProperty('structLogs');
  });

  // Malformed requests get the same answers as from the node alone.
  it.each([
    ['a parse error', '{"jsonrpc":'],
    ['an empty batch', '[]'],
    ['a trace without params', '{"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction"}'],
    ['a trace with params not an array', '{"jsonrpc":"2.0","id":1,"method":"debug_traceCall","params":"x"}'],
    [
      'a trace with a bad config',
      '{"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":["0x00","x"]}',
    ],
    [
      'a bad timeout',
      `{"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":["${'0x' + '0'.repeat(64)}",{"timeout":"5 s"}]}`,
    ],
    ['no jsonrpc version', '{"id":1,"method":"debug_traceTransaction","params":[]}'],
    ['a nested batch', '[[{"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":[]}]]'],
    ['a trace notification only', '{"jsonrpc":"2.0","method":"debug_traceTransaction","params":["0x00"]}'],
  ])('%s: the same answer as before', async (_name, body) => {
    expect(await post(server, body)).toBe(await post(plain, body));
  });
});

describe('a trace process that dies', () => {
  it.each([
    [
      'an array push loop',
      '{fault: function() {}, result: function() { var a = []; for (;;) a.push(new Array(1e6).fill(1)); }}',
    ],
    [
      'a split bomb',
      "{fault: function() {}, result: function() { return 'x'.repeat(3e8).split('').length; }}",
    ],
  ])('of memory (%s): the request gets the memory error, the next trace works', async (_name, tracer) => {
    const old = pool.pids();
    expect((await rpc(traceTx(tracer, { timeout: '60s' }))).error).toEqual({
      code: -32000,
      message: 'tracer exceeded its memory limit',
    });
    expect((await rpc(traceTx(countSteps))).result).toBeGreaterThan(100);
    expect(pool.pids()).toHaveLength(2);
    expect(pool.pids().filter((p) => !old.includes(p))).toHaveLength(1);
  });

  it('killed from outside: the request gets an error naming it, a new process replaces it', async () => {
    const old = pool.pids();
    const trace = rpc(traceTx(busyTracer(3000)));
    await new Promise((r) => setTimeout(r, 300));
    for (const pid of old) process.kill(pid, 'SIGKILL');
    expect((await trace).error).toEqual({
      code: -32000,
      message: 'the trace process stopped unexpectedly (killed by SIGKILL)',
    });
    await waitForFreshPool(old);
    expect((await rpc(traceTx(countSteps))).result).toBeGreaterThan(100);
    expect(logged.join('\n')).toMatch(/stopped while tracing: the trace process stopped unexpectedly/);
  });

  it('loses nothing: a sent transaction is traced after every process was replaced', async () => {
    const tx = signDemoTx(node.chain.common, demoAccounts.dave, 2n, {
      to: demoAccounts.bob.address,
      value: 5n,
      gasLimit: 21_000n,
    });
    const hash = (await rpc(req('eth_sendRawTransaction', [bytesToHex(tx.serialize())]))).result;
    expect(hash).toBe(bytesToHex(tx.hash()));
    // The processes that were running apply it too.
    expect((await rpc(traceTx(gasUsed, {}, hash))).result).toBe(21000);
    const old = pool.pids();
    for (const pid of old) process.kill(pid, 'SIGKILL');
    await waitForFreshPool(old);
    expect((await rpc(traceTx(gasUsed, {}, hash))).result).toBe(21000);
    const head = await rpc(req('eth_getBlockByNumber', ['latest', false]));
    const block = await rpc(req('debug_traceBlockByHash', [head.result.hash, { tracer: gasUsed }]));
    expect(block.result).toEqual([{ txHash: hash, result: 21000 }]);
  });

  it('a transaction sent in a batch is seen by the trace after it', async () => {
    const tx = signDemoTx(node.chain.common, demoAccounts.dave, 3n, {
      to: demoAccounts.carol.address,
      value: 7n,
      gasLimit: 21_000n,
    });
    const hash = bytesToHex(tx.hash());
    const out = await rpc([
      req('eth_sendRawTransaction', [bytesToHex(tx.serialize())]),
      traceTx(gasUsed, {}, hash),
    ]);
    expect(out.map((r: { result: unknown }) => r.result)).toEqual([hash, 21000]);
  });
});

describe('timeouts enforced from outside the trace process', () => {
  it('an eval busy loop ends with execution timeout and the next trace works', async () => {
    const tracer = "{fault: function() {}, result: function() { eval('for (;;) {}'); }}";
    const t = performance.now();
    expect((await rpc(traceTx(tracer, { timeout: '300ms' }))).error).toEqual({
      code: -32000,
      message: 'execution timeout',
    });
    expect(performance.now() - t).toBeLessThan(10_000);
    expect((await rpc(traceTx(countSteps))).result).toBeGreaterThan(100);
  });

  it('a process that does not answer is killed after the capped timeout + 2 s; a fresh one takes over', async () => {
    const own = createTracePool({ workers: 1, maxTimeoutMs: 1000 });
    try {
      await own.ready();
      const [stuck] = own.pids();
      // A stopped process answers nothing, whatever the tracer: only the parent's timer can end the request.
      process.kill(stuck, 'SIGSTOP');
      const t = performance.now();
      const text = await own.trace(asTrace(traceTx(countSteps, { timeout: '1h' })));
      const elapsed = performance.now() - t;
      expect(JSON.parse(text!).error).toEqual({ code: -32000, message: 'execution timeout' });
      expect(elapsed).toBeGreaterThan(2900);
      expect(elapsed).toBeLessThan(10_000);
      expect(() => process.kill(stuck, 0)).toThrow();
      const next = JSON.parse((await own.trace(asTrace(traceTx(countSteps))))!);
      expect(next.result).toBeGreaterThan(100);
      expect(own.pids()).not.toContain(stuck);
    } finally {
      await own.close();
    }
  });

  it('close() kills every trace process and answers waiting requests', async () => {
    const own = createTracePool({ workers: 2 });
    await own.ready();
    const pids = own.pids();
    expect(pids).toHaveLength(2);
    const running = own.trace(asTrace(traceTx(busyTracer(5000))));
    await new Promise((r) => setTimeout(r, 200));
    await own.close();
    expect(JSON.parse((await running)!).error).toEqual({
      code: -32000,
      message: 'the server is shutting down',
    });
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(JSON.parse((await own.trace(asTrace(traceTx(countSteps))))!).error.message).toBe(
      'the server is shutting down',
    );
  });
});
