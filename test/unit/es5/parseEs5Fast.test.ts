import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { parseEs5Fast } from '../../../src/core/es5/parseEs5Fast.ts';

// The one-pass parse answers for valid ES5 within the depth limit and declines (null) everything else, which the
// full check then handles: these tests pin which sources it takes, so a fast path that silently declines shows.
describe('parseEs5Fast', () => {
  // [source, goal, expressionEnd, comment values]
  const taken: [string, 'expression' | 'program', number | undefined, string[]][] = [
    ['{a: 1}', 'expression', 6, []],
    ['{a: 1};', 'expression', 6, []],
    ['{a: 1} /* x */ ; // y', 'expression', 6, [' x ', ' y']],
    ['(a);(b)', 'program', undefined, []],
    ['var t = {a: 1};', 'program', undefined, []],
    ['x = 1 // c', 'expression', 5, [' c']],
  ];
  it.each(taken)('takes %j (goal %s)', (source, goal, end, comments) => {
    const r = parseEs5Fast(source, 64);
    expect(r).not.toBeNull();
    expect([r!.goal, r!.expressionEnd, r!.comments.map((c) => c.value)]).toEqual([goal, end, comments]);
  });

  it.each([
    ['', 64],
    ['  // c', 64],
    // a block to ES5, an object with a shorthand property to later editions
    ['{a}', 64],
    ['{a: 1}\n{b: 2}', 64],
    ['x y', 64],
    ['let x = 1;', 64],
    ['{a: (((1)))}', 3],
    ['var x = (((1)));', 2],
  ] as const)('declines %j (depth limit %i)', (source, depthLimit) => {
    expect(parseEs5Fast(source, depthLimit)).toBeNull();
  });

  // The depth is that of the deepest bracket, not a count of brackets: closing one gives its level back, and only an
  // opening bracket goes deeper.
  it.each([
    ['{a: (((1)))}', 4, 'taken'],
    ['{a: (((1)))}', 3, 'declined'],
    ['{a: (1) + (2) + (3) + [4] + [5]}', 2, 'taken'],
    ['[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]', 1, 'taken'],
    ['x = {a: 1}; y = (2); z = [3]; f(g(4))', 2, 'taken'],
    ['x = {a: 1}; y = (2); z = [3]; f(g(4))', 1, 'declined'],
  ] as const)('%j with depth limit %i: %s', (source, depthLimit, verdict) => {
    expect(parseEs5Fast(source, depthLimit) === null ? 'declined' : 'taken').toBe(verdict);
  });

  it('builds function declarations in the latest shape', () => {
    const source = 'function f(a) { return a; }\nvar t = {result: f};';
    const latest = parse(source, { ecmaVersion: 'latest', locations: true });
    expect(JSON.parse(JSON.stringify(parseEs5Fast(source, 64)!.ast))).toEqual(
      JSON.parse(JSON.stringify(latest)),
    );
  });
});
