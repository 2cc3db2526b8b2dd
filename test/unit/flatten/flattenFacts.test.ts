import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics.ts';
import { isFlattenFact } from '../../../src/core/flatten/flattenFacts.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';

const d = (ruleId: string, severity: Diagnostic['severity']): Diagnostic => ({
  ruleId,
  severity,
  message: 'm',
  range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } },
});

describe('isFlattenFact: what flattening did, shown with the flattened string rather than as a problem', () => {
  it.each([
    ['flatten/one-line', 'info', true],
    ['flatten/comments-removed', 'info', true],
    ['flatten/double-quotes', 'info', true],
    ['flatten/one-line', 'warning', false],
    ['flatten/cannot-print', 'error', false],
    ['flatten/internal', 'info', false],
    ['tracer/double-quoted-string', 'info', false],
    ['es5/let', 'info', false],
  ] as const)('%s (%s) → %s', (ruleId, severity, fact) => {
    expect(isFlattenFact(d(ruleId, severity))).toBe(fact);
  });

  it('a commented two-line tracer gives exactly two facts and nothing else', () => {
    const r = flattenTracer('{\n  // c\n  result: function () { return 1; }, fault: function () {}\n}');
    expect(
      r.diagnostics
        .filter(isFlattenFact)
        .map((x) => x.ruleId)
        .sort(),
    ).toEqual(['flatten/comments-removed', 'flatten/one-line']);
    expect(r.diagnostics.filter((x) => !isFlattenFact(x))).toEqual([]);
  });
});
