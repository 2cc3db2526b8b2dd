import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { tracerObjectToString } from '../../../src/core/flatten/tracerObjectToString.ts';

// Characters that break naive flatteners, mixed with arbitrary UTF-16 code units (lone surrogates included).
const nasty = fc.constantFrom(
  "'",
  '"',
  '\\',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
  '😀',
  'é',
  '</script>',
  '<!--',
  '//',
  '/*',
  '${',
  '`',
  '\u0000',
  '\ufeff',
);
const text = fc
  .array(fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 8 })
  .map((parts) => parts.join(''));
const key = fc.oneof(text, fc.constantFrom('a', 'data', 'k1')).filter((k) => k !== '__proto__');
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const data = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
})).value;

function evaluate(code: string): Record<string, unknown> {
  return new Function('return (' + code + ')')() as Record<string, unknown>;
}

function expectSendable(code: string): void {
  expect(code).not.toContain('"');
  expect(code).not.toMatch(/[\n\r\u2028\u2029]/);
  expect(code.toLowerCase()).not.toContain('</script');
}

/** A tracer source whose `d` member is `value` written as JSON (double-quoted strings, \u escapes only). */
function tracerSource(value: unknown): string {
  const json = JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16));
  return `{\n  d: ${json}, // data\n  fault: function (log) {},\n  result: function () { return this.d; }\n}`;
}

describe('flatten properties', () => {
  test('flattenTracer: JSON data with quotes, backslashes, surrogates, </script>, U+2028 survives', () => {
    fc.assert(
      fc.property(data, (value) => {
        const r = flattenTracer(tracerSource(value));
        expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expectSendable(r.code);
        expect(evaluate(r.code).d).toStrictEqual(JSON.parse(JSON.stringify(value)));
        expect(flattenTracer(r.code).code).toBe(r.code);
      }),
      { numRuns: 300 },
    );
  });

  test('flattenTracer for anvil (Boa): raw U+2028/U+2029 in strings', () => {
    fc.assert(
      fc.property(text, (s) => {
        const raw = JSON.stringify(s);
        const r = flattenTracer(
          `{s: ${raw}, fault: function () {}, result: function () { return this.s; }}`,
          {
            target: 'anvil',
          },
        );
        expect(r.ok).toBe(true);
        expectSendable(r.code);
        expect(evaluate(r.code).s).toBe(s);
      }),
      { numRuns: 200 },
    );
  });

  test('tracerObjectToString: live data survives the round trip', () => {
    fc.assert(
      fc.property(data, (value) => {
        const tracer = { d: value, fault: function () {}, result: () => 1 };
        const code = tracerObjectToString(tracer);
        expectSendable(code);
        expect(evaluate(code).d).toStrictEqual(value);
      }),
      { numRuns: 300 },
    );
  });
});
