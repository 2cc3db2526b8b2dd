// `tracer serve` as a dev node starts: ready (spawn until its first answer, eth_chainId), the first trace after
// ready (opcode-histogram.js on the demo transaction: a trace process must be up) and the resident memory idle (the
// server and its trace processes, VmRSS from /proc, 2 s after that trace). A real `serve` (default --workers 2: one
// trace process kept warm, a second only while requests wait) on 127.0.0.1 per round, stopped by its pid. Each line
// says the load average of the run: the machine it runs on is shared. Goals (issue 27): ready < 0.5 s, first trace
// < 0.3 s, ≤ 250 MB.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createEmbeddedNode } from '../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../src/evm/node/demoDefaults.ts';

const root = process.env.BENCH_SERVE_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.BENCH_SERVE_ROUNDS ?? 5);
let nextId = 1;

async function call(url: string, method: string, params: unknown[]): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  return res.json();
}

/** VmRSS in kB of `pid` and every process below it. */
function residentKb(pid: number): { kb: number; processes: number } {
  const parents = new Map<number, number>();
  for (const e of readdirSync('/proc'))
    if (/^\d+$/.test(e))
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        parents.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Ended while listing.
      }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [p, pp] of parents) if (pp === tree[i]) tree.push(p);
  let kb = 0;
  for (const p of tree)
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Ended.
    }
  return { kb, processes: tree.length };
}

async function oneRound(tracer: string, txHash: string, buildDir: string) {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, TRACER_CLI_BUILD_DIR: buildDir },
  });
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      proc.once('exit', (code) => reject(new Error(`serve exited (${code}): ${out}`)));
    });
    const id = await call(url, 'eth_chainId', []);
    if (!id.result) throw new Error(`eth_chainId: ${JSON.stringify(id)}`);
    const ready = performance.now() - t0;
    const t1 = performance.now();
    const trace = await call(url, 'debug_traceTransaction', [txHash, { tracer }]);
    if (!trace.result?.PUSH1) throw new Error(`the first trace failed: ${JSON.stringify(trace)}`);
    const firstTrace = performance.now() - t1;
    await new Promise((r) => setTimeout(r, 2000));
    return { ready, firstTrace, ...residentKb(proc.pid!) };
  } finally {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
  }
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function range(values: number[], f: (v: number) => string): string {
  return `median ${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))}, n=${values.length})`;
}

export async function runServeStartBench(): Promise<string[]> {
  const demo = (await createEmbeddedNode()).demoDefaults as DemoDefaults;
  const tracer = readFileSync(new URL('../tracer-templates/opcode-histogram.js', import.meta.url), 'utf8');
  // The CLI as `npm ci` builds it (compiled once), built from the sources as they are into a directory of its own.
  // Inside the checkout: the built files import its node_modules.
  mkdirSync(join(root, 'build'), { recursive: true });
  const buildDir = mkdtempSync(join(root, 'build', 'bench-serve-'));
  const runs = [];
  const load = [loadavg()[0]];
  try {
    execFileSync(process.execPath, ['scripts/build-cli.mjs'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, TRACER_CLI_BUILD_DIR: buildDir },
    });
    for (let i = 0; i < rounds; i++) runs.push(await oneRound(tracer, demo.txHash, buildDir));
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
  load.push(loadavg()[0]);
  const at = `; load average ${load.map((l) => l.toFixed(1)).join(' → ')}`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  return [
    `ready (spawn until the first answer): ${range(
      runs.map((r) => r.ready),
      s,
    )}; goal < 0.5 s${at}`,
    `first trace after ready (opcode-histogram.js, demo tx): ${range(
      runs.map((r) => r.firstTrace),
      s,
    )}; goal < 0.3 s${at}`,
    `resident memory idle, server + trace processes (${runs[0].processes} processes): ` +
      `${range(
        runs.map((r) => r.kb),
        mb,
      )}; goal ≤ 250 MB${at}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runServeStartBench()) console.log(line);
}
