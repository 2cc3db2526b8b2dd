import { describe, expect, it } from 'vitest';
import { convertToEs5 } from '../../../src/core/convert/convertToEs5.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

// Issue #12 item 2: one conversion applies every automatic fix at once and keeps the one-object shape.

const F = 'fault: function (log) {}';
const R = 'result: function () { return 1; }';

describe('convertToEs5', () => {
  // source, converted code, what it says it converted
  const rows: [string, string, string[]][] = [
    [
      `{${F}, result: function () { let a = 1; const b = 2; return a + b; }}`,
      `{${F}, result: function () { var a = 1; var b = 2; return a + b; }}`,
      ["'let' and 'const' declarations (2)"],
    ],
    [`{${F}, result() { return 1; }}`, `{${F}, ${R}}`, ['shorthand methods (1)']],
    [
      `{${F}, result: function () { return [1, 2].map((x) => x * 2); }}`,
      `{${F}, result: function () { return [1, 2].map(function (x) { return x * 2; }); }}`,
      ['arrow functions (1)'],
    ],
    [
      `{${F}, n: 3, result: function () { return [1, 2].map((x) => x * this.n); }}`,
      `{${F}, n: 3, result: function () {\n    var _this = this;\n    return [1, 2].map(function (x) { return x * _this.n; });\n}}`,
      ['arrow functions (1)'],
    ],
    [
      `{${F}, step: (log) => { this.n = 1; }, ${R}}`,
      `{${F}, step: function (log) {\n    var _this = (function () { return this; })(); _this.n = 1; }, ${R}}`,
      ['arrow functions (1)'],
    ],
    [
      `{${F}, result: function (ctx) { return \`gas \${ctx.gasUsed}\`; }}`,
      `{${F}, result: function (ctx) { return 'gas '.concat(ctx.gasUsed); }}`,
      ['template literals (1)'],
    ],
    [
      `{${F}, ['res' + 'ult']: function () { return 1; }}`,
      `{${F}, 'result': function () { return 1; }}`,
      ['computed property keys (1)'],
    ],
    [
      `{${F}, result: function () { var s = 0; for (const x of [1, 2]) s += x; return s; }}`,
      `{${F}, result: function () { var s = 0; for (var _i = 0, _a = [1, 2]; _i < _a.length; _i++) {\n    var x = _a[_i];\n    s += x;\n} return s; }}`,
      ['for-of loops (1)', "'let' and 'const' declarations (1)"],
    ],
    [
      `{${F}, result: function () { return Math.max(...[1, 2]); }}`,
      `{${F}, result: function () { return Math.max.apply(Math, [1, 2]); }}`,
      ['spread elements (1)'],
    ],
    [
      `{${F}, result: function (ctx, db, n = 4) { return n; }}`,
      `{${F}, result: function (ctx, db, n) {\n    if (n === void 0) { n = 4; }\n    return n;\n}}`,
      ['default parameter values (1)'],
    ],
    [`let tracer = {${F}, ${R}};`, `{${F}, ${R}}`, ["the 'var|let|const NAME = …' wrapper"]],
    [`module.exports = {${F}, ${R}};`, `{${F}, ${R}}`, ['the module-exports wrapper']],
    [`export default {${F}, ${R}};`, `{${F}, ${R}}`, ['the export-default wrapper']],
    [`function make() { return {${F}, ${R}}; }`, `{${F}, ${R}}`, ['the function wrapper']],
    [
      `function make() {\n  return {${F}, ${R}};\n}\nmodule.exports = make;\n`,
      `{${F}, ${R}}\n`,
      ['the function wrapper'],
    ],
    [
      `function make() { return {${F}, result() { return 1; }}; }\nmodule.exports = make();`,
      `{${F}, result: function () { return 1; }}`,
      ['the function wrapper', 'shorthand methods (1)'],
    ],
    [`{${F}, ${R}}`, `{${F}, ${R}}`, []],
  ];
  it.each(rows)('%s', (source, code, converted) => {
    const r = convertToEs5(source);
    expect(r).toMatchObject({ ok: true, code, converted, notConverted: [] });
    expect(checkTracer(code).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  // What it cannot convert: listed with the ES5 check's message at its place in the converted code.
  const refused: [string, string][] = [
    [`{${F}, [name]: 1, ${R}}`, "1:28 Computed property key '[name]' is ES2015 syntax, not ES5.1"],
    [`{${F}, result: async function () { return 1; }}`, "1:36 'async' function is ES2017 syntax, not ES5.1"],
    [
      `{${F}, result: function () { return String(10n); }}`,
      "1:64 BigInt literal '10n' is ES2020 syntax, not ES5.1",
    ],
    [
      `{${F}, result: function () { return /a/u.test('a'); }}`,
      "1:60 Regular expression flag 'u' is ES2015 syntax, not ES5.1",
    ],
  ];
  it.each(refused)('%s is listed as not converted', (source, first) => {
    const r = convertToEs5(source);
    expect(r.ok).toBe(false);
    expect(r.notConverted.map((n) => `${n.line}:${n.column} ${n.message.split(':')[0]}`)).toEqual([first]);
  });

  it('keeps a member without ES2015+ syntax exactly as written, comments included', () => {
    const source = `let t = {\n  // count\n  n: 0 /* start */,\n  step: function (log) { this.n++; },\n  ${F},\n  result() { return this.n; },\n};`;
    expect(convertToEs5(source).code).toBe(
      `{\n  // count\n  n: 0 /* start */,\n  step: function (log) { this.n++; },\n  ${F},\n  result: function () { return this.n; },\n}`,
    );
  });

  it('never throws', () => {
    for (const s of ['', '{', 'let', '{a: `', 'function () {}', '[1, 2]'])
      expect(() => convertToEs5(s)).not.toThrow();
  });
});
