import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';

/** The fix of the first `ruleId` diagnostic: its title and the source it makes. */
function fixOf(code: string, ruleId: string): { title: string; out: string } | undefined {
  const fix = checkEs5(code).diagnostics.find((d) => d.ruleId === ruleId)?.fix;
  return fix && { title: fix.title, out: applyEdits(code, fix.edits) };
}

const template = 'Convert the template literal to string concatenation';
const arrow = 'Convert the arrow function to a function expression';
const escapes = 'Use ES5 \\uXXXX escapes';

describe('fix titles and texts', () => {
  it.each([
    [
      '{f: function () { let a = 1; }}',
      'es5/let-const',
      "Replace 'let' with 'var'",
      '{f: function () { var a = 1; }}',
    ],
    ['{f: () => 1}', 'es5/arrow-function', arrow, '{f: function () { return 1; }}'],
    // `this` inside a nested function declaration is that function's own.
    [
      '{f: () => { function g() { return this; } return g; }}',
      'es5/arrow-function',
      arrow,
      '{f: function () { function g() { return this; } return g; }}',
    ],
    // A private name '#arguments' is no use of the 'arguments' binding.
    [
      '{f: function () { class A { #arguments = 1; m(o) { return () => o.#arguments; } } }}',
      'es5/arrow-function',
      arrow,
      '{f: function () { class A { #arguments = 1; m(o) { return function () { return o.#arguments; }; } } }}',
    ],
    // An arrow statement inside parentheses needs no more of them.
    [
      '{f: function () { (() => 1); }}',
      'es5/arrow-function',
      arrow,
      '{f: function () { (function () { return 1; }); }}',
    ],
    // An async arrow with one bare parameter: `async function (x)`, not `(async x)`.
    ['{f: async x => x}', 'es5/arrow-function', arrow, '{f: async function (x) { return x; }}'],
    ['{step(log) {}}', 'es5/shorthand-method', "Write 'step: function (…) {…}'", '{step: function (log) {}}'],
    ['{async f() {}}', 'es5/shorthand-method', "Write 'f: function (…) {…}'", '{f: async function () {}}'],
    ['{*g() {}}', 'es5/shorthand-method', "Write 'g: function (…) {…}'", '{g: function* () {}}'],
    // A computed key keeps its brackets, in the title too.
    ['{[k]() {}}', 'es5/shorthand-method', "Write '[k]: function (…) {…}'", '{[k]: function () {}}'],
    [
      '{f: function () { var a; return {a}; }}',
      'es5/shorthand-property',
      "Write 'a: a'",
      '{f: function () { var a; return {a: a}; }}',
    ],
    [
      '{f: function (a, b) { return a ** b; }}',
      'es5/exponent-operator',
      "Use 'Math.pow(a, b)'",
      '{f: function (a, b) { return Math.pow(a, b); }}',
    ],
    [
      '{f: function (x) { x **= 3; }}',
      'es5/exponent-operator',
      "Use 'x = Math.pow(x, b)'",
      '{f: function (x) { x = Math.pow(x, 3); }}',
    ],
    ['{n: 0b101}', 'es5/binary-octal-literal', "Write '5'", '{n: 5}'],
    // A hex literal with a 'b' digit stays hex: only the underscore goes.
    ['{n: 0x0_b}', 'es5/numeric-separator', "Write '0x0b'", '{n: 0x0b}'],
    [
      '{f: function () { try {} catch {} }}',
      'es5/optional-catch-binding',
      "Write 'catch (e)'",
      '{f: function () { try {} catch (e) {} }}',
    ],
    // 'e' and 'e1' are taken: the next free name.
    [
      '{f: function () { var e, e1; try {} catch {} }}',
      'es5/optional-catch-binding',
      "Write 'catch (e2)'",
      '{f: function () { var e, e1; try {} catch (e2) {} }}',
    ],
    ['{s: "a\u2028b\u2029c"}', 'es5/line-separator-in-string', escapes, String.raw`{s: "a\u2028b\u2029c"}`],
    // An escaped backslash before 'u{' stays; U+FFFF is one escape, U+10000 and U+1F600 surrogate pairs.
    [
      String.raw`{s: "\\u{61}\u{62}\u{FFFF}\u{10000}\u{1F600}"}`,
      'es5/unicode-code-point-escape',
      escapes,
      String.raw`{s: "\\u{61}\u0062\uFFFF\uD800\uDC00\uD83D\uDE00"}`,
    ],
  ])('%s (%s)', (code, ruleId, title, out) => {
    expect(fixOf(code, ruleId)).toEqual({ title, out });
  });

  it('gives no arrow fix when the arrow reads the method’s super', () => {
    const d = checkEs5('{m() { return () => super.x; }}').diagnostics.find(
      (x) => x.ruleId === 'es5/arrow-function',
    );
    expect(d).toBeDefined();
    expect(d!.fix).toBeUndefined();
  });
});

describe('template literal → concatenation: parentheses only where an operator could bind tighter', () => {
  it.each([
    ['`a${b}`', "'a' + (b)"],
    ['{f: function () { var s = `a${b}`; }}', "{f: function () { var s = 'a' + (b); }}"],
    ['{f: function () { return `a${b}`; }}', "{f: function () { return 'a' + (b); }}"],
    ['{f: function () { `a${b}`; }}', "{f: function () { 'a' + (b); }}"],
    ['{f: function () { return [`a${b}`]; }}', "{f: function () { return ['a' + (b)]; }}"],
    ['{f: function () { return (x, `a${b}`); }}', "{f: function () { return (x, 'a' + (b)); }}"],
    ['{f: function () { throw `a${b}`; }}', "{f: function () { throw 'a' + (b); }}"],
    ['{f: function () { g(`a${b}`); }}', "{f: function () { g('a' + (b)); }}"],
    ['{f: function () { new F(`a${b}`); }}', "{f: function () { new F('a' + (b)); }}"],
    ['{f: function () { x = `a${b}`; }}', "{f: function () { x = 'a' + (b); }}"],
    ['{f: function () { return `a${b}` + c; }}', "{f: function () { return 'a' + (b) + c; }}"],
    ['{f: function () { return x ? `a${b}` : 1; }}', "{f: function () { return x ? 'a' + (b) : 1; }}"],
    // A computed key, a callee, a compound assignment, the right of '+', another operator, a test, a member.
    ['{[`a${b}`]: 1}', "{[('a' + (b))]: 1}"],
    ['{f: function () { `a${b}`(); }}', "{f: function () { ('a' + (b))(); }}"],
    ['{f: function () { new `a${b}`(); }}', "{f: function () { new ('a' + (b))(); }}"],
    ['{f: function () { x += `a${b}`; }}', "{f: function () { x += ('a' + (b)); }}"],
    ['{f: function () { return c + `a${b}`; }}', "{f: function () { return c + ('a' + (b)); }}"],
    ['{f: function () { return `a${b}` * c; }}', "{f: function () { return ('a' + (b)) * c; }}"],
    ['{f: function () { return `a${b}` ? 1 : 2; }}', "{f: function () { return ('a' + (b)) ? 1 : 2; }}"],
    ['{f: function () { return `a${b}`.length; }}', "{f: function () { return ('a' + (b)).length; }}"],
    ['{f: function () { return `${b}`.length; }}', "{f: function () { return ('' + (b)).length; }}"],
    // One string alone needs none.
    ['{f: function () { return `abc`.length; }}', "{f: function () { return 'abc'.length; }}"],
    // Backslash, quote, line feed, carriage return (escaped: a raw one reads as a line feed) and the separators.
    ["{s: `a\\\\b'c\nd\\re\u2028f\u2029g`}", "{s: 'a\\\\b\\'c\\nd\\re\\u2028f\\u2029g'}"],
  ])('%s', (code, out) => {
    expect(fixOf(code, 'es5/template-literal')).toEqual({ title: template, out });
  });
});
