import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ProcessTable, watchParent } from '../../../src/cli/serve/watchParent.ts';
import { freePort } from '../../helpers/freePort.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** pid → [parent pid, state, command line] of every process, from /proc. */
function processTable(): Map<number, { ppid: number; state: string; cmd: string }> {
  const table = new Map<number, { ppid: number; state: string; cmd: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      table.set(Number(entry), { ppid: Number(ppid), state, cmd });
    } catch {
      // The process ended while listing.
    }
  }
  return table;
}

/** Every process below `pid` (children, grandchildren…). */
function descendantsOf(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, p] of table)
      if (p.ppid === parent && !found.includes(child)) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/** Running (a zombie waiting for a reaper has ended). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms: number) {
  for (let t = 0; t < ms; t += 100) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** How each way of stopping `npm run tracer -- serve` reaches npm (npm leads its own process group here). */
const stops: [string, (npm: number) => void][] = [
  // npm passes SIGTERM to its `sh -c`, which dies without passing it on: serve sees its parent go.
  ['SIGTERM to npm', (npm) => process.kill(npm, 'SIGTERM')],
  // The shell outlives npm, waiting for serve: serve watches npm through it.
  ['SIGKILL to npm', (npm) => process.kill(npm, 'SIGKILL')],
  // Ctrl+C: the terminal signals the whole foreground process group.
  ['SIGINT to its process group (Ctrl+C)', (npm) => process.kill(-npm, 'SIGINT')],
  // The terminal closes.
  ['SIGHUP to its process group', (npm) => process.kill(-npm, 'SIGHUP')],
];

describe('tracer serve started by npm run', () => {
  it.each(stops)(
    '%s: the port closes and no process of it remains',
    async (name, stop) => {
      const port = await freePort();
      const npm = spawn('npm', ['run', '--silent', 'tracer', '--', 'serve', '--port', String(port)], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      npm.stdout!.on('data', (d) => (stdout += d));
      npm.stderr!.on('data', (d) => (stderr += d));
      let tree: number[] = [];
      try {
        await until(() => stdout.includes('listening'), 'the server', 30_000);
        await until(
          () =>
            (tree = descendantsOf(npm.pid!)).filter((p) =>
              /traceChild(Main\.ts|\.js)\b/.test(processTable().get(p)?.cmd ?? ''),
            ).length === 1,
          'the warm trace process',
          20_000,
        );
        const serve = tree.find((p) => processTable().get(p)?.cmd.includes('bin/tracer.mjs serve'));
        expect(serve, 'the serve process').toBeDefined();
        expect(await portOpen(port)).toBe(true);
        stop(npm.pid!);
        await until(async () => !(await portOpen(port)), 'the port to close', 10_000);
        await until(() => tree.every((p) => !running(p)), 'every process of it to end', 10_000);
        expect(stdout).toContain('embedded node stopped');
        // No stack trace; when serve noticed npm's end itself, it says so.
        expect(stderr).not.toMatch(/Error|\n\s+at /);
        if (name.includes('to npm'))
          expect(stderr).toContain(
            `the process that started it, npm run (pid ${npm.pid}), ended; stopping\n`,
          );
      } finally {
        for (const pid of [npm.pid!, ...tree])
          try {
            if (running(pid)) process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
      }
    },
    60_000,
  );
});

/** A process table in memory: `parents` maps a pid to its parent; `commands` to its argv. */
function fakeTable(
  own: { ppid: number },
  parents: Map<number, number>,
  commands: Record<number, string[]>,
): ProcessTable {
  return {
    ownParent: () => own.ppid,
    parentOf: (pid) => parents.get(pid),
    commandLine: (pid) => commands[pid],
  };
}

describe('watchParent', () => {
  const npmRun = { 10: ['npm run tracer serve'], 20: ['sh', '-c', 'node bin/tracer.mjs serve'] };
  it.each([
    ['its parent is re-parented away', npmRun, (own: { ppid: number }) => (own.ppid = 1), 'npm run (pid 10)'],
    [
      'the parent shell loses npm',
      npmRun,
      (_: unknown, parents: Map<number, number>) => parents.set(20, 1),
      'npm run (pid 10)',
    ],
    [
      'a parent that is no shell ends',
      { 20: ['/usr/bin/node', 'runner.js'] },
      (own: { ppid: number }) => (own.ppid = 7),
      'node runner.js (pid 20)',
    ],
  ] as const)('stops once when %s', async (_, commands, end, label) => {
    const own = { ppid: 20 };
    const parents = new Map([[20, 10]]);
    const reasons: string[] = [];
    const unwatch = watchParent((r) => reasons.push(r), {
      intervalMs: 5,
      table: fakeTable(own, parents, commands as Record<number, string[]>),
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(reasons).toEqual([]);
    (end as (own: { ppid: number }, parents: Map<number, number>) => void)(own, parents);
    await new Promise((r) => setTimeout(r, 30));
    expect(reasons).toEqual([`the process that started it, ${label}, ended`]);
    unwatch();
  });

  it('watches nothing when started by init', async () => {
    const own = { ppid: 1 };
    const reasons: string[] = [];
    watchParent((r) => reasons.push(r), { intervalMs: 5, table: fakeTable(own, new Map(), {}) });
    own.ppid = 5;
    await new Promise((r) => setTimeout(r, 30));
    expect(reasons).toEqual([]);
  });
});
