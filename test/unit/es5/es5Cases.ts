import { expect, it } from 'vitest';
import { applyEdits, type Diagnostic } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import type { Profile } from '../../../src/core/profile.ts';

/** `line:col rule message` of a diagnostic, for exact comparisons. */
export function show(d: Diagnostic): string {
  return `${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.message}`;
}

/** The strict-profile message of a construct: "<subject> is <since> syntax, not ES5.1: <hint>." */
export function strictMessage(subject: string, since: string, hint: string): string {
  return `${subject} is ${since} syntax, not ES5.1: ${hint}.`;
}

/** A test that `code` is ES5.1 and gets no diagnostic. */
export function valid(code: string, profile: Profile = 'strict'): void {
  it(`valid: ${JSON.stringify(code).slice(0, 70)}`, () => {
    const r = checkEs5(code, { profile });
    expect(r.diagnostics.map(show)).toEqual([]);
    expect(r.es5Valid).toBe(true);
  });
}

export interface InvalidOptions {
  profile?: Profile;
  /** `line:col` where the range ends. */
  end?: string;
  severity?: 'error' | 'warning';
}

/** A test that `code` gets a diagnostic `ruleId` with exactly `message`, starting at `at` (`line:col`). */
export function invalid(
  code: string,
  ruleId: string,
  message: string,
  at: string,
  opts: InvalidOptions = {},
): void {
  it(`${ruleId} at ${at}: ${JSON.stringify(code).slice(0, 60)}`, () => {
    const r = checkEs5(code, { profile: opts.profile ?? 'strict' });
    expect(r.diagnostics.map(show)).toContain(`${at} ${ruleId} ${message}`);
    const d = r.diagnostics.find((x) => show(x) === `${at} ${ruleId} ${message}`)!;
    expect(d.severity).toBe(opts.severity ?? 'error');
    if (opts.end) expect(`${d.range.end.line}:${d.range.end.column}`).toBe(opts.end);
    expect(r.es5Valid).toBe(false);
  });
}

/** A test that the fix of the first `ruleId` diagnostic turns `code` into `expected`, which no longer has it. */
export function fixes(
  code: string,
  ruleId: string,
  expected: string,
  opts: { es5Valid?: boolean } = {},
): void {
  it(`fix ${ruleId}: ${JSON.stringify(code).slice(0, 60)}`, () => {
    const before = checkEs5(code).diagnostics.find((d) => d.ruleId === ruleId);
    expect(before?.fix).toBeDefined();
    const out = applyEdits(code, before!.fix!.edits);
    expect(out).toBe(expected);
    const after = checkEs5(out);
    expect(after.diagnostics.filter((d) => d.ruleId === ruleId).map(show)).toEqual([]);
    expect(after.es5Valid).toBe(opts.es5Valid ?? true);
  });
}

/** A test that `ruleId` gets no fix for `code`. */
export function noFix(code: string, ruleId: string): void {
  it(`no fix ${ruleId}: ${JSON.stringify(code).slice(0, 60)}`, () => {
    const d = checkEs5(code).diagnostics.find((x) => x.ruleId === ruleId);
    expect(d).toBeDefined();
    expect(d!.fix).toBeUndefined();
  });
}
