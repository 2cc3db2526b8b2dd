import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { playwrightFailures, vitestFailures } from '../../../scripts/failedTests.mjs';

const vitest = (files: unknown[]) => ({ testResults: files });
const file = (name: string, status: string, tests: unknown[], message = '') => ({
  name,
  status,
  message,
  assertionResults: tests,
});
const test = (fullName: string, status: string, failureMessages: string[] = []) => ({
  fullName,
  status,
  failureMessages,
});

describe('vitestFailures names each failed test of a vitest JSON report', () => {
  it.each([
    ['all passed', vitest([file('/r/a.test.ts', 'passed', [test('x', 'passed')])]), []],
    [
      'a failed test, colour codes dropped, first line only',
      vitest([
        file('/r/test/a.test.ts', 'failed', [
          test('d > x', 'passed'),
          test('d > y', 'failed', [
            '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3',
          ]),
        ]),
      ]),
      ['test/a.test.ts > d > y: AssertionError: expected 1 to be 2'],
    ],
    [
      'a file that failed to load',
      vitest([file('/r/b.test.ts', 'failed', [], 'Error: Cannot find module x\nmore')]),
      ['b.test.ts: Error: Cannot find module x'],
    ],
    [
      'a long message is cut at 200 characters',
      vitest([file('/r/c.test.ts', 'failed', [test('z', 'failed', ['E'.repeat(300)])])]),
      [`c.test.ts > z: ${'E'.repeat(199)}…`],
    ],
    ['no report', undefined, []],
  ])('%s', (_what, report, lines) => {
    expect(vitestFailures(report, '/r')).toEqual(lines);
  });
});

describe('playwrightFailures names each unexpected test of a Playwright JSON report', () => {
  const spec = (title: string, status: string, message?: string) => ({
    title,
    file: 'x.spec.ts',
    line: 7,
    tests: [{ status, results: [{ status: 'failed', error: message ? { message } : undefined }] }],
  });
  it.each([
    [
      'passed and flaky are not failures',
      { suites: [{ specs: [spec('a', 'expected'), spec('b', 'flaky')] }] },
      [],
    ],
    [
      'a failure inside a nested suite',
      { suites: [{ suites: [{ specs: [spec('c', 'unexpected', 'Timeout 5000ms exceeded.\nCall log')] }] }] },
      ['x.spec.ts:7 › c: Timeout 5000ms exceeded.'],
    ],
    [
      'a failure without a message names its status',
      { suites: [{ specs: [spec('d', 'unexpected')] }] },
      ['x.spec.ts:7 › d: failed'],
    ],
    [
      'a global error',
      { suites: [], errors: [{ message: 'webServer exited early' }] },
      ['Playwright: webServer exited early'],
    ],
  ])('%s', (_what, report, lines) => {
    expect(playwrightFailures(report)).toEqual(lines);
  });
});
