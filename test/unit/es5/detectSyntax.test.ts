import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { constructs } from './constructList.ts';
import { runners, show, strictMessage as m } from './es5Cases.ts';

// `let q;` (1:19-1:22) makes each source fail the fast ES5 parse, so that the detectors run on all of it.
const letQ = '1:19-1:22 es5/let-const';

describe('declarations, templates, classes, operators, loops: what is named and where', () => {
  it.each([
    ['{f: function () { let q; var a; }}', [letQ]],
    ['{f: function () { using x = y; }}', ['1:19-1:24 es5/using-declaration']],
    // `await using` up to `using`, however far apart.
    [
      '{f: async function () { await  using x = y; }}',
      ['1:5-1:10 es5/async-await', '1:25-1:37 es5/using-declaration'],
    ],
    // The template of a tagged template is part of it; a template as the tag is not, nor is one alone.
    ['{f: function () { let q; return tag`a${b}`; }}', [letQ, '1:33-1:43 es5/tagged-template']],
    [
      '{f: function () { let q; return `a${b}``c`; }}',
      [letQ, '1:33-1:40 es5/template-literal', '1:33-1:43 es5/tagged-template'],
    ],
    ['`a${b}`', ['1:1-1:8 es5/template-literal']],
    // `super` in a class comes with the class; in an object method it is a construct of its own.
    ['{f: function () { class A extends B { m() { return super.m(); } } }}', ['1:19-1:24 es5/class']],
    ['{m() { return super.x; }}', ['1:2-1:3 es5/shorthand-method', '1:15-1:20 es5/super']],
    // ES5 operators, a member access beside a template holding '?.', a 'catch' with its parameter.
    ['{f: function () { let q; return a + b && c; }}', [letQ]],
    ['{f: function () { let q; x += 1; }}', [letQ]],
    ['{f: function () { let q; return a.b + `?.`; }}', [letQ, '1:39-1:43 es5/template-literal']],
    ['{f: function () { let q; try {} catch (e) {} }}', [letQ]],
    ['{f: function () { for (var x of y) {} }}', ['1:19-1:32 es5/for-of']],
    // A line break anywhere but between `)` and the next statement does not stand for the ';'.
    ['{f: function () {\n do {} while (x) y(); }}', ['2:16-2:17 es5/do-while-semicolon']],
  ])('%j', (code, expected) => {
    expect(constructs(code)).toEqual(expected);
  });
});

describe('exact messages', () => {
  const classHint = 'use a constructor function and its prototype';
  it.each([
    [
      '{f: function () { return class {}; }}',
      `1:26 es5/class ${m('Class', 'ES2015', classHint)}${runners.modern}`,
    ],
    [
      '{f: function () { class A { #x; } }}',
      `1:29 es5/private-name ${m("Private name '#x'", 'ES2022', 'use an ordinary property')}${runners.modern}`,
    ],
    [
      'import x from "y"; for await (var z of x) {}',
      `1:24 es5/async-await ${m("'for await' loop", 'ES2017', 'tracer hooks run synchronously: remove async/await')}${runners.modern}`,
    ],
    [
      '{f: function () { let q; a ||= b; }}',
      `1:28 es5/logical-assignment ${m("Logical assignment '||='", 'ES2021', "write 'a = a && b' (or '||')")}${runners.modern}`,
    ],
  ])('%j', (code, expected) => {
    expect(checkEs5(code).diagnostics.map(show)).toContain(expected);
  });
});

it("inserts ';' after 'do … while (…)'", () => {
  const code = '{f: function () { do {} while (x) y(); }}';
  const fix = checkEs5(code).diagnostics.find((d) => d.ruleId === 'es5/do-while-semicolon')!.fix!;
  expect(fix.title).toBe("Insert ';'");
  expect(applyEdits(code, fix.edits)).toBe('{f: function () { do {} while (x); y(); }}');
});
