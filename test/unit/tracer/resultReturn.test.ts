import { describe, expect, it } from 'vitest';
import { expectInvalid, expectValid, inResult, posOf } from './lintHarness.ts';

const bytesTop =
  'result() returns a byte array, which geth encodes as {"0":…,"1":…}: return \'\' + toHex(…) (the \'\' + keeps geth from turning the long hex string into {})';
const bytesNested = 'This byte array is encoded as {"0":…,"1":…} in the result: use toHex(…)';
const bigint =
  'result() returns a bigInt, which geth encodes as a decimal string: return .toString(16) for hex (or .toString() to keep decimal)';
const goString =
  "geth encodes a string made by geth (toHex(), ctx.error, getError()) as {} when result() returns it directly and it is longer than 16 bytes: return '' + it, or put it in an object";

describe('result() return values', () => {
  it.each([
    inResult("return {from: toHex(ctx.from), value: '0x' + ctx.value.toString(16), gasUsed: ctx.gasUsed};"),
    inResult("return '' + toHex(ctx.from);"),
    inResult('return this.data;'),
    inResult('return [toHex(ctx.to), ctx.type, ctx.block];'),
    inResult('return ctx.value.toString(16);'),
    inResult('var f = function() { return ctx.from; }; return {x: toHex(f())};'),
    inResult('return {error: ctx.error};'),
  ])('accepts %s', (code) =>
    expectValid(code, [
      'tracer/result-returns-bytes',
      'tracer/result-returns-bigint',
      'tracer/result-returns-go-string',
    ]),
  );

  const cases: [string, string, string, string, string][] = [
    [
      inResult('return ctx.from;'),
      'tracer/result-returns-bytes',
      bytesTop,
      'ctx.from',
      "return '' + toHex(ctx.from);",
    ],
    [
      inResult('return toAddress(ctx.to);'),
      'tracer/result-returns-bytes',
      bytesTop,
      'toAddress',
      "return '' + toHex(toAddress(ctx.to));",
    ],
    [
      inResult('var out = ctx.output;\nreturn out;'),
      'tracer/result-returns-bytes',
      bytesTop,
      'out;',
      "return '' + toHex(out);",
    ],
    [
      inResult('return {to: ctx.to, n: 1};'),
      'tracer/result-returns-bytes',
      bytesNested,
      'ctx.to',
      'return {to: toHex(ctx.to), n: 1};',
    ],
    [
      inResult('return [1, db.getCode(ctx.to)];'),
      'tracer/result-returns-bytes',
      bytesNested,
      'db.getCode',
      'return [1, toHex(db.getCode(ctx.to))];',
    ],
    [
      inResult('return db.getBalance(ctx.to);'),
      'tracer/result-returns-bigint',
      bigint,
      'db.getBalance',
      'return db.getBalance(ctx.to).toString(16);',
    ],
    [
      inResult('return ctx.gasPrice;'),
      'tracer/result-returns-bigint',
      bigint,
      'ctx.gasPrice',
      'return ctx.gasPrice.toString(16);',
    ],
    [
      inResult('return toHex(ctx.from);'),
      'tracer/result-returns-go-string',
      goString,
      'toHex',
      "return '' + toHex(ctx.from);",
    ],
    [
      inResult('return ctx.error;'),
      'tracer/result-returns-go-string',
      goString,
      'ctx.error',
      "return '' + ctx.error;",
    ],
    [
      inResult('return ctx.error ? ctx.error : ctx.error;'),
      'tracer/result-returns-go-string',
      goString,
      'ctx.error ?',
      "return '' + (ctx.error ? ctx.error : ctx.error);",
    ],
  ];
  it.each(cases)('%s', (code, ruleId, message, marker, fixedPart) => {
    const fixed = expectInvalid(code, ruleId, message, posOf(code, marker, code.indexOf('result:')));
    expect(fixed).toContain(fixedPart);
  });

  it('looks only at result() itself, not nested functions or other hooks', () => {
    expectValid(
      '{fault: function() {}, result: function() { return 1; }, helper: function(ctx) { return ctx.from; }}',
      ['tracer/result-returns-bytes'],
    );
  });
});
