// Runs every test (unit in Node, end-to-end in Chromium) and ends with the plain line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { playwrightFailures, vitestFailures } from './failedTests.mjs';

mkdirSync('.cache', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
/** One line per failed test, printed again just before the count. */
const failures = [];

function runEnsure() {
  return run('node', ['scripts/ensure-system-packages.mjs']);
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

runEnsure();
const unitStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=.cache/vitest.json',
]);
if (existsSync('.cache/vitest.json')) {
  const j = JSON.parse(readFileSync('.cache/vitest.json', 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  const named = vitestFailures(j, process.cwd());
  failures.push(...named);
  // A crashed file (import error, a failed beforeAll) counts as a failure even when no test inside it ran.
  if (unitStatus !== 0 && j.numFailedTests === 0) {
    failed += Math.max(1, j.numFailedTestSuites ?? 0);
    // Nothing in the report says why: an error outside every file (vitest's "Unhandled Errors").
    if (named.length === 0)
      failures.push(
        `vitest exited with status ${unitStatus} and no failed test: look for "Unhandled Errors" above`,
      );
  }
} else if (unitStatus !== 0) failed += 1;

// Two Playwright configs: the built app (playwright.config.ts) and the dev server (playwright.dev.config.ts).
const e2eRuns = [
  { dir: 'test/e2e', config: 'playwright.config.ts', json: '.cache/playwright.json' },
  { dir: 'test/e2e-dev', config: 'playwright.dev.config.ts', json: '.cache/playwright-dev.json' },
];
for (const { dir, config, json } of e2eRuns) {
  const hasE2e = existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.spec.ts'));
  if (!hasE2e) continue;
  rmSync(json, { force: true });
  const e2eStatus = run('npx', ['playwright', 'test', '--config', config, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: json,
  });
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const s = report.stats ?? {};
    failures.push(...playwrightFailures(report));
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if (e2eStatus !== 0 && !s.unexpected) failed += 1;
  } else if (e2eStatus !== 0) failed += 1;
}

if (failures.length) console.log(['', 'Failed:', ...failures.map((f) => `  ${f}`), ''].join('\n'));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
