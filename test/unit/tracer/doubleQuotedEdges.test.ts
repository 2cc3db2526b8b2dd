import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { toSingleQuoted } from '../../../src/core/tracer/lintDoubleQuoted.ts';
import { inStep, posOf, single } from './lintHarness.ts';

const rule = 'tracer/double-quoted-string';

describe('tracer/double-quoted-string edges', () => {
  it('reports each literal of a concatenation, not the whole expression', () => {
    const code = inStep('var s = "a" + "b";');
    const found = checkTracer(code).diagnostics.filter((d) => d.ruleId === rule);
    expect(found.map((d) => `${d.range.start.line}:${d.range.start.column}-${d.range.end.column}`)).toEqual([
      `${posOf(code, '"a"')}-12`,
      `${posOf(code, '"b"')}-18`,
    ]);
  });

  it("names its fix 'Use single quotes'", () => {
    expect(single(inStep('var a = "x";'), rule).fix?.title).toBe('Use single quotes');
  });

  // body → re-quoted text; a lone trailing backslash (no valid literal has one) is copied as it is
  it.each([
    ['a\\', "'a\\'"],
    ['\\"', "'\"'"],
    ["'", "'\\''"],
  ])('toSingleQuoted(%j) is %j', (body, expected) => {
    expect(toSingleQuoted(body)).toBe(expected);
  });
});
