import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
