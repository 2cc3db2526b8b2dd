import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ProcessTable, watchParent } from '../../../src/cli/serve/watchParent.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'serve-stays-up-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** pid → parent pid of every live (not zombie) process, from /proc. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') out.set(Number(entry), Number(ppid));
    } catch {
      // Ended while listing.
    }
  }
  return out;
}

function descendants(pid: number): number[] {
  const table = parents();
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of table)
      if (parent === p && !found.includes(child)) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

async function until<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms: number,
): Promise<T> {
  for (let t = 0; t < ms; t += 100) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

async function chainId(url: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
  });
  return ((await res.json()) as { result: unknown }).result;
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

describe('tracer serve started in the background by a script that exits', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)(
    'still answers once the script has exited; %s stops it and leaves no process',
    async (signal) => {
      const out = join(dir, `${signal}.out`);
      const pidFile = join(dir, `${signal}.pid`);
      // What a user's "start the node, then run the tests" script does.
      const script = spawn(
        'sh',
        ['-c', `node bin/tracer.mjs serve --port 0 > ${out} 2>&1 & echo $! > ${pidFile}`],
        { cwd: root, stdio: 'ignore' },
      );
      await new Promise((r) => script.on('close', r));
      const pid = Number(readFileSync(pidFile, 'utf8'));
      let tree: number[] = [];
      try {
        const url = await until(() => /listening on (http:\S+)/.exec(read(out))?.[1], 'its URL', 60_000);
        // The watch polls every 500 ms: well past it, serve must still be there, its warm trace process included.
        tree = await until(
          () => {
            const t = descendants(pid);
            return t.length >= 1 ? t : undefined;
          },
          'its trace process',
          30_000,
        );
        await new Promise((r) => setTimeout(r, 1500));
        expect(await chainId(url)).toBe('0x539');
        expect(parents().has(pid)).toBe(true);
        process.kill(pid, signal);
        await until(() => !parents().has(pid) || undefined, 'serve to end', 15_000);
        await until(
          () => tree.every((p) => !parents().has(p)) || undefined,
          'its trace processes to end',
          15_000,
        );
        expect(read(out)).toContain('embedded node stopped');
        expect(read(out)).not.toMatch(/Error|\n\s+at /);
      } finally {
        for (const p of [pid, ...tree])
          try {
            process.kill(p, 'SIGKILL');
          } catch {
            // Already gone.
          }
      }
    },
    120_000,
  );
});

/** A process table in memory: `parents` maps a pid to its parent; `commands` to its argv. */
function fakeTable(
  own: { ppid: number },
  table: Map<number, number>,
  commands: Record<number, string[]>,
): ProcessTable {
  return {
    ownParent: () => own.ppid,
    parentOf: (pid) => table.get(pid),
    commandLine: (pid) => commands[pid],
  };
}

describe('watchParent: which starters serve stops with', () => {
  it.each([
    // [case, the parent's argv (pid 20), the grandparent's argv (pid 10), watched]
    ['npm run tracer -- serve', ['sh', '-c', 'node bin/tracer.mjs serve'], ['npm run tracer'], true],
    [
      'npm run under node npm-cli.js',
      ['sh', '-c', 'tracer serve'],
      ['node', '/usr/lib/npm/bin/npm-cli.js'],
      true,
    ],
    ['an npm script that backgrounds it', ['sh', '-c', 'tracer serve & sleep 1'], ['npm run x'], false],
    ['a shell script', ['bash', './start-node.sh'], ['bash'], false],
    ['sh -c from a program', ['sh', '-c', 'node bin/tracer.mjs serve > log &'], ['node', 'runner.js'], false],
    [
      'sh -c that waits, started by a program',
      ['sh', '-c', 'tracer serve && x'],
      ['node', 'runner.js'],
      false,
    ],
    ['an interactive login shell', ['-bash'], ['sshd'], false],
    ['a program (a test runner)', ['/usr/bin/node', 'runner.js'], ['bash'], true],
  ] as const)('%s: watched %s', async (_name, parentArgv, grandArgv, watched) => {
    const own = { ppid: 20 };
    const table = new Map([[20, 10]]);
    const reasons: string[] = [];
    const unwatch = watchParent((r) => reasons.push(r), {
      intervalMs: 5,
      table: fakeTable(own, table, { 20: [...parentArgv], 10: [...grandArgv] }),
    });
    own.ppid = 1;
    await new Promise((r) => setTimeout(r, 40));
    expect(reasons.length).toBe(watched ? 1 : 0);
    unwatch();
  });
});
