import { parse } from 'acorn';
import type * as estree from 'estree';
import { describe, expect, it } from 'vitest';
import { analyzeTracer } from '../../../src/core/tracer/analyzeTracer.ts';
import type { AnyNode } from '../../../src/core/tracer/walkNodes.ts';

/** The tracer's member calls: called names (sorted), escaped names (sorted) and whether `this[expr]` is seen. */
function memberCalls(tracer: string) {
  const program = parse(`(${tracer})`, { ecmaVersion: 'latest' }) as unknown as estree.Program;
  const object = (program.body[0] as estree.ExpressionStatement).expression as AnyNode &
    estree.ObjectExpression;
  const { calls, escaped, dynamic } = analyzeTracer(object).memberCalls;
  return { calls: [...calls.keys()].sort(), escaped: [...escaped].sort(), dynamic };
}

describe('collectMemberCalls edges', () => {
  const rows: [string, string, ReturnType<typeof memberCalls>][] = [
    [
      'a direct call from a member',
      '{step: function() { this.f(1); }}',
      { calls: ['f'], escaped: [], dynamic: false },
    ],
    ['super.NAME is no member use', '{step() { super.run(); }}', { calls: [], escaped: [], dynamic: false }],
    [
      'a computed name on another object',
      '{step: function(k) { a[k]; }}',
      { calls: [], escaped: [], dynamic: false },
    ],
    ['this[expr]', '{step: function(k) { this[k](); }}', { calls: [], escaped: [], dynamic: true }],
    [
      'this in a nested function is not the tracer',
      '{step: function() { function inner() { this.g(); } }}',
      { calls: [], escaped: ['g'], dynamic: false },
    ],
    [
      'this in a top-level non-member function is not the tracer',
      '{list: [function() { this.g(); }]}',
      { calls: [], escaped: ['g'], dynamic: false },
    ],
    ['this in an arrow member', '{step: () => this.g()}', { calls: [], escaped: ['g'], dynamic: false }],
    [
      'new this.F() is no call',
      '{step: function() { new this.F(); }}',
      { calls: [], escaped: ['F'], dynamic: false },
    ],
    [
      'passed as an argument',
      '{step: function() { f(this.g); }}',
      { calls: [], escaped: ['g'], dynamic: false },
    ],
  ];
  it.each(rows)('%s', (_, tracer, expected) => {
    expect(memberCalls(tracer)).toEqual(expected);
  });
});
