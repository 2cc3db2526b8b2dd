// `tracer serve` under load: the time of a normal trace (opcode-histogram.js on the demo transaction, over a fresh
// HTTP connection) on an idle server, while one client keeps 50 loops of 3 s waiting, and while 50 clients each run a
// 3 s loop. A real `serve` process (2 trace processes) on 127.0.0.1, stopped by its pid at the end. The last line is
// one sample by construction: round-robin lets a newcomer's trace wait for one trace of each other client, so 50
// clients with a loop each make it wait for ~48 of them (~72 s) whatever the order; it is measured, not estimated.
// `BENCH_SERVE_ROOT=DIR` runs the `serve` of another checkout (e.g. an older commit, for a before/after).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { flattenTracer } from '../src/core/flatten/flattenTracer.ts';
import { createEmbeddedNode } from '../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../src/evm/node/demoDefaults.ts';

const root = process.env.BENCH_SERVE_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const loopMs = 3000;
const loopTracer = `{fault: function() {}, result: function() { var t = Date.now(); while (Date.now() - t < ${loopMs}) {} return 1; }}`;

let nextId = 1;
const req = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: nextId++, method, params });

/** One POST on a connection of its own (a client of its own for the server); the parsed answer. */
function post(url: string, body: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const r = request(
      url,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    r.on('error', reject);
    r.end(JSON.stringify(body));
  });
}

/** A WebSocket connection that sends `count` loop traces at once, and sends another each time one is answered. */
async function loopClient(url: string, count: number) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  const demo = await demoDefaults;
  const sendLoop = () =>
    socket.send(JSON.stringify(req('debug_traceCall', [demo.call, demo.callBlock, { tracer: loopTracer }])));
  socket.on('message', () => socket.readyState === socket.OPEN && sendLoop());
  socket.on('error', () => {});
  for (let i = 0; i < count; i++) sendLoop();
  return { close: () => socket.terminate() };
}

async function startServe(): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr!.resume();
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`serve exited (${code}) before listening: ${out}`)));
  });
  return { proc, url };
}

const demoDefaults = createEmbeddedNode().then((n) => n.demoDefaults as DemoDefaults);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(ms: number[], unit: 'ms' | 's'): string {
  const sorted = ms.slice().sort((a, b) => a - b);
  const f = (v: number) => (unit === 's' ? (v / 1000).toFixed(2) : v.toFixed(1));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (sorted.length === 1) return `${f(median)} ${unit} (one sample)`;
  return `median ${f(median)} ${unit} (${f(sorted[0])}–${f(sorted[sorted.length - 1])}, n=${sorted.length})`;
}

export async function runServeBench(): Promise<string[]> {
  const t0 = performance.now();
  const demo = await demoDefaults;
  const histogram = flattenTracer(
    readFileSync(new URL('../tracer-templates/opcode-histogram.js', import.meta.url), 'utf8'),
  );
  if (!histogram.ok) throw new Error('opcode-histogram.js does not flatten');
  const { proc, url } = await startServe();
  const wsUrl = url.replace(/^http/, 'ws');
  const normal = async () => {
    const t = performance.now();
    const answer = await post(url, req('debug_traceTransaction', [demo.txHash, { tracer: histogram.code }]));
    if (!answer.result?.PUSH1) throw new Error(`the normal trace failed: ${JSON.stringify(answer)}`);
    return performance.now() - t;
  };
  const lines: string[] = [];
  try {
    // Both trace processes warm (the first traces of a process compile the node's code).
    for (let i = 0; i < 4; i++) await Promise.all([normal(), normal()]);

    const idle: number[] = [];
    for (let i = 0; i < 9; i++) idle.push(await normal());
    lines.push(`normal trace (opcode-histogram.js, demo tx), idle server: ${summary(idle, 'ms')}`);

    const hog = await loopClient(wsUrl, 50);
    await pause(300); // Its first two loops running, the rest waiting.
    const behindHog: number[] = [];
    for (let i = 0; i < 5; i++) behindHog.push(await normal());
    hog.close(); // Gone: its waiting loops are dropped, its two running ones killed (and their processes replaced).
    lines.push(
      `… while one client keeps 50 loops of 3 s waiting (one WebSocket): ${summary(behindHog, 's')}`,
    );

    await normal(); // Waits for the replaced processes.
    await Promise.all([normal(), normal()]);
    const many = await Promise.all(Array.from({ length: 50 }, () => loopClient(wsUrl, 1)));
    await pause(300);
    const behindMany = [await normal()];
    for (const c of many) c.close();
    lines.push(
      `… while 50 clients each run a 3 s loop (50 WebSockets): ${summary(behindMany, 's')};` +
        ` the bound: one trace of each other client, 48 loops / 2 processes × 3 s ≈ 72 s`,
    );
  } finally {
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await new Promise((r) => proc.once('exit', r));
    clearTimeout(killer);
  }
  lines.push(`(this part: ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runServeBench()) console.log(line);
}
