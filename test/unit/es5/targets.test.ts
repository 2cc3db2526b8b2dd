import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { es5Rules } from '../../../src/core/es5/es5Rules.ts';
import type { TargetId } from '../../../src/core/targets.ts';
import { invalid, runners } from './es5Cases.ts';

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

/** Who runs each construct (the test's own table; docs/targets.md gives the sources). */
const gethRejects = new Set([
  'es5/class',
  'es5/super',
  'es5/class-fields',
  'es5/private-name',
  'es5/class-static-block',
  'es5/generator',
  'es5/async-await',
  'es5/exponent-operator',
  'es5/nullish-coalescing',
  'es5/logical-assignment',
  'es5/numeric-separator',
  'es5/bigint-literal',
  'es5/regexp-syntax',
  'es5/line-separator-in-string',
]);
const nobodyRuns = new Set([
  'es5/top-level-await',
  'es5/import-export',
  'es5/import-meta',
  'es5/using-declaration',
  'es5/hashbang',
]);

const severities = (code: string, target: TargetId, ruleId: string) =>
  checkEs5(code, { target })
    .diagnostics.filter((d) => d.ruleId === ruleId)
    .map((d) => d.severity);

describe('every rule in the table is detected, with the severity each target gives it', () => {
  it('has one sample per rule', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(es5Rules).sort());
  });
  for (const [ruleId, code] of Object.entries(samples)) {
    const geth = gethRejects.has(ruleId) || nobodyRuns.has(ruleId) ? 'error' : 'info';
    const boa = nobodyRuns.has(ruleId) ? 'error' : 'info';
    it(`${ruleId}: es5 error, geth ${geth}, reth/anvil/nethermind ${boa}`, () => {
      expect(checkEs5(code).es5Valid).toBe(false);
      expect(severities(code, 'es5', ruleId)).toEqual(['error']);
      expect(severities(code, 'geth', ruleId)).toEqual([geth]);
      for (const t of ['reth', 'anvil', 'nethermind'] as const)
        expect(severities(code, t, ruleId)).toEqual([boa]);
    });
  }
});

describe('messages name the target', () => {
  const arrow =
    "Arrow function '=>' is ES2015 syntax: geth runs this; es5 nodes do not " +
    "(for every node: write 'function (…) { return …; }' (note: an arrow function has no own 'this')).";
  invalid('{step: (log) => 1}', 'es5/arrow-function', arrow, '1:8', { target: 'geth', severity: 'info' });
  invalid(
    '{n: 10n}',
    'es5/bigint-literal',
    "BigInt literal '10n' is ES2020 syntax, which geth (goja) does not run: geth's goja has no BigInt either: " +
      "use bigInt('…') (BigInteger.js, provided by geth) or a plain number. reth, anvil and nethermind run this.",
    '1:5',
    { target: 'geth', severity: 'error' },
  );
  invalid(
    '{n: 10n}',
    'es5/bigint-literal',
    "BigInt literal '10n' is ES2020 syntax: anvil runs this; es5 nodes do not (for every node: geth's goja has " +
      "no BigInt either: use bigInt('…') (BigInteger.js, provided by geth) or a plain number).",
    '1:5',
    { target: 'anvil', severity: 'info' },
  );
  invalid(
    '{r: /a/d}',
    'es5/regexp-flag',
    "Regular expression flag 'd' is ES2022 syntax, which geth (goja) does not run: use only the flags 'g', 'i' " +
      "and 'm'. reth, anvil and nethermind run this.",
    '1:8',
    { target: 'geth', severity: 'error' },
  );
  invalid(
    '{r: /a/s}',
    'es5/regexp-flag',
    "Regular expression flag 's' is ES2018 syntax, not ES5.1: use only the flags 'g', 'i' and 'm'.",
    '1:8',
    { runners: runners.modern },
  );
  invalid(
    '{r: /a/y}',
    'es5/regexp-flag',
    "Regular expression flag 'y' is ES2015 syntax, not ES5.1: use only the flags 'g', 'i' and 'm'.",
    '1:8',
    { runners: runners.all },
  );
  invalid(
    "import 'x';",
    'es5/import-export',
    "'import' declaration is ES2015 syntax, which nethermind (V8) does not run: a tracer is one object literal: inline the code you need.",
    '1:1',
    { target: 'nethermind', severity: 'error' },
  );
  it('syntax errors stay errors for every target', () => {
    for (const target of ['es5', 'geth', 'anvil'] as const) {
      const r = checkEs5('{a: 1 +}', { target });
      expect(r.diagnostics.map((d) => [d.severity, d.ruleId])).toEqual([['error', 'es5/syntax-error']]);
    }
  });
  it("the profiles earlier versions knew still work: 'goja' is geth, 'strict' is es5", () => {
    expect(checkEs5('{a: () => 1}', { profile: 'goja' }).diagnostics.map((d) => d.severity)).toEqual([
      'info',
      'info',
    ]);
    expect(checkEs5('{a: () => 1}', { profile: 'strict' }).diagnostics.map((d) => d.severity)).toEqual([
      'error',
      'info',
    ]);
  });
});
