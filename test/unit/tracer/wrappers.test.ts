import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

// Issue #12 item 3: `var|let|const X = {…};` is stripped before any rule runs; `function f() { return {…}; }`,
// `module.exports = {…}` and `export default {…}` get a one-click fix keeping the object.

const body = 'fault: function (log, db) {}, result: function (ctx, db) { return 1; }';
const flat = '{fault:function(log,db){},result:function(ctx,db){return 1;}}';
const exportsNote =
  "geth evaluates the tracer as one expression, so 'module.exports = {...}' is a syntax error there; only the object literal is sent";
const defaultNote =
  "geth evaluates the tracer as one expression, so 'export default {...}' is a syntax error there; only the object literal is sent";
const fnError = (name: string, tail: string) =>
  `The tracer object is returned by the function '${name}'; a node evaluates the text as one expression and gets the function, not a tracer: ${tail}`;
const exportedFnError = (name: string, tail: string) =>
  `The tracer object is returned by the function '${name}'; a node evaluates the text as one expression and gets the function, not a tracer, and its 'module.exports' line is not part of the tracer: ${tail}`;
const twoStatements =
  '1:1 error tracer/not-an-object The tracer must be one object literal, not 2 statements';

const show = (source: string) =>
  checkTracer(source).diagnostics.map(
    (d) => `${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.ruleId} ${d.message}`,
  );

describe('wrappers', () => {
  // source, exact diagnostics, text after the fix (or null: no fix), flattened (or null: refused)
  const rows: [string, string[], string | null, string | null][] = [
    [`let tracer = {${body}};`, [], null, flat],
    [`const tracer = {${body}}`, [], null, flat],
    [`var tracer = {${body}};\n`, [], null, flat],
    [`/** @name x */\nlet tracer =\n  {${body}};`, [], null, flat],
    [`let t = ({${body}});`, [], null, flat],
    [`module.exports = {${body}};`, [`1:1 info tracer/module-exports ${exportsNote}`], `{${body}}`, flat],
    [`export default {${body}};`, [`1:1 info tracer/export-default ${defaultNote}`], `{${body}}`, flat],
    [
      `function makeTracer() { return {${body}}; }`,
      [`1:1 error tracer/function-wrapper ${fnError('makeTracer', 'keep only the object literal')}`],
      `{${body}}`,
      null,
    ],
    [
      `function makeTracer() {\n  'use strict';\n  return ({${body}});\n}`,
      [
        `1:1 error tracer/function-wrapper ${fnError('makeTracer', "move its other statement into the object's functions, then keep only the object literal")}`,
      ],
      null,
      null,
    ],
    // Issue #24 item 5: the factory followed by its export line is the same wrapper; the fix deletes both.
    [
      `function createTracer() { return {${body}}; }\nmodule.exports = createTracer;\n`,
      [
        `1:1 error tracer/function-wrapper ${exportedFnError('createTracer', 'keep only the object literal')}`,
      ],
      `{${body}}\n`,
      null,
    ],
    [
      `/* t */ function createTracer() {\n  return {${body}};\n}\n\n/* export */ module.exports = createTracer()`,
      [
        `1:9 error tracer/function-wrapper ${exportedFnError('createTracer', 'keep only the object literal')}`,
      ],
      `/* t */ {${body}}\n\n/* export */`,
      null,
    ],
    [
      `function createTracer() {\n  var n = 0;\n  return {${body}};\n}\nmodule.exports = createTracer;`,
      [
        `1:1 error tracer/function-wrapper ${exportedFnError('createTracer', "move its other statement into the object's functions, then keep only the object literal")}`,
      ],
      null,
      null,
    ],
    [`function createTracer() { return {${body}}; }\nmodule.exports = other;`, [twoStatements], null, null],
    [
      `function createTracer() { return {${body}}; }\nmodule.exports = createTracer(1);`,
      [twoStatements],
      null,
      null,
    ],
    [
      `function createTracer() { return {${body}}; }\nexports.tracer = createTracer;`,
      [twoStatements],
      null,
      null,
    ],
    [
      `module.exports = createTracer;\nfunction createTracer() { return {${body}}; }`,
      [twoStatements],
      null,
      null,
    ],
  ];
  it.each(rows)('%s', (source, expected, fixed, flattened) => {
    expect(show(source)).toEqual(expected);
    const r = flattenTracer(source);
    expect(r.ok ? r.code : null).toBe(flattened);
    const fix = checkTracer(source).diagnostics.find((d) => d.fix)?.fix;
    if (fixed === null) expect(fix).toBeUndefined();
    else if (source.includes('module.exports = createTracer'))
      expect(fix!.title).toBe("Keep only the returned object literal and delete the 'module.exports' line");
    else {
      expect(applyEdits(source, fix!.edits)).toBe(fixed);
      expect(show(fixed)).toEqual([]);
    }
  });

  it("a let-wrapped tracer is checked without its wrapper's 'let' (no ES2015 error for it)", () => {
    const source = `let tracer = {n: 0, ${body}, step: function (log) { let op = log.op.toString(); this.n++; }};`;
    expect(show(source).map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([
      '1:116 error es5/let-const',
      '1:116 info es5/target-summary',
    ]);
  });

  it('a declaration followed by other statements is not a wrapper (the whole program is checked)', () => {
    expect(show(`const tracer = {${body}};\nmodule.exports = tracer;`)).toEqual([
      "1:1 error es5/let-const 'const' declaration is ES2015 syntax, not ES5.1: use 'var'. geth, reth, anvil and nethermind run this; es5 nodes do not.",
      "1:1 info es5/target-summary The ES5.1 check fails only on syntax geth, reth, anvil and nethermind run: 'let' and 'const' declarations (1). Convert the tracer to ES5 for every node, or choose the target geth.",
      '1:1 error tracer/not-an-object The tracer must be one object literal, not 2 statements',
    ]);
  });
});
