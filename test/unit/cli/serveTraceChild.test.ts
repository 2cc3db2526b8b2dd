import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTracePool } from '../../../src/cli/serve/createTracePool.ts';
import { findTraceChildEntry } from '../../../src/cli/serve/forkTraceChild.ts';

// Which file a trace process runs and how: the built command line forks its built traceChild.js as plain JavaScript
// (no tsx loader compiling TypeScript in every trace process), the sources fork traceChildMain.ts through tsx. And
// how many run: `serve` keeps one warm, starts more while requests wait, and lets the extra ones go when idle.
const root = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;

beforeAll(async () => {
  // Inside the project (its ignored .cache/): the build's chunks find the packages in its node_modules.
  mkdirSync(join(root, '.cache'), { recursive: true });
  dir = mkdtempSync(join(root, '.cache', 'trace-child-'));
  await promisify(execFile)(process.execPath, ['scripts/build-cli.mjs'], {
    cwd: root,
    env: { ...process.env, TRACER_CLI_BUILD_DIR: join(dir, 'build') },
  });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findTraceChildEntry', () => {
  it.each([
    { files: ['traceChildMain.ts'], file: 'traceChildMain.ts', tsx: true },
    { files: ['traceChild.js'], file: 'traceChild.js', tsx: false },
    { files: ['traceChildMain.ts', 'traceChild.js'], file: 'traceChildMain.ts', tsx: true },
    { files: [], file: '../../src/cli/serve/traceChildMain.ts', tsx: true },
  ])('beside $files: $file, tsx $tsx', ({ files, file, tsx }) => {
    const here = mkdtempSync(join(dir, 'entry-'));
    for (const f of files) writeFileSync(join(here, f), '');
    expect(findTraceChildEntry(here)).toEqual({ file: join(here, file), tsx });
  });
});

/** Argument lists (argv) of the trace processes whose parent is `pid` (not tsx's esbuild service, say). */
function childArgs(pid: number): string[][] {
  const found: string[][] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').slice(1, -1);
      if (args.some((a) => a.includes('traceChild'))) found.push(args);
    } catch {
      // Ended while listing.
    }
  }
  return found;
}

async function until<T>(get: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  for (let t = 0; t < ms; t += 50) {
    const value = get();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const countSteps =
  '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function() { return this.n; }}';

describe('tracer serve forks its trace process', () => {
  it.each([
    {
      cli: 'the fresh build',
      buildDir: 'build',
      args: ['--max-old-space-size=512', '<build>/traceChild.js', '--demo-chain'],
    },
    {
      cli: 'the sources (no build)',
      buildDir: 'missing',
      args: [
        '--import',
        '<tsx>',
        '--max-old-space-size=512',
        `${root}src/cli/serve/traceChildMain.ts`,
        '--demo-chain',
      ],
    },
  ])(
    'from $cli: $args',
    async ({ buildDir, args }) => {
      const build = join(dir, buildDir);
      const serve = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', '0'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, TRACER_CLI_BUILD_DIR: build },
      });
      try {
        let out = '';
        serve.stdout!.on('data', (d) => (out += d));
        const url = await until(() => /listening on (http:\S+)/.exec(out)?.[1], 'the server');
        const [child] = await until(() => {
          const c = childArgs(serve.pid!);
          return c.length ? c : undefined;
        }, 'the trace process');
        const shown = child.map((a) =>
          a.replace(build, '<build>').replace(/^file:\S*\/node_modules\/tsx\/\S+$/, '<tsx>'),
        );
        expect(shown).toEqual(args);
        // And it traces.
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'debug_traceCall',
            params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest', { tracer: countSteps }],
          }),
        });
        expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 0 });
      } finally {
        const exited = new Promise((r) => serve.once('exit', r));
        serve.kill('SIGTERM');
        await exited;
      }
    },
    90_000,
  );
});

const busy = (ms: number) =>
  `{fault: function() {}, result: function() { var t = Date.now(); while (Date.now() - t < ${ms}) {} return 'done'; }}`;
const traceOf = (tracer: string) => {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'debug_traceCall',
    params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest', { tracer }],
  };
  return { body, text: JSON.stringify(body) };
};

describe('a pool with one warm process', () => {
  it.each([
    { workers: 2, traces: 1, peak: 1 },
    { workers: 2, traces: 3, peak: 2 },
    { workers: 1, traces: 2, peak: 1 },
  ])(
    '$workers workers, $traces traces at once: $peak processes at the peak, 1 once idle',
    async ({ workers, traces, peak }) => {
      const pool = createTracePool({ workers, warm: 1, idleMs: 300 });
      try {
        await pool.ready();
        expect(pool.pids()).toHaveLength(1);
        let most = 0;
        const sample = setInterval(() => (most = Math.max(most, pool.pids().length)), 10);
        const answers = await Promise.all(
          Array.from({ length: traces }, () => pool.trace(traceOf(busy(1500)))),
        );
        clearInterval(sample);
        for (const a of answers) expect(JSON.parse(a!).result).toBe('done');
        expect(most).toBe(peak);
        await until(
          () => (pool.pids().length === 1 ? true : undefined),
          'the extra processes to end',
          10_000,
        );
        expect(JSON.parse((await pool.trace(traceOf(countSteps)))!).result).toBe(0);
      } finally {
        await pool.close();
      }
    },
    90_000,
  );

  it('a warm process that dies is replaced at once', async () => {
    const pool = createTracePool({ workers: 2, warm: 1, idleMs: 60_000 });
    try {
      await pool.ready();
      const [warm] = pool.pids();
      process.kill(warm, 'SIGKILL');
      const [next] = await until(() => {
        const p = pool.pids();
        return p.length === 1 && p[0] !== warm ? p : undefined;
      }, 'a new warm process');
      expect(next).not.toBe(warm);
      expect(JSON.parse((await pool.trace(traceOf(countSteps)))!).result).toBe(0);
    } finally {
      await pool.close();
    }
  }, 90_000);
});
