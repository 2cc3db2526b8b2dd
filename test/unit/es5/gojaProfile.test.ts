import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { es5Rules } from '../../../src/core/es5/es5Rules.ts';
import { invalid } from './es5Cases.ts';

/** One sample per rule; the ES5 parser rejects each, and the check must name the rule. */
const samples: Record<string, string> = {
  'es5/let-const': '{f: function () { let x; }}',
  'es5/arrow-function': '{f: () => 1}',
  'es5/template-literal': '{s: `a`}',
  'es5/tagged-template': '{s: t`a`}',
  'es5/class': '{C: class {}}',
  'es5/super': '{o: {m() { super.m(); }}}',
  'es5/class-fields': '{C: class { x = 1 }}',
  'es5/private-name': '{C: class { #x }}',
  'es5/class-static-block': '{C: class { static {} }}',
  'es5/shorthand-method': '{m() {}}',
  'es5/shorthand-property': '{a}',
  'es5/computed-key': '{[a]: 1}',
  'es5/spread': '{a: [...b]}',
  'es5/object-spread': '{a: {...b}}',
  'es5/rest': '{f: function (...a) {}}',
  'es5/destructuring': '{f: function () { var {a} = b; }}',
  'es5/default-parameter': '{f: function (a = 1) {}}',
  'es5/for-of': '{f: function () { for (var a of b); }}',
  'es5/generator': '{f: function* () {}}',
  'es5/async-await': '{f: async function () {}}',
  'es5/top-level-await': 'export {};\nawait 1;',
  'es5/exponent-operator': '{n: 2 ** 3}',
  'es5/optional-chaining': '{v: a?.b}',
  'es5/nullish-coalescing': '{v: a ?? b}',
  'es5/logical-assignment': '{f: function () { a ||= b; }}',
  'es5/numeric-separator': '{n: 1_0}',
  'es5/bigint-literal': '{n: 1n}',
  'es5/binary-octal-literal': '{n: 0b1}',
  'es5/unicode-code-point-escape': '{s: "\\u{41}"}',
  'es5/unicode-identifier': '{\ud800\udc00: 1}',
  'es5/regexp-flag': '{r: /a/u}',
  'es5/regexp-syntax': '{r: /(?<a>b)/}',
  'es5/new-target': '{f: function () { new.target; }}',
  'es5/import-export': "import 'x';",
  'es5/import-meta': 'export {};\nimport.meta;',
  'es5/using-declaration': '{f: function () { using a = b; }}',
  'es5/hashbang': '#!x\n({})',
  'es5/trailing-comma': '{f: function () { g(1,); }}',
  'es5/optional-catch-binding': '{f: function () { try {} catch {} }}',
  'es5/duplicate-property': '{a: 1, get a() {}}',
  'es5/do-while-semicolon': 'do ; while (0) x;',
  'es5/line-separator-in-string': '{s: "\u2028"}',
};

/** Constructs geth's goja engine does not run: errors in the goja profile too. */
const gojaErrors = new Set([
  'es5/class-static-block',
  'es5/top-level-await',
  'es5/logical-assignment',
  'es5/numeric-separator',
  'es5/bigint-literal',
  'es5/import-export',
  'es5/import-meta',
  'es5/using-declaration',
  'es5/hashbang',
  'es5/do-while-semicolon',
]);

describe('every rule in the table is detected', () => {
  it('has one sample per rule', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(es5Rules).sort());
  });
  for (const [ruleId, code] of Object.entries(samples)) {
    it(`${ruleId}: an error in strict, ${gojaErrors.has(ruleId) ? 'an error' : 'a warning'} in goja`, () => {
      const strict = checkEs5(code);
      expect(strict.es5Valid).toBe(false);
      expect(strict.diagnostics.filter((d) => d.ruleId === ruleId).map((d) => d.severity)).toEqual(['error']);
      const goja = checkEs5(code, { profile: 'goja' });
      const expected = gojaErrors.has(ruleId) ? 'error' : 'warning';
      expect(goja.diagnostics.filter((d) => d.ruleId === ruleId).map((d) => d.severity)).toEqual([expected]);
    });
  }
});

describe('goja messages', () => {
  invalid(
    '{step: (log) => 1}',
    'es5/arrow-function',
    "Arrow function '=>' is ES2015 syntax: it runs on goja-based geth but not on strict ES5.1 engines; " +
      "write 'function (…) { return …; }' (note: an arrow function has no own 'this').",
    '1:8',
    { profile: 'goja', severity: 'warning' },
  );
  invalid(
    '{n: 10n}',
    'es5/bigint-literal',
    "BigInt literal '10n' is ES2020 syntax, which neither ES5.1 engines nor geth's goja engine accept: " +
      "geth's goja has no BigInt either: use bigInt('…') (BigInteger.js, provided by geth) or a plain number.",
    '1:5',
    { profile: 'goja', severity: 'error' },
  );
  invalid(
    '{r: /a/d}',
    'es5/regexp-flag',
    "Regular expression flag 'd' is ES2022 syntax, which neither ES5.1 engines nor geth's goja engine accept: " +
      "use only the flags 'g', 'i' and 'm'.",
    '1:8',
    { profile: 'goja', severity: 'error' },
  );
  invalid(
    '{r: /a/s}',
    'es5/regexp-flag',
    "Regular expression flag 's' is ES2018 syntax: it runs on goja-based geth but not on strict ES5.1 engines; " +
      "use only the flags 'g', 'i' and 'm'.",
    '1:8',
    { profile: 'goja', severity: 'warning' },
  );
  it('syntax errors stay errors in goja', () => {
    const r = checkEs5('{a: 1 +}', { profile: 'goja' });
    expect(r.diagnostics.map((d) => [d.severity, d.ruleId])).toEqual([['error', 'es5/syntax-error']]);
  });
});
