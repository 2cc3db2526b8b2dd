import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { fixes, noFix } from './es5Cases.ts';

describe('let / const → var', () => {
  fixes(
    '{f: function () { let x = 1; return x; }}',
    'es5/let-const',
    '{f: function () { var x = 1; return x; }}',
  );
  fixes(
    '{f: function (a) { for (const k in a) {} }}',
    'es5/let-const',
    '{f: function (a) { for (var k in a) {} }}',
  );
  it('is titled after the keyword', () => {
    const d = checkEs5('{f: function () { const x = 1; }}').diagnostics[0];
    expect(d.fix!.title).toBe("Replace 'const' with 'var'");
  });
});

describe('arrow function → function expression', () => {
  fixes('{f: (a, b) => a + b}', 'es5/arrow-function', '{f: function (a, b) { return a + b; }}');
  fixes('{f: a => a * 2}', 'es5/arrow-function', '{f: function (a) { return a * 2; }}');
  fixes('{f: () => ({x: 1})}', 'es5/arrow-function', '{f: function () { return ({x: 1}); }}');
  fixes('{f: (x) => { return x; }}', 'es5/arrow-function', '{f: function (x) { return x; }}');
  fixes(
    '{f: () => function () { return this; }}',
    'es5/arrow-function',
    '{f: function () { return function () { return this; }; }}',
  );
  // As one expression (what geth evaluates) the function needs no parentheses; as a statement it does.
  fixes('x => x;', 'es5/arrow-function', 'function (x) { return x; };');
  fixes('var a = 1;\nx => x;', 'es5/arrow-function', 'var a = 1;\n(function (x) { return x; });');
  noFix('{f: () => this.data}', 'es5/arrow-function');
  noFix('{f: () => arguments[0]}', 'es5/arrow-function');
  noFix('{f: () => () => this}', 'es5/arrow-function');
  noFix('{f: (a = this.x) => a}', 'es5/arrow-function');
  noFix('{f: function () { return () => new.target; }}', 'es5/arrow-function');
  fixes('{f: async (a) => a}', 'es5/arrow-function', '{f: async function (a) { return a; }}', {
    es5Valid: false,
  });
});

describe('template literal → concatenation', () => {
  fixes('{s: `a${x}b`}', 'es5/template-literal', "{s: 'a' + (x) + 'b'}");
  fixes('{s: `${x}`}', 'es5/template-literal', "{s: '' + (x)}");
  fixes("{s: `it's \\`q\\`\n${a + b}`}", 'es5/template-literal', "{s: 'it\\'s `q`\\n' + (a + b)}");
  fixes('{n: `a${x}`.length}', 'es5/template-literal', "{n: ('a' + (x)).length}");
  fixes('{s: f(`a${x}`, 1)}', 'es5/template-literal', "{s: f('a' + (x), 1)}");
  fixes('{s: `plain`}', 'es5/template-literal', "{s: 'plain'}");
});

describe('object literal shorthands', () => {
  fixes('{step(log) { return log; }}', 'es5/shorthand-method', '{step: function (log) { return log; }}');
  fixes("{'fault'() {}}", 'es5/shorthand-method', "{'fault': function () {}}");
  fixes('{data, n: 1}', 'es5/shorthand-property', '{data: data, n: 1}');
  it('a generator method keeps its star (the generator is still reported)', () => {
    const code = '{*g() {}}';
    const d = checkEs5(code).diagnostics.find((x) => x.ruleId === 'es5/shorthand-method')!;
    const out = applyEdits(code, d.fix!.edits);
    expect(out).toBe('{g: function* () {}}');
    expect(checkEs5(out).diagnostics.map((x) => x.ruleId)).toEqual(['es5/generator', 'es5/target-summary']);
  });
  noFix('{m() { return super.m(); }}', 'es5/shorthand-method');
});

describe('operators and literals', () => {
  fixes('{n: a ** b}', 'es5/exponent-operator', '{n: Math.pow(a, b)}');
  fixes('{n: (a + 1) ** -b}', 'es5/exponent-operator', '{n: Math.pow(a + 1, -b)}');
  fixes('{f: function () { x **= 3; }}', 'es5/exponent-operator', '{f: function () { x = Math.pow(x, 3); }}');
  noFix('{f: function () { o.x **= 3; }}', 'es5/exponent-operator');
  fixes('{n: 1_000}', 'es5/numeric-separator', '{n: 1000}');
  fixes('{n: 0b1_01}', 'es5/numeric-separator', '{n: 5}');
  fixes('{n: 0o17}', 'es5/binary-octal-literal', '{n: 15}');
  noFix('{n: 1_000n}', 'es5/numeric-separator');
  fixes('{s: "\\u{41}\\u{1F600}"}', 'es5/unicode-code-point-escape', '{s: "\\u0041\\uD83D\\uDE00"}');
  fixes('{s: "a\u2029b"}', 'es5/line-separator-in-string', '{s: "a\\u2029b"}');
});

describe('statements and commas', () => {
  fixes(
    '{f: function () { try {} catch { g(); } }}',
    'es5/optional-catch-binding',
    '{f: function () { try {} catch (e) { g(); } }}',
  );
  fixes(
    '{f: function (e) { try {} catch { g(e); } }}',
    'es5/optional-catch-binding',
    '{f: function (e) { try {} catch (e1) { g(e); } }}',
  );
  fixes('{f: function (a,) {}}', 'es5/trailing-comma', '{f: function (a) {}}');
  fixes('{f: function () { g(1, 2, ); }}', 'es5/trailing-comma', '{f: function () { g(1, 2 ); }}');
  fixes('do {} while (false) x();', 'es5/do-while-semicolon', 'do {} while (false); x();');
});

describe('applying every fix of a source', () => {
  it('makes a tracer with several (nested) constructs ES5-valid, round by round', () => {
    let code =
      '{data: [], step(log) { const op = log.op.toString(); this.data.push(`${op}:${log.getPC()}`); }, ' +
      'fault() {}, result() { return this.data.map(x => x ** 2); }}';
    for (let round = 0; round < 3; round++) {
      // Nested fixes overlap: take the outer ones now, the inner ones in the next round.
      const taken: { start: number; end: number; text: string }[] = [];
      for (const d of checkEs5(code).diagnostics) {
        const edits = d.fix?.edits ?? [];
        if (edits.every((e) => taken.every((t) => e.end <= t.start || e.start >= t.end)))
          taken.push(...edits);
      }
      code = applyEdits(code, taken);
    }
    expect(code).toBe(
      "{data: [], step: function (log) { var op = log.op.toString(); this.data.push('' + (op) + ':' + (log.getPC())); }, " +
        'fault: function () {}, result: function () { return this.data.map(function (x) { return Math.pow(x, 2); }); }}',
    );
    expect(checkEs5(code).diagnostics).toEqual([]);
  });
});
