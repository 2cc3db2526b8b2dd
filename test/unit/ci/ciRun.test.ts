import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// .ci/run with a fake `npm` first on PATH: it records each call and fails where it is told to, so the script's
// control flow is tested without installing or testing anything.
const script = join(import.meta.dirname, '../../../.ci/run');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function runCi(o: {
  ciStatus: number;
  testStatus: number;
  typecheckStatus?: number;
  lintStatus?: number;
  env?: Record<string, string | undefined>;
}) {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-'));
  dirs.push(dir);
  const log = join(dir, 'calls.log');
  writeFileSync(
    join(dir, 'npm'),
    [
      '#!/usr/bin/env bash',
      `echo "npm $* CI=\${CI-unset}" >> '${log}'`,
      `if [ "$1" = ci ]; then echo 'added 0 packages'; exit ${o.ciStatus}; fi`,
      `if [ "$1 $2" = 'run typecheck' ]; then exit ${o.typecheckStatus ?? 0}; fi`,
      `if [ "$1 $2" = 'run lint' ]; then exit ${o.lintStatus ?? 0}; fi`,
      `if [ "$1" = test ]; then echo '12 passed, ${o.testStatus ? 1 : 0} failed'; exit ${o.testStatus}; fi`,
      'exit 99',
    ].join('\n'),
  );
  chmodSync(join(dir, 'npm'), 0o755);
  const env: Record<string, string | undefined> = { ...process.env, PATH: `${dir}:${process.env.PATH}` };
  delete env.CI;
  Object.assign(env, o.env);
  const r = spawnSync('bash', [script], { env: env as NodeJS.ProcessEnv, encoding: 'utf8' });
  const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { status: r.status, stdout: r.stdout.trim().split('\n'), stderr: r.stderr, calls };
}

/** The steps between npm ci and npm test: what the README promises besides the tests. */
const checks = (ci: string) => [`npm run typecheck CI=${ci}`, `npm run lint CI=${ci}`];

describe('.ci/run stops at the first failing step', () => {
  // A type error (vitest strips types, so the tests alone would pass) or a lint/format problem fails the run.
  it.each([
    ['a type error', { typecheckStatus: 2 }, 2, 'npm run typecheck', 1],
    ['a lint or formatting problem', { lintStatus: 1 }, 1, 'npm run lint', 2],
  ])('%s stops the run with its status; npm test never runs', (_what, fail, status, step, ran) => {
    const r = runCi({ ciStatus: 0, testStatus: 0, ...fail });
    expect(r.status).toBe(status);
    expect(r.calls).toEqual(['npm ci --no-audit --no-fund CI=1', ...checks('1').slice(0, ran)]);
    expect(r.stderr).toContain(
      `.ci/run: '${step}' failed with exit status ${status}; the later steps were not run`,
    );
  });

  it('a failed npm ci stops the run with its status; npm test never runs', () => {
    const r = runCi({ ciStatus: 7, testStatus: 0 });
    expect(r.status).toBe(7);
    expect(r.calls).toEqual(['npm ci --no-audit --no-fund CI=1']);
    expect(r.stderr).toContain(
      ".ci/run: 'npm ci --no-audit --no-fund' failed with exit status 7; the later steps were not run",
    );
    expect(r.stdout).not.toContainEqual(expect.stringMatching(/passed/));
  });

  it.each([
    [0, '12 passed, 0 failed'],
    [1, '12 passed, 1 failed'],
  ])('npm test exiting %i: its status, and its count is the last line', (testStatus, last) => {
    const r = runCi({ ciStatus: 0, testStatus });
    expect(r.status).toBe(testStatus);
    expect(r.calls).toEqual(['npm ci --no-audit --no-fund CI=1', ...checks('1'), 'npm test CI=1']);
    expect(r.stdout.at(-1)).toBe(last);
    expect(r.stderr).toBe('');
  });

  it.each([
    [undefined, '1'],
    ['', '1'],
    ['true', 'true'],
  ])('CI=%j reaches the steps as %j (Playwright then starts fresh servers)', (ci, seen) => {
    const r = runCi({ ciStatus: 0, testStatus: 0, env: { CI: ci } });
    expect(r.calls).toEqual([
      `npm ci --no-audit --no-fund CI=${seen}`,
      ...checks(seen),
      `npm test CI=${seen}`,
    ]);
  });
});

describe('Playwright reuses no server under CI', () => {
  it.each(['playwright.config.ts', 'playwright.dev.config.ts'])('%s', (file) => {
    const text = readFileSync(join(import.meta.dirname, '../../..', file), 'utf8');
    expect(text.match(/reuseExistingServer:[^,\n]*/g)).toEqual(['reuseExistingServer: !process.env.CI']);
  });
});
