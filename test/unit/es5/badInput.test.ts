import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEs5, type Es5Result } from '../../../src/core/es5/checkEs5.ts';
import { show } from './es5Cases.ts';

const empty =
  'The tracer is empty: expected an object literal such as {result: function(ctx, db) {…}, fault: function(log, db) {}}';
const tooDeep = 'The code is nested too deeply to check (over 256 levels of brackets)';

function expectWellFormed(source: string, r: Es5Result): void {
  for (const d of r.diagnostics) {
    expect(d.range.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.range.end.offset).toBeLessThanOrEqual(source.length);
    expect(d.range.start.offset).toBeLessThanOrEqual(d.range.end.offset);
    expect(d.message.length).toBeGreaterThan(0);
  }
  const starts = r.diagnostics.map((d) => d.range.start.offset);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
}

describe('empty input', () => {
  for (const code of ['', '   \n\t', '// only a comment', '/* a */ /* b */\n']) {
    it(`${JSON.stringify(code)} is reported as empty`, () => {
      const r = checkEs5(code);
      expect(r.diagnostics.map(show)).toEqual([`1:1 es5/empty-source ${empty}`]);
    });
  }
});

describe('garbage', () => {
  it('binary bytes give a syntax error naming the character', () => {
    const r = checkEs5('\u0000\u0001\u00ff\ufffe');
    expect(r.diagnostics.map(show)).toEqual(["1:1 es5/syntax-error Unexpected character '\\u0000'"]);
    expect(r.ast).toBeNull();
  });
  it('a lone surrogate is printed as an escape', () => {
    const r = checkEs5('{a: 1, \ud800: 2}');
    expect(r.diagnostics.map(show)).toEqual(["1:8 es5/syntax-error Unexpected character '\\uD800'"]);
  });
  it('a lone surrogate inside a string is fine', () => {
    expect(checkEs5('{a: "\ud800"}').diagnostics).toEqual([]);
  });
  it('a byte-order mark before the tracer is whitespace', () => {
    expect(checkEs5('\ufeff{a: 1}').diagnostics).toEqual([]);
  });
  it('a non-string argument gives an error instead of throwing', () => {
    const r = checkEs5(42 as unknown as string);
    expect(r.diagnostics.map(show)).toEqual([
      '1:1 es5/internal-error The ES5 check failed unexpectedly: expected the tracer source as a string, got number',
    ]);
  });
  it('never throws on arbitrary text (property test)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        expectWellFormed(s, checkEs5(s));
      }),
      { numRuns: 300 },
    );
  });
  it('never throws on mangled tracers (property test)', () => {
    const base =
      '{data: [], step: (log) => { let x = `${log.op}`; this.data.push(x ?? 1); }, result() { return 1_0n; }}';
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length }),
        fc.integer({ min: 0, max: base.length }),
        (a, b) => {
          const s = base.slice(0, Math.min(a, b)) + base.slice(Math.max(a, b));
          expectWellFormed(s, checkEs5(s));
          expectWellFormed(s, checkEs5(s, { target: 'geth' }));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('size and depth', () => {
  it('checks a 1 MB tracer', () => {
    const items = Array.from({ length: 110000 }, (_, i) => `"k${i}"`).join(', ');
    const code = `{data: [${items}], result: function () { return this.data; }}`;
    expect(code.length).toBeGreaterThan(1_000_000);
    const r = checkEs5(code);
    expect(r.diagnostics).toEqual([]);
    expect(r.goal).toBe('expression');
  });
  it('checks 1 MB of garbage', () => {
    const code = '@#'.repeat(500_000);
    expect(checkEs5(code).diagnostics.map(show)).toEqual(["1:1 es5/syntax-error Unexpected character '@'"]);
  });
  it('reports ES2015 constructs at the end of a 1 MB tracer', () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `  ${'1234567890, '.repeat(4)}${i},`).join('\n');
    const code = `{data: [\n${lines}\n0],\nstep: (log) => 1, result: function () { let n = 1; return n; }}`;
    expect(code.length).toBeGreaterThan(1_000_000);
    expect(checkEs5(code).diagnostics.map(show)).toEqual([
      `20003:7 es5/arrow-function Arrow function '=>' is ES2015 syntax, not ES5.1: write 'function (…) { return …; }' (note: an arrow function has no own 'this'). geth, reth, anvil and nethermind run this; es5 nodes do not.`,
      "20003:41 es5/let-const 'let' declaration is ES2015 syntax, not ES5.1: use 'var'. geth, reth, anvil and nethermind run this; es5 nodes do not.",
      "20003:41 es5/target-summary The ES5.1 check fails only on syntax geth, reth, anvil and nethermind run: arrow functions (1) and 'let' and 'const' declarations (1) (2 places). Convert the tracer to ES5 for every node, or choose the target geth.",
    ]);
  });
  for (const [name, open, close] of [
    ['parentheses', '(', ')'],
    ['arrays', '[', ']'],
    ['objects', '{a: ', '}'],
  ]) {
    it(`10,000 nested ${name} give a clear error`, () => {
      const code = open.repeat(10000) + '1' + close.repeat(10000);
      const r = checkEs5(code);
      const at = 256 * open.length + 1;
      expect(r.diagnostics.map(show)).toEqual([`1:${at} es5/too-deeply-nested ${tooDeep}`]);
      expect(r.ast).toBeNull();
    });
  }
  it('10,000 unclosed parentheses give the same error', () => {
    expect(checkEs5('('.repeat(10000)).diagnostics.map((d) => d.ruleId)).toEqual(['es5/too-deeply-nested']);
  });
  it('256 nested parentheses are still checked', () => {
    const r = checkEs5('{a: ' + '('.repeat(255) + 'x => 1' + ')'.repeat(255) + '}');
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['es5/arrow-function', 'es5/target-summary']);
  });
  it('257 nested brackets are too deep', () => {
    const r = checkEs5('{a: ' + '['.repeat(256) + ']'.repeat(256) + '}');
    expect(r.diagnostics.map(show)).toEqual([`1:260 es5/too-deeply-nested ${tooDeep}`]);
  });
  it('names such as toString or constructor are not brackets (300 calls in a row)', () => {
    const body = 'x.toString(); x.constructor; x.hasOwnProperty("a"); x.valueOf;\n'.repeat(300);
    expect(checkEs5(`{f: function (x) {\n${body}}}`).diagnostics).toEqual([]);
  });
  it('brackets inside strings, comments and regexps do not count', () => {
    const code = `{s: "${'('.repeat(1000)}", r: /${'\\('.repeat(500)}/ /* ${'['.repeat(1000)} */}`;
    expect(checkEs5(code).diagnostics).toEqual([]);
  });
});
