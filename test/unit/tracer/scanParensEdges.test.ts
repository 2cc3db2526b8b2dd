import { describe, expect, it } from 'vitest';
import { closeParens, openParens } from '../../../src/core/tracer/scanParens.ts';

describe('openParens', () => {
  // source, from, to → offsets of the `(` tokens before `to`
  it.each([
    ['((x', 0, 3, [0, 1]],
    ['((x', 0, 1, [0]],
    ['(x(', 0, 3, [0]],
    ['( /* c */ (x', 0, 12, [0, 10]],
    [' x', 0, 2, []],
  ])('%j from %i to %i', (source, from, to, expected) => {
    expect(openParens(source, from, to)).toEqual(expected);
  });
});

describe('closeParens', () => {
  // source, from, count → offsets of at most `count` `)` tokens, and the offset after the last
  it.each([
    [')))', 0, 1, { offsets: [0], end: 1 }],
    [')))', 0, 2, { offsets: [0, 1], end: 2 }],
    [') x)', 0, 2, { offsets: [0], end: 1 }],
    ['x ) // c\n )', 1, 3, { offsets: [2, 10], end: 11 }],
    ['x', 0, 1, { offsets: [], end: 0 }],
  ])('%j from %i, %i of them', (source, from, count, expected) => {
    expect(closeParens(source, from, count)).toEqual(expected);
  });
});
