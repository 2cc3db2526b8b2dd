import { describe, expect, it } from 'vitest';
import { skipTrivia } from '../../../src/core/tracer/skipTrivia.ts';

// From a token boundary, the offset of the next token: past whitespace, line terminators, `//` comments (up to the
// line terminator) and `/* */` comments (an unclosed one runs to the end).
const rows: Array<[source: string, pos: number, next: number]> = [
  ['', 0, 0],
  ['x', 0, 0],
  ['  x', 0, 2],
  ['x ', 2, 2],
  ['\t\v\f\u00a0\ufeff\u2028x', 0, 6],
  // A slash not followed by `/` or `*` is a token (division or regex).
  ['/x', 0, 0],
  ['/ x', 0, 0],
  // A slash or star after a token starts no comment.
  ['x//', 0, 0],
  ['x*/y', 0, 0],
  ['// c', 0, 4],
  ['// c\nx', 0, 5],
  ['// c\r\n  x', 0, 8],
  ['// c\u2028x', 0, 5],
  ['a\n// c\nx', 2, 7],
  ['/* a */x', 0, 7],
  ['/* a */ /* b */ x', 0, 16],
  ['a /* b */ c', 1, 10],
  // The comment's own `/*` does not close it.
  ['/*/ */x', 0, 6],
  ['/* a', 0, 4],
  ['x /* a', 1, 6],
];

describe('skipTrivia', () => {
  it.each(rows)('%j from %i → %i', (source, pos, next) => {
    expect(skipTrivia(source, pos)).toBe(next);
  });
});
