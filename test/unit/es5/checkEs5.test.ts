import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';

// acorn recurses once per unary operator: 100,000 of them exhaust any test runner's stack, while the brackets,
// which checkEs5 counts before parsing, stay few.
const bang = '!'.repeat(100000);
const ranOut = 'The code is nested too deeply to check (the parser ran out of stack here)';

describe('checkEs5: the parser running out of stack', () => {
  const cases: [string, string, string, number, 'expression' | 'program'][] = [
    // [name, source, message, offset where the operators start, goal]
    ['in an object literal', `{a: ${bang}1}`, ranOut, 4, 'expression'],
    // 10 open brackets (the '{' and 9 '[') are a depth worth naming; 9 are not
    [
      'inside 10 brackets',
      `{a: ${'['.repeat(9)}${bang}1${']'.repeat(9)}}`,
      'The code is nested too deeply to check (over 10 levels of brackets)',
      13,
      'expression',
    ],
    ['inside 9 brackets', `{a: ${'['.repeat(8)}${bang}1${']'.repeat(8)}}`, ranOut, 12, 'expression'],
    // Valid as a script (a block, then an expression): the expression goal's error would be a false one.
    ['after a block', `{a: 1}\n${bang}1`, ranOut, 7, 'expression'],
    // Valid as an expression, not as a script: the script goal's error would be a false one.
    ['in a function expression', `function () { return ${bang}1; }`, ranOut, 21, 'program'],
  ];
  it.each(cases)('%s', (_name, code, message, from, goal) => {
    const r = checkEs5(code);
    expect(r.diagnostics.map((d) => [d.severity, d.ruleId, d.message])).toEqual([
      ['error', 'es5/too-deeply-nested', message],
    ]);
    // where acorn ran out of stack, one character wide, inside the operators
    const { start, end } = r.diagnostics[0].range;
    expect(end.offset - start.offset).toBe(1);
    expect(start.offset).toBeGreaterThan(from);
    expect(start.offset).toBeLessThan(from + bang.length);
    expect([r.goal, r.ast, r.es5Valid, r.comments]).toEqual([goal, null, false, []]);
  });
});

describe('checkEs5: more than 256 nested brackets', () => {
  const over = 'The code is nested too deeply to check (over 256 levels of brackets)';
  // [source, goal, offset of the 257th bracket]: a source that starts with '{' or '(' is one expression
  const cases: [string, 'expression' | 'program', number][] = [
    [`{a: ${'['.repeat(300)}`, 'expression', 259],
    ['('.repeat(300), 'expression', 256],
    [`/* c */ ${'('.repeat(300)}`, 'expression', 264],
    [`x = ${'('.repeat(300)}`, 'program', 260],
    ['['.repeat(300), 'program', 256],
  ];
  it.each(cases)('%j is goal %s', (code, goal, at) => {
    const r = checkEs5(code);
    expect(
      r.diagnostics.map((d) => [d.severity, d.ruleId, d.message, d.range.start.offset, d.range.end.offset]),
    ).toEqual([['error', 'es5/too-deeply-nested', over, at, at + 1]]);
    expect(r).toEqual({ diagnostics: r.diagnostics, goal, ast: null, es5Valid: false, comments: [] });
  });
});

describe('checkEs5: result fields', () => {
  it('an empty source is es5/empty-source at 1:1', () => {
    const r = checkEs5(' \n// c');
    expect(r.diagnostics).toEqual([
      {
        severity: 'error',
        ruleId: 'es5/empty-source',
        message:
          'The tracer is empty: expected an object literal such as {result: function(ctx, db) {…}, fault: function(log, db) {}}',
        range: {
          start: { offset: 0, line: 1, column: 1 },
          end: { offset: 0, line: 1, column: 1 },
        },
      },
    ]);
  });
  it('a program has no expressionEnd', () => {
    expect(Object.keys(checkEs5('let x = 1;'))).not.toContain('expressionEnd');
    expect(Object.keys(checkEs5('var x = 1;'))).not.toContain('expressionEnd');
    expect(Object.keys(checkEs5('x y'))).not.toContain('expressionEnd');
    expect(checkEs5('{f: () => 1}').expressionEnd).toBe(12);
  });
  it('a non-string source is an internal error at 1:1, not an exception', () => {
    const start = { offset: 0, line: 1, column: 1 };
    expect(checkEs5(null as unknown as string)).toEqual({
      diagnostics: [
        {
          severity: 'error',
          ruleId: 'es5/internal-error',
          message: 'The ES5 check failed unexpectedly: expected the tracer source as a string, got object',
          range: { start, end: start },
        },
      ],
      goal: 'program',
      ast: null,
      es5Valid: false,
      comments: [],
    });
  });
  it('the detected target is named in the summary line', () => {
    const messages = (detected?: 'geth' | 'es5') =>
      checkEs5('{f: () => 1}', detected ? { detected } : {}).diagnostics.map((d) => d.message);
    expect(messages('geth')[1]).toBe(
      'The ES5.1 check fails only on syntax the probed node (geth) runs: arrow functions (1). Choose the target geth, or convert the tracer to ES5.',
    );
    expect(messages()[1]).toBe(
      'The ES5.1 check fails only on syntax geth, reth, anvil and nethermind run: arrow functions (1). Convert the tracer to ES5 for every node, or choose the target geth.',
    );
  });
});
