import { describe, expect, it } from 'vitest';
import { describeValue } from '../../../src/core/rpc/methods/checked.ts';

describe('describeValue', () => {
  it.each([
    [null, 'null'],
    [[1], 'an array'],
    ['x', 'the string "x"'],
    ['a'.repeat(40), `the string "${'a'.repeat(40)}"`],
    ['b'.repeat(41), `the string "${'b'.repeat(40)}…"`],
    [5, 'the number 5'],
    [true, 'true'],
    [false, 'false'],
    [undefined, 'nothing'],
    [{}, 'an object'],
  ])('%j → %s', (value, text) => expect(describeValue(value)).toBe(text));
});
