import { tokenizer } from 'acorn';
import { describe, expect, it } from 'vitest';
import { createTokenList } from '../../../src/core/es5/tokenList.ts';

const source = 'ab cd, ef;';
const list = createTokenList(source, [...tokenizer(source, { ecmaVersion: 'latest' })]);
const at = (t: { start: number } | undefined) => (t ? t.start : -1);

describe('createTokenList', () => {
  it.each([
    [0, 0],
    [1, 1],
    [3, 1],
    [4, 2],
    [10, 5],
  ])('indexAtOrAfter(%i) is %i', (offset, index) => {
    expect(list.indexAtOrAfter(offset)).toBe(index);
  });

  // [offset, texts, limit, start of the token found (-1: none)]
  it.each([
    [0, [','], undefined, 5],
    [0, [';'], undefined, 9],
    [0, ['ef'], 3, -1],
    [0, ['ef'], 4, 7],
    [6, [',', 'ef'], 1, 7],
    [0, ['gh'], undefined, -1],
    [0, [''], undefined, -1],
  ] as const)('findAfter(%i, %j, %s) starts at %i', (offset, texts, limit, start) => {
    expect(at(list.findAfter(offset, texts, limit))).toBe(start);
  });

  // the token ending at or before the offset; one the offset falls inside does not count
  it.each([
    [0, -1],
    [1, -1],
    [2, 0],
    [4, 0],
    [5, 3],
    [10, 9],
  ])('before(%i) starts at %i', (offset, start) => {
    expect(at(list.before(offset))).toBe(start);
  });

  it('reads a token, nothing for none', () => {
    expect([list.text(list.at(1)), list.text(list.at(99)), list.text(undefined)]).toEqual(['cd', '', '']);
  });
});
