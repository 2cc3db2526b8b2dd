import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildDemoChain } from '../../../src/evm/node/buildDemoChain.ts';
import { snapshotDemoChain } from '../../../src/evm/node/demoChainSnapshot.ts';
import { runInNewContext } from 'node:vm';

// The command line as `npm ci` builds it (scripts/build-cli.mjs, the package's `prepare` script) and as bin/tracer.mjs
// chooses it: the build while no source it was built from changed, the sources through tsx otherwise. Both must
// print the same. The build goes to a directory of this test's (TRACER_CLI_BUILD_DIR), never the project's own build/.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
let dir: string;

async function tracer(buildDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/tracer.mjs', ...args], {
      cwd: root,
      env: { ...process.env, TRACER_CLI_BUILD_DIR: buildDir, TRACER_CLI_SAY_ENTRY: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

beforeAll(async () => {
  // Inside the project (its ignored .cache/): the build's chunks find the packages in its node_modules.
  mkdirSync(join(root, '.cache'), { recursive: true });
  dir = mkdtempSync(join(root, '.cache', 'cli-build-'));
  const { stdout } = await run(process.execPath, ['scripts/build-cli.mjs'], {
    cwd: root,
    env: { ...process.env, TRACER_CLI_BUILD_DIR: join(dir, 'fresh') },
  });
  expect(stdout).toMatch(/^tracer CLI built: \d+ sources → /);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the fresh build whose manifest says its sources are newer than it (as after an edit). */
function staleCopy(): string {
  const stale = join(dir, 'stale');
  rmSync(stale, { recursive: true, force: true });
  const fresh = join(dir, 'fresh');
  execFileSync('cp', ['-r', fresh, stale]);
  const manifest = JSON.parse(readFileSync(join(stale, 'manifest.json'), 'utf8'));
  writeFileSync(join(stale, 'manifest.json'), JSON.stringify({ ...manifest, newest: 0 }));
  return stale;
}
const commands: Array<[string, string[]]> = [
  ['check of a template', ['check', 'tracer-templates/call.js']],
  ['flatten of a template', ['flatten', 'tracer-templates/opcode-histogram.js']],
  ['a usage error', ['check']],
  ['rules --json', ['rules', '--json']],
  // The build restores the demo chain from its snapshot, the sources build it.
  ['the demo chain', ['demo']],
];

describe('bin/tracer.mjs runs the build while it is fresh, the sources otherwise, with the same output', () => {
  it.each(commands)(
    '%s',
    async (_what, args) => {
      const built = await tracer(join(dir, 'fresh'), ...args);
      const stale = await tracer(staleCopy(), ...args);
      const none = await tracer(join(dir, 'missing'), ...args);
      expect(built.stderr.split('\n')[0]).toBe('tracer: running the build');
      expect(stale.stderr.split('\n')[0]).toBe('tracer: running the sources');
      expect(none.stderr.split('\n')[0]).toBe('tracer: running the sources');
      const rest = (r: { stderr: string }) => r.stderr.split('\n').slice(1).join('\n');
      expect([stale.code, stale.stdout, rest(stale)]).toEqual([built.code, built.stdout, rest(built)]);
      expect([none.code, none.stdout, rest(none)]).toEqual([built.code, built.stdout, rest(built)]);
    },
    60_000,
  );
});

describe('the build', () => {
  it('holds the demo chain as its sources build it, as data', async () => {
    const fresh = join(dir, 'fresh');
    const found = readdirSync(fresh)
      .filter((f) => f.endsWith('.js'))
      .map((f) =>
        /builtDemoSnapshot = JSON\.parse\(('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\)/.exec(
          readFileSync(join(fresh, f), 'utf8'),
        ),
      )
      .filter((m) => m !== null);
    expect(found).toHaveLength(1);
    // The string literal as esbuild wrote it, read as JavaScript reads it.
    const built = JSON.parse(runInNewContext(found[0]![1]));
    expect(built).toEqual(JSON.parse(JSON.stringify(snapshotDemoChain(await buildDemoChain()))));
  }, 60_000);

  it('serves HTTP and WebSocket with the ws package bundled into it', async () => {
    const proc = spawn(process.execPath, ['bin/tracer.mjs', 'serve', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TRACER_CLI_BUILD_DIR: join(dir, 'fresh'), TRACER_CLI_SAY_ENTRY: '1' },
    });
    let err = '';
    proc.stderr!.on('data', (d) => (err += d));
    try {
      let out = '';
      const wsUrl = await new Promise<string>((resolve, reject) => {
        proc.stdout!.on('data', (d) => {
          out += d;
          const m = /and (ws:\/\/\S+) \(WebSocket\)/.exec(out);
          if (m) resolve(m[1]);
        });
        proc.once('exit', (code) => reject(new Error(`serve exited (${code}): ${out} ${err}`)));
      });
      expect(err.split('\n')[0]).toBe('tracer: running the build');
      const socket = new WebSocket(wsUrl);
      const answer = await new Promise<string>((resolve, reject) => {
        socket.once('open', () =>
          socket.send('{"jsonrpc":"2.0","id":7,"method":"eth_blockNumber","params":[]}'),
        );
        socket.once('message', (data) => resolve(String(data)));
        socket.once('error', reject);
      });
      socket.close();
      expect(JSON.parse(answer)).toEqual({ jsonrpc: '2.0', id: 7, result: '0x3' });
      expect(readdirSync(join(dir, 'fresh')).some((f) => f.startsWith('ws'))).toBe(false);
    } finally {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
