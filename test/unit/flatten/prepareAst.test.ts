import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/core/es5/loopParser.ts';
import { flattenProgram, generateOneLine } from '../../../src/core/flatten/generateOneLine.ts';
import { maxDepth } from '../../../src/core/flatten/prepareAst.ts';

const tooDeep = `The code nests deeper than ${maxDepth} levels; the flattener cannot print it safely`;

describe('prepareAst: text the printer would get wrong', () => {
  it.each([
    // `a</script>/` would end an HTML <script> element: a space after `<`, also when the regex starts a longer operand.
    ['a < regex', 'x = a < /script>/;', 'x=a< /script>/;'],
    ['a < regex.test(…)', 'x = a < /b/.test(s);', 'x=a< /b/.test(s);'],
    ['a > regex needs no space', 'x = a > /script>/;', 'x=a>/script>/;'],
    ['a regex left of < needs no space', 'x = /a/ < b;', 'x=/a/<b;'],
    // `/a//b` would start a comment at `//`: a space after a flagless regex that ends the left operand of `/`.
    ['regex / b', 'x = /a/ / b;', 'x=/a/ /b;'],
    ['regex / regex', 'x = /a/ / /b/;', 'x=/a/ / /b/;'],
    ['(regex) / b', 'x = (/a/) / b;', 'x=/a/ /b;'],
    ['-regex / b', 'x = -/a/ / b;', 'x=-/a/ /b;'],
    ['void regex / b', 'x = void /a/ / b;', 'x=void/a/ /b;'],
    ['a * regex / b', 'x = a * /r/ / b;', 'x=a*/r/ /b;'],
    ['a / regex / b', 'x = a / /r/ / b;', 'x=a/ /r/ /b;'],
    ['a regex with flags needs no space', 'x = /a/g / b;', 'x=/a/g/b;'],
    ['a regex inside brackets needs no space', 'x = (a + /r/) / b;', 'x=(a+/r/)/b;'],
    ['a regex in a call needs no space', 'x = f(/r/) / b;', 'x=f(/r/)/b;'],
    ['a regex left of * needs no space', 'x = /a/ * b;', 'x=/a/*b;'],
    ['a < regex / b: both spaces', 'x = a < /r/ / b;', 'x=a< /r/ /b;'],
    // A statement starting with `let[` is a declaration: `let` stays parenthesized wherever it starts the statement.
    ['let[…] in a sequence', '(let[a] = 1, b);', '(let)[a]=1,b;'],
    ['let[…] before a postfix ++', '(let[a])++;', '(let)[a]++;'],
    ['a prefix ++ before let[…] keeps it plain', '++let[a];', '++let[a];'],
    // A string statement that was parenthesized stays parenthesized so it does not become a directive.
    ['in the script prologue', '("a"); x;', "('a');x;"],
    ['in a function expression', 'x = function () { ("a"); };', "x=function(){('a');};"],
    ['in an arrow function', 'x = () => { ("a"); };', "x=()=>{('a');};"],
    ['a directive of the script', '"use strict"; x;', "'use strict';x;"],
    ['the prologue ends at the first statement that is no string', 'x; "a";', "x;'a';"],
    ['the prologue ends at a number statement', '1; "a";', "1;'a';"],
    // Directives keep their raw text when it is safe to, else are printed as a string literal with the same value.
    ['a directive with an apostrophe', `function f() { "a'b"; }`, String.raw`function f(){'a\'b';}`],
    [
      'an escaped directive that is not use strict',
      String.raw`function f() { "a\x41"; }`,
      "function f(){'aA';}",
    ],
    ['a tagged template on one line is kept', 'tag`a${b}c`;', 'tag`a${b}c`;'],
  ])('%s', (_name, source, expected) => {
    expect(flattenProgram(source)).toEqual({ ok: true, code: expected });
  });
});

describe('prepareAst: nesting depth', () => {
  // Program 0, ExpressionStatement 1, AssignmentExpression 2, the n unary operators 3 … n+2, `a` at n+3.
  const unary = (n: number) => `x=${'!'.repeat(n)}a;`;
  // Each `(…)*b+c` adds two levels (a + whose left is a *, a * whose left is a +): no chain, every level counts.
  let alternating = 'a';
  for (let i = 0; i < 550; i++) alternating = `(${alternating})*b+c`;
  it.each([
    ['exactly the limit', unary(maxDepth - 3), { ok: true, code: unary(maxDepth - 3) }],
    ['one level more', unary(maxDepth - 2), { ok: false, error: tooDeep }],
    ['left operands that do not continue a chain', `x=${alternating};`, { ok: false, error: tooDeep }],
    // Only a left operand continues a chain: in `a-(a-(…))` each right operand is one level deeper (600 unary
    // operators first, so that the parser, which recurses on brackets, reads it).
    [
      'right operands of the same precedence',
      `x=${'!'.repeat(600)}(${'a-('.repeat(420)}a${')'.repeat(420)});`,
      { ok: false, error: tooDeep },
    ],
  ])('%s', (_name, source, expected) => {
    expect(flattenProgram(source)).toEqual(expected);
  });
});

describe('prepareAst: where a problem is, and where a double-quoted string starts', () => {
  it.each([
    // The class field `x = 1;` spans offsets 10 to 16 of `class C { x = 1; }`.
    ['a node with both offsets', 'class C { x = 1; }', 10, 16],
  ])('%s', (_name, source, start, end) => {
    const r = generateOneLine(parse(source, { ecmaVersion: 'latest' }) as never);
    expect(r.ok ? null : [r.problem.start, r.problem.end]).toEqual([start, end]);
  });

  it.each([
    ['no offsets: -1', { type: 'StaticBlock', body: [] }, -1, -1],
    ['a start only: the end is the start', { type: 'StaticBlock', body: [], start: 5 }, 5, 5],
  ])('a node built by hand, %s', (_name, node, start, end) => {
    const r = generateOneLine(node as never);
    expect(r.ok ? null : [r.problem.start, r.problem.end]).toEqual([start, end]);
  });

  it('a double-quoted literal without an offset is noted at -1', () => {
    expect(generateOneLine({ type: 'Literal', value: 'a', raw: '"a"' } as never)).toEqual({
      ok: true,
      code: "'a'",
      doubleQuoted: [-1],
    });
  });
});
