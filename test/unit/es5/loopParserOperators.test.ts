import { describe, expect, it, vi } from 'vitest';
import { parse } from '../../../src/core/es5/loopParser.ts';

type Expr = { type: string; operator?: string; left?: Expr; right?: Expr; name?: string };

const exprOf = (code: string) =>
  (parse(code, { ecmaVersion: 'latest' }) as unknown as { body: Array<{ expression: Expr }> }).body[0]
    .expression;

// Fully parenthesized, from the tree: what the reader of each expression must get (ECMAScript's precedence).
const show = (e: Expr): string =>
  e.type === 'Identifier' ? e.name! : `(${show(e.left!)} ${e.operator} ${show(e.right!)})`;

describe('LoopParser reads operator chains as ECMAScript does', () => {
  it.each([
    ['a + b + c', '((a + b) + c)'],
    ['a + b * c - d', '((a + (b * c)) - d)'],
    ['a + b ** c', '(a + (b ** c))'],
    // `**` is right-associative, also as the right operand of a lower operator.
    ['a + b ** c ** d', '(a + (b ** (c ** d)))'],
    ['a ?? b ?? c', '((a ?? b) ?? c)'],
    ['a || b && c', '(a || (b && c))'],
    ['a ?? b | c', '(a ?? (b | c))'],
  ])('%s → %s', (code, expected) => {
    expect(show(exprOf(code))).toBe(expected);
  });

  it.each([
    ['a ?? b', 'LogicalExpression'],
    ['a || b', 'LogicalExpression'],
    ['a | b', 'BinaryExpression'],
  ])('%s is a %s', (code, type) => {
    expect(exprOf(code).type).toBe(type);
  });

  // ES2020: `??` cannot be mixed with `||` or `&&` without parentheses (the message and position are acorn's).
  const mixed = 'Logical expressions and coalesce expressions cannot be mixed. Wrap either by parentheses';
  it.each([
    ['a ?? b || c', 7],
    ['a ?? b && c', 7],
    ['a || b ?? c', 7],
    ['a && b ?? c', 7],
  ])('%s is a SyntaxError at %i', (code, pos) => {
    expect(() => exprOf(code)).toThrow(`${mixed} (1:${pos})`);
  });
});

describe('LoopParser out of stack: the message test runs once, with the stack unwound', () => {
  it('tests the overflow message at the outermost level only', () => {
    let body = '1';
    for (let i = 0; i < 2000; i++) body = `function(){return ${body}}`;
    const test = vi.spyOn(RegExp.prototype, 'test');
    try {
      expect(() => parse(`({x: ${body}})`, { ecmaVersion: 'latest' })).toThrow(/^Not enough stack space/);
      const patterns = test.mock.contexts.map((re) => String(re));
      test.mockRestore();
      const overflowTests = patterns.filter((re) => re.includes('exceeded|overflow'));
      // One test of a caught error's message (acorn's pattern), not one per nesting level the error passes.
      expect(overflowTests.length).toBe(1);
    } finally {
      test.mockRestore();
    }
  });
});
