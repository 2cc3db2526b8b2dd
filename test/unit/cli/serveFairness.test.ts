/**
 * Issue 22, part 6, against real servers and pools on 127.0.0.1 (one with one trace process, where traces are
 * answered in the order they start, and one with two). Fairness: a client with many slow traces waiting delays
 * another client's trace by at most one of its own (plus the ones running), counted in answers, never timed. Clients
 * that go: their waiting traces are dropped, their running trace is ended with its process, and the rest of their
 * batch never starts. After every row, `eth_blockNumber` answers and a normal trace gives its result. */
import { request } from 'node:http';
import type { ClientRequest } from 'node:http';
import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTracePool } from '../../../src/cli/serve/createTracePool.ts';
import type { TracePool, TracePoolStats } from '../../../src/cli/serve/createTracePool.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { signDemoTx } from '../../../src/evm/node/signDemoTx.ts';

let node: EmbeddedNode;
let demo: DemoDefaults;
const logged: string[] = [];

/** A server on 127.0.0.1 with a pool of its own. */
interface Setup {
  pool: TracePool;
  server: RpcServer;
}
/** By number of trace processes: with one, traces are answered in the order they start. */
const setups = new Map<number, Setup>();

beforeAll(async () => {
  node = await createEmbeddedNode();
  demo = node.demoDefaults as DemoDefaults;
  for (const workers of [1, 2]) {
    const pool = createTracePool({ workers, log: (l) => logged.push(l) });
    const server = await startRpcServer(node, '127.0.0.1', 0, { traces: pool, log: (l) => logged.push(l) });
    setups.set(workers, { pool, server });
  }
  await Promise.all([...setups.values()].map((s) => s.pool.ready()));
}, 60_000);

afterAll(async () => {
  for (const { server, pool } of setups.values()) {
    await server.close();
    await pool.close();
  }
});

let nextId = 1;
const req = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: nextId++, method, params });
/** A trace that busy-loops `ms` (long enough that the rows' next request comes while it runs), then returns `label`. */
const slow = (label: string, ms = 1500) =>
  req('debug_traceCall', [
    demo.call,
    demo.callBlock,
    {
      tracer: `{fault: function() {}, result: function() { var t = Date.now(); while (Date.now() - t < ${ms}) {} return '${label}'; }}`,
    },
  ]);
const normal = () =>
  req('debug_traceCall', [
    demo.call,
    demo.callBlock,
    { tracer: "{fault: function() {}, result: function() { return 'normal'; }}" },
  ]);

async function until(check: () => boolean, what: string) {
  for (let t = 0; t < 30_000; t += 20) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Changes of a pool's counts since `before`. */
const since = (pool: TracePool, before: TracePoolStats) => {
  const now = pool.stats();
  return {
    started: now.started - before.started,
    dropped: now.dropped - before.dropped,
    cancelled: now.cancelled - before.cancelled,
  };
};

/** One HTTP POST on a connection of its own (a client of its own); `sent` is the request, to hang up with. */
function httpPost(server: RpcServer, body: unknown): { sent: ClientRequest; answer: Promise<any> } {
  let sent!: ClientRequest;
  const answer = new Promise((resolve, reject) => {
    sent = request(
      server.url,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
  answer.catch(() => {}); // A row that hangs up never reads it.
  return { sent, answer };
}

/** One WebSocket connection (a client of its own): sends requests and resolves each with its answer. */
async function wsClient(server: RpcServer) {
  const socket = new WebSocket(server.wsUrl);
  const pending = new Map<unknown, (a: any) => void>();
  socket.on('message', (d) => {
    const answer = JSON.parse(d.toString());
    pending.get(answer.id)?.(answer);
  });
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  return {
    send(body: { id: number }): Promise<any> {
      const answered = new Promise((r) => pending.set(body.id, r));
      socket.send(JSON.stringify(body));
      return answered;
    },
    close: () => socket.terminate(),
  };
}

/** After every row: the server answers, a normal trace works (on a fresh process if one was killed). */
async function serverLivesOn(server: RpcServer) {
  const height = req('eth_blockNumber');
  expect((await httpPost(server, height).answer).result).toBe('0x3');
  expect((await httpPost(server, normal()).answer).result).toBe('normal');
}

const ms = (n: number, each: number) => Array.from({ length: n }, () => each);

describe('fairness: clients with many slow traces waiting', () => {
  it.each([
    {
      name: 'one hog of 5, the other client over HTTP',
      workers: 1,
      hogs: [ms(5, 1500)],
      over: 'HTTP',
      bound: 2,
    },
    {
      name: 'one hog of 5, the other client over WebSocket',
      workers: 1,
      hogs: [ms(5, 1500)],
      over: 'WS',
      bound: 2,
    },
    // The one running when it came, then one of each hog.
    {
      name: 'two hogs of 4, the other over HTTP',
      workers: 1,
      hogs: [ms(4, 1500), ms(4, 1500)],
      over: 'HTTP',
      bound: 3,
    },
    // The hog holds both processes, its second trace a long one: the first process freed goes to the client with
    // nothing running (round-robin alone would give it to the hog, whose turn came first).
    {
      name: 'a hog holding both processes',
      workers: 2,
      hogs: [[1500, 4500, 1500, 1500]],
      over: 'HTTP',
      bound: 1,
    },
  ])(
    '$name ($workers processes): at most $bound slow traces answered before the normal one',
    async ({ workers, hogs, over, bound }) => {
      const { pool, server } = setups.get(workers)!;
      const clients = await Promise.all(hogs.map(() => wsClient(server)));
      const total = hogs.flat().length;
      const order: string[] = [];
      try {
        const before = pool.stats();
        // Each hog sends all its traces at once on its connection: they wait in its queue.
        const slowOnes = clients.flatMap((c, h) =>
          hogs[h].map((length, i) => c.send(slow(`hog${h}.${i}`, length)).then((a) => order.push(a.result))),
        );
        await until(() => pool.stats().waiting === total - workers, 'the slow traces to wait');
        expect(since(pool, before).started).toBe(workers);
        const other =
          over === 'HTTP' ? httpPost(server, normal()).answer : (await wsClient(server)).send(normal());
        const answered = other.then((a) => order.push(a.result));
        await Promise.all([...slowOnes, answered]);
        const slowBefore = order.indexOf('normal');
        // First come, first served, it would come after all of them.
        expect(slowBefore).toBeGreaterThanOrEqual(1);
        expect(slowBefore).toBeLessThanOrEqual(bound);
        expect(order.slice().sort()).toEqual(
          ['normal', ...hogs.flatMap((list, h) => list.map((_, i) => `hog${h}.${i}`))].sort(),
        );
        expect(since(pool, before)).toEqual({ started: total + 1, dropped: 0, cancelled: 0 });
      } finally {
        for (const c of clients) c.close();
      }
      await serverLivesOn(server);
    },
    120_000,
  );
});

/** A raw transaction the demo chain accepts (a transfer from dave), and its hash. */
function transfer(nonce: bigint) {
  const tx = signDemoTx(node.chain.common, demoAccounts.dave, nonce, {
    to: demoAccounts.bob.address,
    value: 1n,
    gasLimit: 21_000n,
  });
  return { raw: bytesToHex(tx.serialize()), hash: bytesToHex(tx.hash()) };
}

type Leaver =
  | { kind: 'HTTP batch'; traces: number; thenTransaction: boolean }
  | { kind: 'HTTP single' }
  | { kind: 'WebSocket'; traces: number };

describe('a client that goes away', () => {
  it.each<{ name: string; leaver: Leaver; expected: Omit<TracePoolStats, 'waiting'> }>([
    {
      name: 'an HTTP batch of 5 slow traces and a transaction, hung up during the first trace',
      leaver: { kind: 'HTTP batch', traces: 5, thenTransaction: true },
      // The first trace is ended; the other four and the transaction never start.
      expected: { started: 1, dropped: 0, cancelled: 1 },
    },
    {
      name: 'one slow trace over HTTP, hung up while it runs',
      leaver: { kind: 'HTTP single' },
      expected: { started: 1, dropped: 0, cancelled: 1 },
    },
    {
      name: 'a WebSocket with 5 slow traces sent at once, closed during the first',
      leaver: { kind: 'WebSocket', traces: 5 },
      // The four waiting are dropped without starting.
      expected: { started: 1, dropped: 4, cancelled: 1 },
    },
  ])(
    '$name: its work is cancelled, its process replaced, the server goes on',
    async ({ leaver, expected }) => {
      const { pool, server } = setups.get(1)!;
      await pool.ready();
      const [pid] = pool.pids();
      const before = pool.stats();
      // dave's next nonce: the node would accept it, were it ever run.
      const nonce = (
        await httpPost(
          server,
          req('eth_getTransactionCount', [demoAccounts.dave.address.toString(), 'latest']),
        ).answer
      ).result;
      const tx = transfer(BigInt(nonce));
      const logStart = logged.length;
      let hangUp: () => void;
      if (leaver.kind === 'WebSocket') {
        const c = await wsClient(server);
        for (let i = 0; i < leaver.traces; i++) void c.send(slow(`gone.${i}`, 60_000));
        hangUp = c.close;
      } else {
        const body =
          leaver.kind === 'HTTP single'
            ? slow('gone', 60_000)
            : [
                ...Array.from({ length: leaver.traces }, (_, i) => slow(`gone.${i}`, 60_000)),
                ...(leaver.thenTransaction ? [req('eth_sendRawTransaction', [tx.raw])] : []),
              ];
        const { sent } = httpPost(server, body);
        hangUp = () => sent.destroy();
      }
      await until(() => since(pool, before).started === 1, 'the first trace to start');
      hangUp();
      await until(() => !pool.pids().includes(pid), 'the process running it to be killed');
      expect(logged.slice(logStart)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^trace process ${pid} killed: its client \\((HTTP|WebSocket) 127\\.0\\.0\\.1:\\d+\\) went away$`,
          ),
        ),
      ]);
      await serverLivesOn(server);
      // The two requests of serverLivesOn: one trace started; nothing else of the client that went.
      expect(since(pool, before)).toEqual({ ...expected, started: expected.started + 1 });
      expect((await httpPost(server, req('eth_getTransactionByHash', [tx.hash])).answer).result).toBeNull();
    },
    120_000,
  );
});
