import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { invalid, show } from './es5Cases.ts';

// parseGoal is reached for what the one-pass ES5 parse declines: code that is not ES5, does not parse, or nests
// deeper than 64 brackets. Its choices show in checkEs5's result: goal, AST, comments, es5Valid and the errors.
const parens = (n: number, inner = '1') => '('.repeat(n) + inner + ')'.repeat(n);

describe('parseGoal: comments of code that is not ES5', () => {
  const cases: [string, [string, string, number, number][]][] = [
    [
      // after the expression: acorn reads the first comment, the rest is read past the ';'
      '/*a*/ {f: () => 1 /*b*/} /*c*/ ; /* d */ // e',
      [
        ['Block', 'a', 0, 5],
        ['Block', 'b', 18, 23],
        ['Block', 'c', 25, 30],
        ['Block', ' d ', 33, 40],
        ['Line', ' e', 41, 45],
      ],
    ],
    ['{f: () => 1}; // x', [['Line', ' x', 14, 18]]],
    [
      'let x = 1; /* a */ // b',
      [
        ['Block', ' a ', 11, 18],
        ['Line', ' b', 19, 23],
      ],
    ],
    // a source that does not parse has no comments to hand out
    ['x y /* c */', []],
  ];
  it.each(cases)('%j', (code, comments) => {
    const r = checkEs5(code);
    expect(r.comments).toEqual(comments.map(([type, value, start, end]) => ({ type, value, start, end })));
  });
});

describe('parseGoal: valid ES5 deeper than the one-pass parse takes', () => {
  const cases: [string, 'expression' | 'program', string, number | undefined][] = [
    [`{a: ${parens(70)}}`, 'expression', 'ObjectExpression', 146],
    [`{a: ${parens(70)}};`, 'expression', 'ObjectExpression', 146],
    [`var a = ${parens(70)};`, 'program', 'Program', undefined],
    // ES5 reads `let` as a variable where later editions see a declaration: the ES5 AST is handed out
    [`var let = [];\nlet[0] = ${parens(70)};`, 'program', 'Program', undefined],
    [`({f: function () { var let = []; let\n[0] = ${parens(70)}; }})`, 'expression', 'ObjectExpression', 189],
  ];
  it.each(cases)('%j is valid, goal %s', (code, goal, type, end) => {
    const r = checkEs5(code);
    expect(r.diagnostics.map(show)).toEqual([]);
    expect([r.goal, r.es5Valid, r.ast?.type, r.expressionEnd]).toEqual([goal, true, type, end]);
    expect(r.ast!.loc!.start.line).toBe(1);
  });
});

describe('parseGoal: scripts and modules', () => {
  it('a repeated key in sloppy code is ES5.1 (only the arrow is reported)', () => {
    const r = checkEs5('{a: 1, a: 2, f: () => 1}');
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['es5/arrow-function', 'es5/target-summary']);
  });
  it('a module is strict code: a repeated key is reported', () => {
    const r = checkEs5('import x from "y";\nvar o = {a: 1, a: 2};');
    expect(r.goal).toBe('program');
    expect(r.diagnostics.map((d) => `${show(d).split(' ').slice(0, 2).join(' ')}`)).toEqual([
      '1:1 es5/import-export',
      '2:16 es5/duplicate-property',
    ]);
  });
});

describe('parseGoal: errors of code that does not parse', () => {
  const e = 'es5/syntax-error';
  // A source starting with '(' or '{' is read as one expression: what follows it is named as such.
  invalid('(a) b', e, "Unexpected identifier 'b': the expression already ended at 1:4", '1:5', {
    end: '1:6',
  });
  // acorn's ' (line:column)' suffix is dropped, whatever the line; a pattern quoted in the message stays whole.
  invalid('\n'.repeat(10) + '{a: "abc}', e, 'Unterminated string constant', '11:5', { end: '11:10' });
  invalid('x = / (1:2)(/;', e, 'Invalid regular expression: / (1:2)(/: Unterminated group', '1:6', {
    end: '1:14',
  });
  invalid('a b', e, "Unexpected identifier 'b': is a ';' missing before it?", '1:3', { end: '1:4' });
  // A token that cannot be read after the ';' (an unterminated string): its first character is named.
  invalid('{a: () => 1}; "abc', e, `Unexpected string '"': the expression already ended at 1:13`, '1:15', {
    end: '1:16',
  });
});
