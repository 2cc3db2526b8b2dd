import { skipTrivia } from './skipTrivia.ts';

/** Offsets of the `(` tokens between `from` and `to` (exclusive). */
export function openParens(source: string, from: number, to: number): number[] {
  const found: number[] = [];
  let p = skipTrivia(source, from);
  while (p < to && source[p] === '(') {
    found.push(p);
    p = skipTrivia(source, p + 1);
  }
  return found;
}

/** Offsets of up to `count` `)` tokens after `from`, and the offset after the last one. */
export function closeParens(source: string, from: number, count: number): { offsets: number[]; end: number } {
  const offsets: number[] = [];
  let end = from;
  for (let i = 0; i < count; i++) {
    const p = skipTrivia(source, end);
    if (source[p] !== ')') break;
    offsets.push(p);
    end = p + 1;
  }
  return { offsets, end };
}

/** Offsets of the `;` tokens after `from`, and whether only trivia follows them. */
export function trailingSemicolons(source: string, from: number): { offsets: number[]; rest: number } {
  const offsets: number[] = [];
  let p = skipTrivia(source, from);
  while (source[p] === ';') {
    offsets.push(p);
    p = skipTrivia(source, p + 1);
  }
  return { offsets, rest: p };
}
