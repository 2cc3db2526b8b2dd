import { describe, expect, it } from 'vitest';
import { guardName, instrumentTracerCode } from '../../../src/evm/host/instrumentTracerCode.ts';

const G = `${guardName}();`;
// The opener and closer an arrow's expression body gets.
const A = `(${guardName}(), `;

describe('instrumentTracerCode: constructs the runtime tables do not reach', () => {
  it.each([
    // A named function declared inside the tracer recurses like any other function.
    ['function f() { return f(); }', `function f() {${G} return f(); }`],
    [
      '({step: function () { function g() { g(); } g(); }})',
      `({step: function () {${G} function g() {${G} g(); } g(); }})`,
    ],
    // Array holes are null entries of the tree: skipped, the arrow after them is still reached.
    ['[, x => y]', `[, x => ${A}y)]`],
    // Two closers at one offset: the inner arrow's `)` comes before the loop's `}`.
    ['(function(){ while (1) x => y })', `(function(){${G} while (1) {${G}x => ${A}y)} })`],
    ['do x => y\nwhile (c)', `do {${G}x => ${A}y)}\nwhile (c)`],
    ['a => b => c', `a => ${A}b => ${A}c))`],
  ])('%j', (src, out) => {
    expect(instrumentTracerCode(src)).toBe(out);
  });
});

describe('instrumentTracerCode: what acorn is asked to parse', () => {
  it.each([
    // Syntax newer than acorn's fallback (ES2020) is still instrumented: the V8 realm runs it.
    ['(function(){ a ??= 1; while (a) a &&= 0; })', `(function(){${G} a ??= 1; while (a) {${G}a &&= 0;} })`],
    ['(class { static { for (;;); } })', `(class { static { for (;;){${G};} } })`],
    // A return outside any function is accepted (the text may be a function body).
    ['return function () {};', `return function () {${G}};`],
  ])('%j', (src, out) => {
    expect(instrumentTracerCode(src)).toBe(out);
  });

  // A tracer is a script, never a module: module syntax does not parse, and the text then runs uninstrumented.
  it.each(['import x from "y";', 'export default 1;'])('%j → undefined', (src) => {
    expect(instrumentTracerCode(src)).toBeUndefined();
  });
});
