import * as acorn from 'acorn';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect, test } from 'vitest';
import { generateOneLine } from '../../../src/core/flatten/generateOneLine.ts';
import { normalizeAst } from '../flatten/normalizeAst.ts';

// Every ES5 script among test262-parser-tests' pass/ files must survive the one-line printer: same AST (see
// normalizeAst), no `"`, one line, and printing the output again gives the same text.
const dir = join(
  dirname(createRequire(import.meta.url).resolve('test262-parser-tests/package.json')),
  'pass',
);
const files = readdirSync(dir).sort();

interface Outcome {
  checked: number;
  modules: number;
  /** Files the requested ecmaVersion cannot parse as a script. */
  notEs5: number;
  failures: string[];
}

type Version = 5 | 'latest';

function roundTrip(name: string, source: string, ecmaVersion: Version): string | null {
  const ast = acorn.parse(source, { ecmaVersion });
  const expected = normalizeAst(acorn.parse(source, { ecmaVersion }));
  const printed = generateOneLine(ast as never);
  if (!printed.ok) return `${name}: ${printed.problem.message}`;
  const code = printed.code;
  let back: acorn.Program;
  try {
    back = acorn.parse(code, { ecmaVersion });
  } catch (e) {
    return `${name}: output does not parse (${(e as Error).message}): ${code.slice(0, 120)}`;
  }
  if (!isDeepStrictEqual(normalizeAst(back), expected)) return `${name}: AST differs: ${code.slice(0, 120)}`;
  if (code.includes('"')) return `${name}: output contains a double quote`;
  if (/[\n\r\u2028\u2029]/.test(code)) return `${name}: output spans several lines`;
  const again = generateOneLine(acorn.parse(code, { ecmaVersion }) as never);
  if (!again.ok || again.code !== code) return `${name}: not idempotent`;
  return null;
}

function runCorpus(ecmaVersion: Version): Outcome {
  const out: Outcome = { checked: 0, modules: 0, notEs5: 0, failures: [] };
  for (const name of files) {
    if (name.includes('.module.')) {
      out.modules++;
      continue;
    }
    const source = readFileSync(join(dir, name), 'utf8');
    try {
      acorn.parse(source, { ecmaVersion });
    } catch {
      out.notEs5++;
      continue;
    }
    out.checked++;
    const failure = roundTrip(name, source, ecmaVersion);
    if (failure) out.failures.push(failure);
  }
  return out;
}

const outcome = runCorpus(5);
const latest = runCorpus('latest');

test(`test262 pass/: ${outcome.checked} ES5 scripts round-trip (skipped: ${outcome.modules} modules — a tracer is never a module; ${outcome.notEs5} not ES5 scripts)`, () => {
  expect(outcome.checked).toBeGreaterThan(1000);
  expect(outcome.checked + outcome.modules + outcome.notEs5).toBe(files.length);
  expect(outcome.failures).toEqual([]);
});

// The goja profile prints ES2015+ as well: the same check over every script acorn 'latest' reads.
test(`test262 pass/: ${latest.checked} scripts (ecmaVersion latest) round-trip (skipped: ${latest.modules} modules; ${latest.notEs5} unreadable)`, () => {
  expect(latest.checked).toBeGreaterThan(1800);
  expect(latest.failures).toEqual([]);
});
