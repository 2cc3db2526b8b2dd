import { expect } from 'vitest';
import { applyEdits, type Diagnostic } from '../../../src/core/diagnostics.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

/** A tracer whose step body is on line 4 (the body starts at column 1). */
export const inStep = (body: string): string =>
  `{fault: function(log, db) {},\nresult: function(ctx, db) { return 1; },\nstep: function(log, db) {\n${body}\n}}`;

/** A tracer whose result body is on line 4. */
export const inResult = (body: string): string =>
  `{fault: function(log, db) {},\nstep: function(log, db) {},\nresult: function(ctx, db) {\n${body}\n}}`;

/** A tracer whose setup body is on line 4. */
export const inSetup = (body: string): string =>
  `{fault: function(log, db) {},\nresult: function(ctx, db) { return 1; },\nsetup: function(config) {\n${body}\n}}`;

/** A tracer whose enter body is on line 4 and exit body on line 6. */
export const inEnterExit = (enter: string, exit = ''): string =>
  `{fault: function(log, db) {},\nresult: function(ctx, db) { return 1; },\nenter: function(frame) {\n${enter}\n},\nexit: function(res) {\n${exit}\n}}`;

const where = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.column}`;

/** Asserts that `code` has no diagnostics at all of the given rules (default: none of severity warning/error). */
export function expectValid(code: string, ruleIds?: string[]): void {
  const found = checkTracer(code).diagnostics.filter((d) =>
    ruleIds ? ruleIds.includes(d.ruleId) : d.severity !== 'info',
  );
  expect(found.map((d) => `${where(d)} ${d.ruleId} ${d.message}`)).toEqual([]);
}

/**
 * Asserts exactly one diagnostic of `ruleId` with this message at `line:col`; when it has a fix, asserts that
 * applying the fix removes it (and returns the fixed source).
 */
export function expectInvalid(code: string, ruleId: string, message: string, at: string): string | undefined {
  const found = checkTracer(code).diagnostics.filter((d) => d.ruleId === ruleId);
  expect(found.map((d) => `${where(d)} ${d.message}`)).toEqual([`${at} ${message}`]);
  const fix = found[0].fix;
  if (!fix) return undefined;
  const fixed = applyEdits(code, fix.edits);
  expect(checkTracer(fixed).diagnostics.filter((d) => d.ruleId === ruleId)).toEqual([]);
  return fixed;
}

/** The severity and fix of the single `ruleId` diagnostic. */
export function single(code: string, ruleId: string): Diagnostic {
  const found = checkTracer(code).diagnostics.filter((d) => d.ruleId === ruleId);
  expect(found).toHaveLength(1);
  return found[0];
}

/** `line:col` (1-based) of the first occurrence of `needle` in `code` (after `from`). */
export function posOf(code: string, needle: string, from = 0): string {
  const offset = code.indexOf(needle, from);
  if (offset < 0) throw new Error(`'${needle}' not in test code`);
  const before = code.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}
