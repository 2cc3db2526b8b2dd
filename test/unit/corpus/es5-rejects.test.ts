import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse, parseExpressionAt, type Options, type Token } from 'acorn';
import { describe, expect, it } from 'vitest';
import { checkEs5, type Es5Result } from '../../../src/core/es5/checkEs5.ts';

// test262-parser-tests: parser conformance files written by the test262 authors, not by this project.
const root = dirname(createRequire(import.meta.url).resolve('test262-parser-tests/package.json'));

interface CorpusFile {
  dir: string;
  name: string;
  source: string;
}

function load(dir: string): CorpusFile[] {
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ dir, name, source: readFileSync(join(root, dir, name), 'utf8') }));
}

function accepts(source: string, options: Options): boolean {
  try {
    parse(source, options);
    return true;
  } catch {
    return false;
  }
}

/** One expression, then at most whitespace, comments and one ';' (the reading checkEs5 prefers). */
function isOneExpression(source: string): boolean {
  try {
    const tokens: Token[] = [];
    parseExpressionAt(source, 0, { ecmaVersion: 'latest', onToken: tokens });
    const rest = source.slice(tokens[tokens.length - 1].end).replace(/\/\*[\s\S]*?\*\/|\/\/.*|\s/g, '');
    return rest === '' || rest === ';';
  } catch {
    return false;
  }
}

const notNamed = new Set([
  'es5/syntax-error',
  'es5/unsupported-syntax',
  'es5/internal-error',
  'es5/empty-source',
]);
const named = (r: Es5Result) => r.diagnostics.some((d) => !notNamed.has(d.ruleId));
const ruleIds = (r: Es5Result) => r.diagnostics.map((d) => d.ruleId).join(',');

const pass = load('pass');
const scripts = pass.filter((f) => !f.name.includes('.module.'));
const modules = pass.filter((f) => f.name.includes('.module.'));
const latestOnly = scripts.filter(
  (f) => !accepts(f.source, { ecmaVersion: 5 }) && accepts(f.source, { ecmaVersion: 'latest' }),
);
const es5Scripts = scripts.filter((f) => accepts(f.source, { ecmaVersion: 5 }));
const es5AsExpression = es5Scripts.filter((f) => isOneExpression(f.source));
const moduleOnly = modules.filter(
  (f) =>
    !accepts(f.source, { ecmaVersion: 'latest' }) &&
    accepts(f.source, { ecmaVersion: 'latest', sourceType: 'module' }),
);
const moduleAsScript = modules.filter((f) => accepts(f.source, { ecmaVersion: 'latest' }));
const all = [...pass, ...load('pass-explicit'), ...load('fail'), ...load('early')];
const failing = [...load('fail'), ...load('early')].filter(
  (f) =>
    !accepts(f.source, { ecmaVersion: 'latest' }) &&
    !accepts(f.source, { ecmaVersion: 'latest', sourceType: 'module' }) &&
    !accepts(f.source, { ecmaVersion: 5 }) &&
    !isOneExpression(f.source),
);

describe('test262-parser-tests corpus', () => {
  it('is installed and complete', () => {
    expect(pass.length).toBeGreaterThan(1900);
    expect(latestOnly.length).toBeGreaterThan(600);
  });

  it(`names a construct in each of the ${latestOnly.length} pass/ scripts ES5 rejects and latest JS accepts`, () => {
    const unnamed = latestOnly
      .map((f) => ({ f, r: checkEs5(f.source) }))
      .filter(({ r }) => !named(r))
      .map(({ f, r }) => `${f.name}: ${ruleIds(r)}`);
    expect(unnamed).toEqual([]);
  });

  it(`reports nothing for the ${es5Scripts.length - es5AsExpression.length} ES5-valid pass/ scripts that are not one expression`, () => {
    const reported = es5Scripts
      .filter((f) => !es5AsExpression.includes(f))
      .map((f) => ({ f, r: checkEs5(f.source) }))
      .filter(({ r }) => r.diagnostics.some((d) => d.ruleId !== 'es5/empty-source') || !r.es5Valid)
      .map(({ f, r }) => `${f.name}: ${ruleIds(r)}`);
    expect(reported).toEqual([]);
  });

  it(`reads the ${es5AsExpression.length} ES5-valid pass/ scripts that are one expression as that expression, without syntax errors`, () => {
    // e.g. `{ a }` is a block to a script parser but the object {a: a} to geth, which wraps the code in parentheses.
    const bad = es5AsExpression
      .map((f) => ({ f, r: checkEs5(f.source) }))
      .filter(({ r }) => r.goal !== 'expression' || r.diagnostics.some((d) => notNamed.has(d.ruleId)))
      .map(({ f, r }) => `${f.name}: ${r.goal} ${ruleIds(r)}`);
    expect(bad).toEqual([]);
  });

  it(`reports import/export (or top-level await) in the ${moduleOnly.length} pass/ modules only a module parser accepts`, () => {
    const missing = moduleOnly
      .map((f) => ({ f, r: checkEs5(f.source) }))
      .filter(
        ({ r }) =>
          !r.diagnostics.some((d) => /^es5\/(import-export|import-meta|top-level-await)$/.test(d.ruleId)),
      )
      .map(({ f, r }) => `${f.name}: ${ruleIds(r)}`);
    expect(missing).toEqual([]);
  });

  it(`checks the ${moduleAsScript.length} pass/ modules a script parser accepts like scripts`, () => {
    const bad = moduleAsScript
      .map((f) => ({ f, r: checkEs5(f.source) }))
      .filter(({ f, r }) => (accepts(f.source, { ecmaVersion: 5 }) ? !r.es5Valid : !named(r)))
      .map(({ f, r }) => `${f.name}: ${ruleIds(r)}`);
    expect(bad).toEqual([]);
    expect(moduleOnly.length + moduleAsScript.length).toBe(modules.length);
  });

  it(`gives a syntax error for each of the ${failing.length} fail/ and early/ files no parser reading accepts`, () => {
    const missing = failing
      .map((f) => ({ f, r: checkEs5(f.source) }))
      .filter(({ r }) => r.ast !== null || !r.diagnostics.some((d) => d.ruleId === 'es5/syntax-error'))
      .map(({ f, r }) => `${f.dir}/${f.name}: ${ruleIds(r)}`);
    expect(missing).toEqual([]);
  });

  it(`never throws and returns well-formed diagnostics for all ${all.length} files (and the goja profile where they have constructs)`, () => {
    const bad: string[] = [];
    for (const f of all) {
      const strict = checkEs5(f.source);
      // The goja profile only changes constructs' severities: check it where there are constructs.
      const results =
        strict.ast && !strict.es5Valid ? [strict, checkEs5(f.source, { profile: 'goja' })] : [strict];
      for (const r of results) {
        const starts = r.diagnostics.map((d) => d.range.start.offset);
        const inBounds = r.diagnostics.every(
          (d) => d.range.start.offset <= d.range.end.offset && d.range.end.offset <= f.source.length,
        );
        const sorted = starts.every((s, i) => i === 0 || starts[i - 1] <= s);
        if (r.diagnostics.some((d) => d.ruleId === 'es5/internal-error') || !inBounds || !sorted) {
          bad.push(`${f.dir}/${f.name}: ${ruleIds(r)}`);
        }
        if (!r.es5Valid && r.diagnostics.length === 0)
          bad.push(`${f.dir}/${f.name}: rejected without a diagnostic`);
      }
    }
    expect(bad).toEqual([]);
  });
});
