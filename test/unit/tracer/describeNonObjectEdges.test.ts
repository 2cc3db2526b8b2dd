import { parse } from 'acorn';
import type * as estree from 'estree';
import { describe, expect, it } from 'vitest';
import { describeNonObject } from '../../../src/core/tracer/describeNonObject.ts';

const first = (source: string) =>
  (parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as estree.Program)
    .body[0] as estree.Node;

const esModule = 'an ES module import/export (write only the {...} object)';

describe('describeNonObject', () => {
  // the first top-level statement of the source → its description
  it.each([
    ['(x) => x;', 'a function'],
    ['0x10;', 'the literal 0x10'],
    ['null;', 'the literal null'],
    ["'s';", 'a string'],
    ['`t`;', 'a template string'],
    ['new Foo();', 'a function call'],
    ['export const a = 1;', esModule],
    ["import x from 'y';", esModule],
    ['export default 1;', esModule],
    ['if (a) {}', 'a statement'],
    ['a.b;', 'an expression that is not an object literal'],
  ])('%s → %s', (source, expected) => {
    expect(describeNonObject(first(source))).toBe(expected);
  });
});
