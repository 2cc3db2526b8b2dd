import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../../src/core/tracer/editDistance.ts';

// Edits are insertions, deletions, substitutions and swaps of two adjacent characters (each swapped pair untouched
// afterwards); lengths more than 8 apart give just their difference.
const distanceRows: Array<[a: string, b: string, distance: number]> = [
  ['', '', 0],
  ['abc', 'abc', 0],
  ['abc', '', 3],
  ['', 'abc', 3],
  ['kitten', 'sitting', 3],
  ['ab', 'ba', 1],
  ['abc', 'acb', 1],
  ['ab', 'cd', 2],
  // Only one of the two characters matches across: no swap.
  ['ab', 'xa', 2],
  ['ab', 'bx', 2],
  // A swapped pair cannot be edited again.
  ['ca', 'abc', 3],
  // Lengths 8 apart: the exact distance; 9 or more apart: the difference.
  ['abcdefghi', 'x', 9],
  ['x', 'abcdefghi', 9],
  ['abcdefghij', 'x', 9],
  ['abcdefghijk', '', 11],
];

describe('editDistance', () => {
  it.each(distanceRows)('%j, %j → %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

// The one closest candidate, ignoring case, within 1 edit for names up to 4 characters, 2 up to 8, 3 beyond.
const closestRows: Array<[name: string, candidates: string[], closest: string | undefined]> = [
  ['getcode', ['getCode'], 'getCode'],
  ['getCodx', ['getCode', 'getNonce'], 'getCode'],
  ['getCodx', ['getNonce', 'getCode'], 'getCode'],
  // Two equally close: no suggestion; the same name twice is not a tie.
  ['getCodx', ['getCode', 'getCods'], undefined],
  ['getCodx', ['getCode', 'getCode'], 'getCode'],
  // A tie is forgotten once a closer candidate comes.
  ['getCodx', ['getCoda', 'getCodb', 'getCodx'], 'getCodx'],
  ['getCodx', [], undefined],
  ['abc', ['abd'], 'abd'],
  ['abc', ['axy'], undefined],
  ['getNoXYZ', ['getNonce'], undefined],
  ['getCodXYZ', ['getCode'], 'getCode'],
];

describe('closestName', () => {
  it.each(closestRows)('%s among %j → %s', (name, candidates, closest) => {
    expect(closestName(name, candidates)).toBe(closest);
  });
});
