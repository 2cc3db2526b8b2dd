import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { constructs } from './constructList.ts';

// `let q;` (1:19-1:22) makes each source fail the fast ES5 parse, so that the detectors run on all of it.
const letQ = '1:19-1:22 es5/let-const';

describe('functions: what is named and where', () => {
  it.each([
    // A bare arrow parameter after a comma: that comma is no trailing comma.
    ['{f: g(a, x => x)}', ['1:10-1:14 es5/arrow-function']],
    // 'async' and '*' of methods, found from the method's start.
    ['{async f() {}}', ['1:2-1:7 es5/async-await', '1:8-1:9 es5/shorthand-method']],
    ['{*g() {}}', ['1:2-1:3 es5/generator', '1:3-1:4 es5/shorthand-method']],
    [
      '{f: function () { class A { static async *m() {} } }}',
      ['1:19-1:24 es5/class', '1:36-1:41 es5/async-await', '1:42-1:43 es5/generator'],
    ],
    // A function as a computed key is no method: its own 'async', not the method's.
    [
      '{async [async function () {}]() {}}',
      ['1:2-1:7 es5/async-await +1', '1:8-1:30 es5/computed-key', '1:8-1:30 es5/shorthand-method'],
    ],
    // A class field's value is no method: 'async' is found from the arrow, not from 'static'.
    [
      '{f: function () { class A { static x = async () => 1; } }}',
      [
        '1:19-1:24 es5/class',
        '1:29-1:54 es5/class-fields',
        '1:40-1:45 es5/async-await',
        '1:40-1:51 es5/arrow-function',
      ],
    ],
    // An async arrow as an argument: 'async' is found from the arrow, not from the call.
    [
      '{f: function () { let q; return foo.bar(async () => 1); }}',
      [letQ, '1:41-1:46 es5/async-await', '1:41-1:52 es5/arrow-function'],
    ],
    // A key named 'async', a '*' that multiplies, an arrow parameter named 'async': no async function, no generator.
    ['{f: function () { let q; return {async: function () {}}; }}', [letQ]],
    ['{f: function () { let q; return a => a * 2; }}', [letQ, '1:33-1:37 es5/arrow-function']],
    ['{f: function () { let q; return [async => 1]; }}', [letQ, '1:34-1:42 es5/arrow-function']],
    // Calls without a trailing comma.
    ['{f: function () { let q; return f(); }}', [letQ]],
    ['{f: function () { let q; return new F; }}', [letQ]],
    ['{f: function () { let q; return f(a, b); }}', [letQ]],
    // 'await': top-level in a module only.
    ['import x from "y"; await x;', ['1:1-1:7 es5/import-export', '1:20-1:25 es5/top-level-await']],
    ['{f: async function () { await x; }}', ['1:5-1:10 es5/async-await']],
    ['{f: async () => { await x; }}', ['1:5-1:10 es5/async-await', '1:5-1:16 es5/arrow-function']],
    ['{f: function (a, b,) { g(a, b,); }}', ['1:19-1:20 es5/trailing-comma +1']],
  ])('%j', (code, expected) => {
    expect(constructs(code)).toEqual(expected);
  });
});

describe('trailing comma fixes', () => {
  it.each([
    ['{f: function (a,) {}}', '{f: function (a) {}}'],
    ['{f: g(a,)}', '{f: g(a)}'],
  ])('%s', (code, out) => {
    const fix = checkEs5(code).diagnostics.find((d) => d.ruleId === 'es5/trailing-comma')!.fix!;
    expect(fix.title).toBe('Remove the trailing comma');
    expect(applyEdits(code, fix.edits)).toBe(out);
  });
});
