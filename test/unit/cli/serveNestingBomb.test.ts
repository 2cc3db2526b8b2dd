/**
 * Issue 22, part 2: a `debug_traceCall` whose `tracerConfig` is 100,000 nested arrays, sent to a real `tracer serve`
 * process (one trace process, so that it can be made busy) alone or in a batch, with the process idle or busy with
 * another trace. The request gets the node's own answer for it, the server lives on, and its trace process is the
 * same one: after every row `eth_blockNumber` answers and a normal trace returns 42.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { freePort } from '../../helpers/freePort.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const depth = 100_000;
const normalTracer = '{fault: function() {}, result: function() { return 42; }}';
const busyTracer =
  "{fault: function() {}, result: function() { var t = Date.now(); while (Date.now() - t < 1500) {} return 'busy'; }}";

let serve: ChildProcess;
let port: number;
let demo: DemoDefaults;
const out = { stdout: '', stderr: '' };
let exited = false;
/** Rejects when the server process exits (so that a dead server fails its row at once, with its stderr). */
let died: Promise<never>;

/** Process ids of the trace processes whose parent is `pid` (from /proc). */
function traceChildrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && /traceChild(Main\.ts|\.js)\0/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8')))
        found.push(Number(entry));
    } catch {
      // Ended while listing.
    }
  }
  return found;
}

async function until(check: () => boolean, what: string) {
  for (let t = 0; t < 30_000; t += 50) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let nextId = 1;
const req = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: nextId++, method, params });
const traceCall = (tracer: string) => req('debug_traceCall', [demo.call, demo.callBlock, { tracer }]);

/** The bomb as text (JSON.stringify cannot write it: it overflows the stack itself). */
function bomb(): { id: number; text: string } {
  const id = nextId++;
  const config = '['.repeat(depth) + ']'.repeat(depth);
  const head = JSON.stringify({ tracer: normalTracer }).slice(0, -1);
  const params = `[${JSON.stringify(demo.call)},${JSON.stringify(demo.callBlock)},${head},"tracerConfig":${config}}]`;
  return { id, text: `{"jsonrpc":"2.0","id":${id},"method":"debug_traceCall","params":${params}}` };
}

/** One WebSocket connection: sends texts in order and collects the answers by id. */
async function connect() {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  const answers = new Map<string, (a: unknown) => void>();
  socket.on('message', (data) => {
    const answer = JSON.parse(data.toString());
    const key = JSON.stringify(Array.isArray(answer) ? answer[0].id : answer.id);
    answers.get(key)?.(answer);
  });
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  return {
    /** Sends `text` and resolves with the answer whose (first) id is `id`. */
    send(id: number, text: string): Promise<any> {
      const answered = new Promise((r) => answers.set(JSON.stringify(id), r));
      socket.send(text);
      return Promise.race([answered, died]);
    },
    close: () => socket.terminate(),
  };
}

beforeAll(async () => {
  demo = (await createEmbeddedNode()).demoDefaults as DemoDefaults;
  port = await freePort();
  serve = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', String(port), '--workers', '1'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serve.stdout!.on('data', (d) => (out.stdout += d));
  serve.stderr!.on('data', (d) => (out.stderr += d));
  died = new Promise((_, reject) =>
    serve.on('exit', (code, signal) => {
      exited = true;
      reject(new Error(`serve exited (${code ?? signal}): ${out.stderr}`));
    }),
  );
  died.catch(() => {});
  await until(() => out.stdout.includes('listening') && traceChildrenOf(serve.pid!).length === 1, 'serve');
  // A first trace: the trace process is ready (so that the idle row finds it idle, not starting).
  const c = await connect();
  const first = traceCall(normalTracer);
  expect((await c.send(first.id, JSON.stringify(first))).result).toBe(42);
  c.close();
}, 60_000);

afterAll(async () => {
  const children = traceChildrenOf(serve.pid!);
  serve.kill('SIGKILL');
  for (const pid of children) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone with its parent.
    }
  }
});

const internalError = { code: -32603, message: 'internal error: Maximum call stack size exceeded' };

describe('a tracerConfig of 100,000 nested arrays', () => {
  it.each([
    { name: 'alone, the trace process idle', busy: false, batch: false },
    { name: 'alone, queued behind a busy trace process', busy: true, batch: false },
    { name: 'in a batch, queued behind a busy trace process', busy: true, batch: true },
  ])(
    '$name: answered as the node answers it; the server and its trace process live on',
    async (row) => {
      const c = await connect();
      try {
        const before = traceChildrenOf(serve.pid!);
        expect(before).toHaveLength(1);
        // Sent first on the same connection, so it holds the one trace process when the bomb comes.
        const busy = row.busy ? traceCall(busyTracer) : undefined;
        const running = busy ? c.send(busy.id, JSON.stringify(busy)) : undefined;
        const b = bomb();
        const height = req('eth_blockNumber');
        if (row.batch) {
          expect(await c.send(height.id, `[${JSON.stringify(height)},${b.text}]`)).toEqual([
            { jsonrpc: '2.0', id: height.id, result: '0x3' },
            { jsonrpc: '2.0', id: b.id, error: internalError },
          ]);
        } else {
          expect(await c.send(b.id, b.text)).toEqual({ jsonrpc: '2.0', id: b.id, error: internalError });
        }
        if (busy) expect(await running).toEqual({ jsonrpc: '2.0', id: busy.id, result: 'busy' });
        const after = req('eth_blockNumber');
        expect(await c.send(after.id, JSON.stringify(after))).toEqual({
          jsonrpc: '2.0',
          id: after.id,
          result: '0x3',
        });
        const normal = traceCall(normalTracer);
        expect(await c.send(normal.id, JSON.stringify(normal))).toEqual({
          jsonrpc: '2.0',
          id: normal.id,
          result: 42,
        });
        expect(exited).toBe(false);
        expect(traceChildrenOf(serve.pid!)).toEqual(before);
      } finally {
        c.close();
      }
    },
    60_000,
  );
});
