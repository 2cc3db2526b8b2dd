import { describe, expect, it } from 'vitest';
import { buildTraceOptions, isPlainJson } from '../../../src/core/rpc/methods/buildTraceOptions.ts';

/** `n` arrays (or objects) around 0: the 0 sits at depth n. */
const arrays = (n: number): unknown => (n === 0 ? 0 : [arrays(n - 1)]);
const objects = (n: number): unknown => (n === 0 ? 0 : { a: objects(n - 1) });

describe('isPlainJson', () => {
  it.each([
    ['200 nested arrays', arrays(200), true],
    ['201 nested arrays (past the depth limit)', arrays(201), false],
    ['200 nested objects', objects(200), true],
    ['201 nested objects', objects(201), false],
    ['undefined', undefined, false],
    ['a function', () => 1, false],
    ['a date', new Date(0), false],
    ['an object without prototype', Object.assign(Object.create(null) as object, { a: 1 }), true],
    ['an object with one undefined field', { a: 1, b: undefined }, false],
    ['an array with NaN', [1, NaN], false],
  ])('%s → %s', (_name, value, plain) => expect(isPlainJson(value)).toBe(plain));
});

describe('buildTraceOptions', () => {
  it.each([
    [
      { tracer: '  \n' },
      [{ path: 'options.tracer', message: 'tracer must be a non-empty string of JavaScript source' }],
    ],
    [
      { tracer: 5 as unknown as string },
      [{ path: 'options.tracer', message: 'tracer must be a non-empty string of JavaScript source' }],
    ],
  ])('%j', (input, errors) => expect(buildTraceOptions(input)).toStrictEqual({ ok: false, errors }));
});
