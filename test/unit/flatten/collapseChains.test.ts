import { parse } from '../../../src/core/es5/loopParser.ts';
import { describe, expect, it } from 'vitest';
import { collapseChains, shortestCollapsedChain } from '../../../src/core/flatten/collapseChains.ts';
import { flattenProgram, generateOneLine } from '../../../src/core/flatten/generateOneLine.ts';
import { verbatimKey } from '../../../src/core/flatten/prepareAst.ts';

type AnyNode = { type: string; [key: string]: unknown };

/** `first op rest op rest …` with `terms` operands, spaced as the compact printer spaces them. */
const chain = (terms: number, op: string, first = 'a', rest = 'b') =>
  [first, ...Array(terms - 1).fill(rest)].join(op);

// escodegen prints `a + b + …` by a few stack frames per operator. In a 4 MB worker-thread stack (vitest's threads
// pool, Stryker's runner) a warmed-up escodegen prints about 23,000 terms before a RangeError; 80,000 terms are far
// beyond that, so these pass only because collapseChains prints the chain flat. Each takes well under a second.
const huge = 80_000;

describe('collapseChains: chains far too long for a recursive printer', () => {
  it.each([
    ['a + chain', `x=${chain(huge, '+')};`],
    ['an || chain (a logical operator)', `x=${chain(huge, '||')};`],
    ['a chain inside parentheses, left of a higher precedence', `x=(${chain(huge, '-')})*c;`],
    ['a chain as the right operand of the same precedence', `x=c-(${chain(huge, '+')});`],
  ])('%s prints as the same one line', (_name, program) => {
    // The program is already in the printer's compact form, so it must come back unchanged.
    expect(flattenProgram(program)).toEqual({ ok: true, code: program });
  });

  it('a chain that is the printed node itself (not inside a statement)', () => {
    const text = chain(huge, '*');
    const expr = (parse(text, { ecmaVersion: 'latest' }) as unknown as { body: AnyNode[] }).body[0]
      .expression;
    expect(generateOneLine(expr as never)).toEqual({ ok: true, code: text, doubleQuoted: [] });
  });
});

describe('collapseChains: a collapsed chain is spaced and parenthesized as the printer does', () => {
  const n = 40;
  it.each([
    ['a unary minus first', `x = -a + ${chain(n - 1, ' + ')};`, `x=-a+${chain(n - 1, '+')};`],
    [
      'typeof first (a space inside the operand)',
      `x = typeof a + ${chain(n - 1, ' + ')};`,
      `x=typeof a+${chain(n - 1, '+')};`,
    ],
    // `a++ +b`: without the space `a+++b` would still read as `a++ + b`, but the printer keeps it.
    ['a++ first', `x = a++ + ${chain(n - 1, ' + ')};`, `x=a++ +${chain(n - 1, '+')};`],
    ['a word operator', `x = ${chain(n, ' instanceof ')};`, `x=${chain(n, ' instanceof ')};`],
    // The printer writes `f()instanceof B`: no space is needed after `)`.
    [
      'a word operator after a call',
      `x = f() instanceof ${chain(n - 1, ' instanceof ', 'B', 'B')};`,
      `x=f()instanceof ${chain(n - 1, ' instanceof ', 'B', 'B')};`,
    ],
    [
      'mixed operators of one precedence',
      `x = a - b + c - d + ${chain(n, ' + ')};`,
      `x=a-b+c-d+${chain(n, '+')};`,
    ],
    [
      'a lower precedence inside keeps its parentheses',
      `x = (a || b) + ${chain(n, ' + ')};`,
      `x=(a||b)+${chain(n, '+')};`,
    ],
    [
      'a chain of ** is right-associative and stays printed by escodegen',
      `x = ${chain(n, ' ** ')};`,
      `x=${chain(n, '**')};`,
    ],
    [
      '(a ** b) ** c keeps its parentheses',
      `x = ${'('.repeat(n - 1)}a${' ** b)'.repeat(n - 1)};`,
      `x=${'('.repeat(n - 2)}a${'**b)'.repeat(n - 2)}**b;`,
    ],
  ])('%s', (_name, program, expected) => {
    expect(flattenProgram(program)).toEqual({ ok: true, code: expected });
  });
});

describe('collapseChains: which chains it prints itself', () => {
  // A chain of N operators has a spine of N nodes; from shortestCollapsedChain operators on it gets verbatim text.
  it.each([
    [shortestCollapsedChain - 1, false],
    [shortestCollapsedChain, true],
  ])('%i operators: collapsed %s', (operators, collapsed) => {
    const root = (
      parse(chain(operators + 1, '+'), { ecmaVersion: 'latest' }) as unknown as { body: AnyNode[] }
    ).body[0].expression as AnyNode;
    collapseChains(root, verbatimKey, { format: { compact: true } });
    expect(root[verbatimKey] !== undefined).toBe(collapsed);
    if (collapsed) expect((root[verbatimKey] as { content: string }).content).toBe(chain(operators + 1, '+'));
  });
});
