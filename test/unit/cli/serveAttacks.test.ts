/**
 * The attack table of issue 10 ("Must show"), run against one long-lived `serve` (the server and its pool of trace
 * processes, as `tracer serve` starts them) over HTTP and again over WebSocket, and a smaller table against `replay`
 * (its trace process). After every row, on the same transport, `eth_blockNumber` answers and a normal trace returns
 * 42: no attack takes the server, its trace processes or the next request down.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTracePool } from '../../../src/cli/serve/createTracePool.ts';
import type { TracePool } from '../../../src/cli/serve/createTracePool.ts';
import { runReplayInChild } from '../../../src/cli/serve/runReplayInChild.ts';
import type { ReplayJob, ReplayOutcome } from '../../../src/cli/serve/runReplayInChild.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = readFileSync(
  join(root, '../shared/conformance/geth-tracetest/call_tracer/simple.json'),
  'utf8',
);

/** `--max-timeout` of this server: a '60s' request is cut to this. */
const maxTimeoutMs = 3000;
/** `--memory-limit` of this server's (and replay's) trace processes, small so that allocation bombs die fast. */
const memoryLimitMb = 128;
/** Loose upper bound of any one attack's answer (timing is never what is tested). */
const slowest = 20_000;

let pool: TracePool;
let server: RpcServer;
let demo: DemoDefaults;
const logged: string[] = [];

// ---------------------------------------------------------------------------------------------------------------
// Every trace process this file starts (the pool's and replay's), so that afterAll kills whatever is left by pid.

/** Process ids of the trace processes whose parent is this process (from /proc). */
function ownTraceChildren(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (
        ppid === process.pid &&
        /traceChild(Main\.ts|\.js)\0/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))
      )
        found.push(Number(entry));
    } catch {
      // Ended while listing.
    }
  }
  return found;
}

const seen = new Set<number>();
const record = () => {
  for (const pid of ownTraceChildren()) seen.add(pid);
  for (const pid of pool?.pids() ?? []) seen.add(pid);
};
let sampler: NodeJS.Timeout | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Kills a trace process and its process group (it is forked detached, so it leads one), by pid. */
function killByPid(pid: number) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

beforeAll(async () => {
  sampler = setInterval(record, 100);
  const node = await createEmbeddedNode();
  demo = node.demoDefaults as DemoDefaults;
  pool = createTracePool({ maxTimeoutMs, memoryLimitMb, log: (l) => logged.push(l) });
  server = await startRpcServer(node, '127.0.0.1', 0, { traces: pool, log: (l) => logged.push(l) });
  await pool.ready();
  record();
}, 60_000);

afterAll(async () => {
  clearInterval(sampler);
  record();
  await server?.close();
  await pool?.close();
  record();
  // Whatever is still there (a child of this process running traceChildMain) is killed by pid, with its group.
  const own = new Set(ownTraceChildren());
  for (const pid of seen) if (own.has(pid) && alive(pid)) killByPid(pid);
  for (let i = 0; i < 100 && [...seen].some((pid) => own.has(pid) && alive(pid)); i++)
    await new Promise((r) => setTimeout(r, 50));
  expect(ownTraceChildren()).toEqual([]);
}, 30_000);

// ---------------------------------------------------------------------------------------------------------------
// Clients: HTTP through node:http (it sends the Host and Origin it is given) and one WebSocket connection per row.

type Transport = 'HTTP' | 'WebSocket';
type Headers = Record<string, string>;
const port = () => new URL(server.url).port;

/** One POST; the status, content type and body text. */
function httpPost(body: string, headers: Headers = {}) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = request(
      server.url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface WsClient {
  socket: WebSocket;
  /** Sends a request (or batch) and resolves with the answer of the same id (a batch: its first item's id). */
  rpc(body: unknown): Promise<unknown>;
  /** The close code and reason once the connection has closed. */
  closed: Promise<{ code: number; reason: string }>;
}

const keyOf = (body: unknown): string =>
  JSON.stringify(Array.isArray(body) ? (body[0] as { id?: unknown })?.id : (body as { id?: unknown })?.id);

/** Opens a WebSocket; resolves with a client, or with the refusal (status and body) when the upgrade is refused. */
function openWs(headers: Headers = {}) {
  return new Promise<{ client: WsClient } | { refused: { status: number; type: string; text: string } }>(
    (resolve, reject) => {
      const socket = new WebSocket(server.wsUrl, { headers });
      const pending = new Map<string, (answer: unknown) => void>();
      const closed = new Promise<{ code: number; reason: string }>((r) =>
        socket.on('close', (code, reason) => r({ code, reason: reason.toString() })),
      );
      socket.on('message', (data) => {
        const answer = JSON.parse(data.toString());
        const key = keyOf(answer);
        pending.get(key)?.(answer);
        pending.delete(key);
      });
      socket.on('error', () => {}); // A refused upgrade or a reset shows as 'unexpected-response' / 'close'.
      socket.on('unexpected-response', (_req, res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          resolve({
            refused: { status: res.statusCode ?? 0, type: String(res.headers['content-type']), text },
          });
          socket.terminate();
        });
      });
      socket.on('open', () =>
        resolve({
          client: {
            socket,
            closed,
            rpc: (body) =>
              new Promise((answered) => {
                pending.set(keyOf(body), answered);
                socket.send(JSON.stringify(body));
              }),
          },
        }),
      );
      setTimeout(() => reject(new Error('WebSocket did not open')), 10_000).unref();
    },
  );
}

async function wsClient(): Promise<WsClient> {
  const r = await openWs();
  if (!('client' in r)) throw new Error(`WebSocket refused: ${r.refused.status} ${r.refused.text}`);
  return r.client;
}

/** A JSON-RPC caller over one transport (for WebSocket: one connection, reopened if an attack closed it). */
async function caller(transport: Transport) {
  let ws = transport === 'WebSocket' ? await wsClient() : undefined;
  return {
    ws: () => ws!,
    async rpc(body: unknown): Promise<any> {
      if (transport === 'HTTP') {
        const res = await httpPost(JSON.stringify(body));
        expect(res.status).toBe(200);
        return JSON.parse(res.text);
      }
      if (ws!.socket.readyState !== WebSocket.OPEN) ws = await wsClient();
      return ws!.rpc(body);
    },
    close: () => ws?.socket.terminate(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The attacks.

let nextId = 1;
const req = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: nextId++, method, params });
const traceCall = (tracer: string, timeout?: string) =>
  req('debug_traceCall', [demo.call, demo.callBlock, { tracer, ...(timeout ? { timeout } : {}) }]);
const error = (message: unknown, code = -32000) => ({ error: { code, message } });

const normalTracer = '{fault: function() {}, result: function() { return 42; }}';
const escape = "constructor.constructor('return typeof process')()";
const terms = Array.from({ length: 5000 }, (_, i) => `${i % 10}`).join(' + ');
const nested = '('.repeat(5000) + '1' + ')'.repeat(5000);
/** Closes the brackets of the host's factory text: run inside it, its loop would have no guard call. */
const breakout = '(function () { for (;;) {} })())][0]; return [(1';

/** A tracer that leaves every built-in it can reach poisoned, and a normal one that uses them all. */
const poisoner =
  '{fault: function() {}, result: function() {' +
  ' JSON.stringify = function() { return \'"poisoned"\'; };' +
  " JSON.parse = function() { return 'poisoned'; };" +
  " Array.prototype.push = function() { throw new Error('poisoned push'); };" +
  " Object.prototype.toJSON = function() { return 'poisoned'; };" +
  ' Date.now = function() { return 0; };' +
  ' return {a: [1, 2]}; }}';
const usesBuiltins =
  '{ops: [], step: function(log) { if (this.ops.length < 3) this.ops.push(log.op.toString()); },' +
  ' fault: function() {}, result: function() {' +
  ' return {ops: this.ops, json: JSON.stringify([1, {b: 2}]), parsed: JSON.parse(\'{"c":3}\').c,' +
  ' clock: Date.now() > 1.6e12, toJSON: typeof ({}).toJSON}; }}';

/** What happens to the trace process that ran the attack. */
type Fate = 'kept' | 'killed after its timeout' | 'died of memory' | 'replaced after its answer';

type Attack =
  | { kind: 'trace'; tracer: string; timeout?: string; expect: object; fate: Fate }
  | { kind: 'headers'; headers: () => Headers; refusal: () => string }
  | { kind: 'batch'; items: number; expect: (firstId: number) => unknown }
  | { kind: 'frame'; frame: 'oversized' | 'invalid UTF-8'; closeCode: number; logged: string }
  | { kind: 'poison'; tracer: string; expect: object; then: string; thenExpect: object };

interface Row {
  name: string;
  /** Only over this transport (default: both). */
  only?: Transport;
  attack: Attack;
}

const rows: Row[] = [
  {
    name: '1a escape to process through this in result',
    attack: {
      kind: 'trace',
      tracer: `{fault: function() {}, result: function() { return this.${escape}; }}`,
      expect: { result: 'undefined' },
      fate: 'kept',
    },
  },
  {
    name: '1b escape to process through log in step',
    attack: {
      kind: 'trace',
      tracer: `{r: 0, step: function(log) { this.r = log.${escape}; }, fault: function() {}, result: function() { return this.r; }}`,
      expect: { result: 'undefined' },
      fate: 'kept',
    },
  },
  {
    name: '1c escape to process through a stack value',
    attack: {
      kind: 'trace',
      tracer:
        '{r: 0, step: function(log) { if (log.stack.length() > 0) this.r = log.stack.peek(0).' +
        `${escape}; }, fault: function() {}, result: function() { return this.r; }}`,
      expect: { result: 'undefined' },
      fate: 'kept',
    },
  },
  {
    name: '1d escape to process through db.getCode bytes',
    attack: {
      kind: 'trace',
      tracer: `{fault: function() {}, result: function(ctx, db) { return db.getCode(ctx.to).${escape}; }}`,
      expect: { result: 'undefined' },
      fate: 'kept',
    },
  },
  {
    name: '1e no host globals at all (process, require, fetch, console, timers)',
    attack: {
      kind: 'trace',
      tracer:
        "{fault: function() {}, result: function() { return this.constructor.constructor('return [typeof process," +
        " typeof require, typeof fetch, typeof console, typeof setTimeout, typeof WebAssembly].join()')(); }}",
      expect: { result: 'undefined,undefined,undefined,undefined,undefined,undefined' },
      fate: 'kept',
    },
  },
  {
    name: '2 a cross-origin page (Origin: http://evil.example)',
    attack: {
      kind: 'headers',
      headers: () => ({ Origin: 'http://evil.example' }),
      refusal: () =>
        'requests from the page "http://evil.example" are refused; add --allow-origin http://evil.example to allow it',
    },
  },
  {
    name: '3 DNS rebinding (Host: evil.example)',
    attack: {
      kind: 'headers',
      headers: () => ({ Host: `evil.example:${port()}` }),
      refusal: () =>
        `the Host header "evil.example:${port()}" is not a loopback name (DNS rebinding guard);` +
        ' add --allow-host evil.example to answer it',
    },
  },
  {
    name: '4 patched Date.now and an endless loop in step',
    attack: {
      kind: 'trace',
      tracer:
        '{step: function() { Date.now = function() { return 0; }; for (;;) {} }, fault: function() {},' +
        ' result: function() { return 1; }}',
      timeout: '1s',
      expect: error("execution timeout at step (<eval>:1:69(0))    in server-side tracer function 'step'"),
      fate: 'kept',
    },
  },
  {
    name: "5 eval('while(true){}') in step",
    attack: {
      kind: 'trace',
      tracer:
        "{step: function() { eval('while(true){}'); }, fault: function() {}, result: function() { return 1; }}",
      timeout: '1s',
      expect: error('execution timeout'),
      fate: 'killed after its timeout',
    },
  },
  {
    name: '6 a catastrophic regular expression in step',
    attack: {
      kind: 'trace',
      // 2^40 backtracking paths: hours of work for V8's backtracking engine.
      tracer: `{step: function() { /(a+)+b/.test('${'a'.repeat(40)}c'); }, fault: function() {}, result: function() { return 1; }}`,
      timeout: '1s',
      expect: error('execution timeout'),
      fate: 'killed after its timeout',
    },
  },
  {
    name: '7a a 5,000-term expression followed by a loop',
    attack: {
      kind: 'trace',
      tracer: `{step: function() { var x = ${terms}; for (;;) {} }, fault: function() {}, result: function() { return 1; }}`,
      timeout: '1s',
      // The chain is parsed in a loop and the loop guarded, so the tracer's own deadline stops it, at the loop as in
      // row 4 (12 characters after its `for`).
      expect: error(
        `execution timeout at step (<eval>:1:${'{step: function() { var x = '.length + terms.length + '; '.length + 12}(0))` +
          "    in server-side tracer function 'step'",
      ),
      fate: 'kept',
    },
  },
  {
    name: '7b a 5,000-deep parenthesized expression followed by a loop',
    attack: {
      kind: 'trace',
      tracer: `{step: function() { var x = ${nested}; for (;;) {} }, fault: function() {}, result: function() { return 1; }}`,
      timeout: '1s',
      // Beyond the stack of the trace process's parser (acorn's, or else V8's compiler): said as such, not as a
      // SyntaxError of valid code, and never run unguarded. Which parser gives up first depends on the stack.
      expect: error(
        expect.stringMatching(
          /^the tracer is nested too deeply for this node to compile it \((the parser ran out of stack at line 1, column \d+|Maximum call stack size exceeded)\); split the deepest expression into smaller ones$/,
        ),
      ),
      fate: 'kept',
    },
  },
  {
    name: "7c a tracer that closes the host's brackets, then loops",
    attack: {
      kind: 'trace',
      tracer: breakout,
      timeout: '1s',
      // Not one expression (acorn cannot instrument it): compiled alone and refused as geth refuses it, never run.
      expect: error(`SyntaxError: (anonymous): Line 1:${breakout.indexOf(']') + 2} Unexpected token ']'`),
      fate: 'kept',
    },
  },
  {
    name: "8 'x'.repeat(3e8).split('')",
    attack: {
      kind: 'trace',
      tracer:
        "{step: function() { 'x'.repeat(3e8).split(''); }, fault: function() {}, result: function() { return 1; }}",
      expect: error('tracer exceeded its memory limit'),
      fate: 'died of memory',
    },
  },
  {
    name: "9 a push loop with timeout '60s'",
    attack: {
      kind: 'trace',
      tracer:
        '{fault: function() {}, result: function() { var a = []; for (;;) a.push(new Array(1e6).fill(1)); }}',
      timeout: '60s',
      expect: error('tracer exceeded its memory limit'),
      fate: 'died of memory',
    },
  },
  {
    name: '10 a batch of 10,000 struct-log traces',
    attack: {
      kind: 'batch',
      items: 10_000,
      expect: (id) => [{ jsonrpc: '2.0', id, error: { code: -32600, message: 'batch too large' } }],
    },
  },
  {
    name: '11a a WebSocket message over the size limit',
    only: 'WebSocket',
    attack: {
      kind: 'frame',
      frame: 'oversized',
      closeCode: 1009,
      logged: 'WebSocket connection closed: Max payload size exceeded',
    },
  },
  {
    name: '11b a WebSocket text message with invalid UTF-8',
    only: 'WebSocket',
    attack: {
      kind: 'frame',
      frame: 'invalid UTF-8',
      closeCode: 1007,
      logged: 'WebSocket connection closed: Invalid WebSocket frame: invalid UTF-8 sequence',
    },
  },
  {
    name: '12 poisoned built-ins (JSON.stringify, Array.prototype.push, Object.prototype.toJSON, Date.now)',
    attack: {
      kind: 'poison',
      tracer: poisoner,
      // Its own result is encoded with the JSON.stringify captured before it ran, which (like goja's) honours toJSON.
      expect: { result: 'poisoned' },
      then: usesBuiltins,
      thenExpect: {
        result: {
          ops: ['PUSH1', 'PUSH1', 'MSTORE'],
          json: '[1,{"b":2}]',
          parsed: 3,
          clock: true,
          toJSON: 'undefined',
        },
      },
    },
  },
  {
    // Issue 22: a log kept from step threw a host TypeError in result, whose Function reached `process`.
    name: '13a a log kept from step, read in result',
    attack: {
      kind: 'trace',
      tracer:
        '{ s: null, step: function (log) { this.s = log; }, fault: function () {}, result: function () { try {' +
        " this.s.stack.peek(0); } catch (e) { return typeof e.constructor.constructor('return process')(); } } }",
      expect: { result: {} },
      fate: 'kept',
    },
  },
  {
    // (A kept log in enter, as the issue also names: hostBridgeAttacks.test.ts; the demo call makes no sub-call.)
    name: '13b a log kept from step, its memory, input and stack read past the stack in result',
    attack: {
      kind: 'trace',
      tracer:
        '{ s: null, step: function (log) { this.s = log; }, fault: function () {}, result: function () {' +
        ' var r = [this.s.memory.slice(0, 4).length, this.s.contract.getInput().length >= 0];' +
        " try { this.s.stack.peek(this.s.stack.length()); } catch (e) { r.push(typeof e.constructor.constructor('return process')()); }" +
        ' return r; } }',
      expect: error(
        expect.stringMatching(/^tracer accessed out of bound stack: size \d+, index \d+ at result /),
      ),
      fate: 'kept',
    },
  },
  {
    name: '14 three 512 MiB typed arrays (outside the V8 heap cap)',
    attack: {
      kind: 'trace',
      tracer:
        '{fault: function() {}, result: function() { var a = []; for (var i = 0; i < 3; i++)' +
        ' a.push(new Uint8Array(512 * 1024 * 1024)); return a[0].length + a[1].length + a[2].length; }}',
      expect: error("tracer exceeded its memory limit    in server-side tracer function 'result'"),
      fate: 'replaced after its answer',
    },
  },
  {
    name: '15 200 copies of 32 MiB made by a built-in in a loop of its own (no guard call between them)',
    attack: {
      kind: 'trace',
      tracer:
        '{fault: function() {}, result: function() { var big = new Uint8Array(32 << 20); big.fill(1);' +
        ' return Array.from({length: 200}, Uint8Array.prototype.slice.bind(big, 0)).length; }}',
      expect: error('tracer exceeded its memory limit'),
      fate: 'died of memory',
    },
  },
  {
    name: '16 a thrown object whose stack names column 99999999999999',
    attack: {
      kind: 'trace',
      tracer:
        "{ fault: function () {}, result: function () { throw { stack: '    at result (<eval>:1:99999999999999)' }; } }",
      expect: error("[object Object]    in server-side tracer function 'result'"),
      fate: 'kept',
    },
  },
  {
    // Issue 22: instrumenting was quadratic (80,000 functions: 84 s), so a 520 KB tracer could never run in 10 s.
    name: '17 a 1 MB tracer of 80,000 small functions within a 10 s timeout',
    attack: {
      kind: 'trace',
      tracer: `{h: [${Array.from({ length: 80_000 }, () => 'function(){}').join(',')}],
        fault: function() {}, result: function() { return this.h.length; }}`,
      timeout: '10s',
      expect: { result: 80_000 },
      fate: 'kept',
    },
  },
];

/** Runs one attack over `transport` and checks what the client gets. */
async function attack(transport: Transport, a: Attack, c: Awaited<ReturnType<typeof caller>>) {
  switch (a.kind) {
    case 'trace': {
      const before = pool.pids();
      const body = traceCall(a.tracer, a.timeout);
      expect(await c.rpc(body)).toEqual({ jsonrpc: '2.0', id: body.id, ...a.expect });
      if (a.fate === 'replaced after its answer') {
        // The process that answered ends by itself and the pool starts its replacement.
        for (let i = 0; i < 200 && before.every((pid) => pool.pids().includes(pid)); i++)
          await new Promise((r) => setTimeout(r, 25));
        const ended = before.filter((pid) => !pool.pids().includes(pid));
        expect(ended).toHaveLength(1);
        for (let i = 0; i < 200 && pool.pids().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
        expect(pool.pids()).toHaveLength(2);
        return;
      }
      const gone = before.filter((pid) => !pool.pids().includes(pid));
      if (a.fate === 'kept') {
        expect(gone).toEqual([]);
        return;
      }
      // Exactly one process ended (the one that ran the attack), and the pool has started its replacement.
      expect(gone).toHaveLength(1);
      expect(alive(gone[0])).toBe(false);
      expect(pool.pids()).toHaveLength(2);
      expect(logged).toContain(
        a.fate === 'died of memory'
          ? `trace process ${gone[0]} stopped while tracing: tracer exceeded its memory limit`
          : `trace process ${gone[0]} killed: no answer ${maxTimeoutMs} ms after the request`,
      );
      return;
    }
    case 'headers': {
      const refusal = { status: 403, type: 'text/plain; charset=utf-8', text: `${a.refusal()}\n` };
      if (transport === 'HTTP')
        expect(await httpPost(JSON.stringify(req('eth_blockNumber')), a.headers())).toEqual(refusal);
      else expect(await openWs(a.headers())).toEqual({ refused: refusal });
      return;
    }
    case 'batch': {
      const batch = Array.from({ length: a.items }, () => req('debug_traceTransaction', [demo.txHash]));
      expect(await c.rpc(batch)).toEqual(a.expect(batch[0].id));
      return;
    }
    case 'frame': {
      const ws = c.ws();
      const before = logged.length;
      ws.socket.send(
        a.frame === 'oversized'
          ? Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)
          : Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        { binary: false },
      );
      expect(await ws.closed).toEqual({ code: a.closeCode, reason: '' });
      expect(logged.slice(before)).toEqual([a.logged]);
      return;
    }
    case 'poison': {
      // Two at once, so that both trace processes (when both are free) run a poisoner.
      const poisons = [traceCall(a.tracer), traceCall(a.tracer)];
      const answers = await Promise.all(poisons.map((p) => c.rpc(p)));
      expect(answers).toEqual(poisons.map((p) => ({ jsonrpc: '2.0', id: p.id, ...a.expect })));
      const checks = [traceCall(a.then), traceCall(a.then)];
      const after = await Promise.all(checks.map((p) => c.rpc(p)));
      expect(after).toEqual(checks.map((p) => ({ jsonrpc: '2.0', id: p.id, ...a.thenExpect })));
      return;
    }
  }
}

describe.each(['HTTP', 'WebSocket'] as const)(
  'serve over %s: every attack gets a clear error',
  (transport) => {
    it.each(rows.filter((r) => !r.only || r.only === transport))('$name', async ({ attack: a }) => {
      const c = await caller(transport);
      try {
        const t = performance.now();
        await attack(transport, a, c);
        expect(performance.now() - t).toBeLessThan(slowest);
        // After every row: the server answers at once and the next trace works (a new connection if it was closed).
        const height = req('eth_blockNumber');
        expect(await c.rpc(height)).toEqual({ jsonrpc: '2.0', id: height.id, result: '0x3' });
        const normal = traceCall(normalTracer);
        expect(await c.rpc(normal)).toEqual({ jsonrpc: '2.0', id: normal.id, result: 42 });
      } finally {
        c.close();
        record();
      }
    });
  },
);

// ---------------------------------------------------------------------------------------------------------------
// replay: each attack in its own trace process, followed by a normal replay.

const replayRows: Array<[string, Omit<ReplayJob, 'fixture'>, ReplayOutcome]> = [
  [
    'escape to process',
    { tracer: `{fault: function() {}, result: function() { return this.${escape}; }}` },
    { ok: true, text: '"undefined"' },
  ],
  [
    'an eval busy loop',
    {
      tracer:
        "{step: function() { eval('while(true){}'); }, fault: function() {}, result: function() { return 1; }}",
      timeout: '1s',
    },
    { ok: false, message: 'execution timeout', tracerError: true },
  ],
  [
    'a split bomb',
    {
      tracer: "{fault: function() {}, result: function() { return 'x'.repeat(3e8).split('').length; }}",
      memoryLimitMb,
    },
    { ok: false, message: 'tracer exceeded its memory limit', tracerError: true },
  ],
  [
    'three 512 MiB typed arrays (outside the V8 heap cap)',
    {
      tracer:
        '{fault: function() {}, result: function() { var a = []; for (var i = 0; i < 3; i++)' +
        ' a.push(new Uint8Array(512 * 1024 * 1024)); return a.length; }}',
      memoryLimitMb,
    },
    {
      ok: false,
      message: "tracer exceeded its memory limit    in server-side tracer function 'result'",
      tracerError: true,
    },
  ],
  [
    'typed arrays copied by a built-in in a loop of its own',
    {
      tracer:
        '{fault: function() {}, result: function() { var big = new Uint8Array(32 << 20); big.fill(1);' +
        ' return Array.from({length: 200}, Uint8Array.prototype.slice.bind(big, 0)).length; }}',
      memoryLimitMb,
    },
    { ok: false, message: 'tracer exceeded its memory limit', tracerError: true },
  ],
];

describe('replay: every attack gets a clear error, the next replay works', () => {
  it.each(replayRows)('%s', async (_name, job, outcome) => {
    const t = performance.now();
    const sampling = setInterval(record, 20);
    try {
      expect(await runReplayInChild({ fixture, ...job })).toEqual(outcome);
      expect(performance.now() - t).toBeLessThan(slowest);
      expect(await runReplayInChild({ fixture, tracer: normalTracer, memoryLimitMb })).toEqual({
        ok: true,
        text: '42',
      });
    } finally {
      clearInterval(sampling);
    }
  });
});
