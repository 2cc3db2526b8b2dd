import { expect, it } from 'vitest';
import { applyEdits, type Diagnostic } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { es5Rules } from '../../../src/core/es5/es5Rules.ts';
import type { TargetId } from '../../../src/core/targets.ts';

/** `line:col rule message` of a diagnostic, for exact comparisons. */
export function show(d: Diagnostic): string {
  return `${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.message}`;
}

/** The es5 target's message of a construct, up to the targets that run it: "<subject> is <since> syntax, not ES5.1: <hint>." */
export function strictMessage(subject: string, since: string, hint: string): string {
  return `${subject} is ${since} syntax, not ES5.1: ${hint}.`;
}

/** What the es5 message adds for each set of targets that run a construct. */
export const runners = {
  all: ' geth, reth, anvil and nethermind run this; es5 nodes do not.',
  modern: ' reth, anvil and nethermind run this; es5 nodes do not.',
  none: '',
};

/** The constructs only Boa and V8 run (goja 9037c2b61cbf, pinned by geth 1.10.18–1.10.26 and Erigon, does not). */
const modernRules = new Set([
  'es5/class',
  'es5/super',
  'es5/class-fields',
  'es5/private-name',
  'es5/class-static-block',
  'es5/generator',
  'es5/async-await',
  'es5/exponent-operator',
  'es5/nullish-coalescing',
  'es5/logical-assignment',
  'es5/numeric-separator',
  'es5/bigint-literal',
  'es5/regexp-syntax',
  'es5/line-separator-in-string',
]);
/** The constructs no target runs. */
const noneRules = new Set([
  'es5/top-level-await',
  'es5/import-export',
  'es5/import-meta',
  'es5/using-declaration',
  'es5/hashbang',
]);

/** The runner sentence the es5 message of `ruleId` ends with (the test's own table, not the source's). */
export function runnersOf(ruleId: string, message = ''): string {
  if (!(ruleId in es5Rules) || ruleId === 'es5/unsupported-syntax') return '';
  if (ruleId === 'es5/regexp-flag') return /flag '[uy]'/.test(message) ? runners.all : runners.modern;
  if (/modifiers/.test(message)) return runners.none;
  return modernRules.has(ruleId) ? runners.modern : noneRules.has(ruleId) ? runners.none : runners.all;
}

/** A test that `code` is ES5.1 and gets no diagnostic. */
export function valid(code: string, target: TargetId = 'es5'): void {
  it(`valid: ${JSON.stringify(code).slice(0, 70)}`, () => {
    const r = checkEs5(code, { target });
    expect(r.diagnostics.map(show)).toEqual([]);
    expect(r.es5Valid).toBe(true);
  });
}

export interface InvalidOptions {
  target?: TargetId;
  /** The runner sentence when it is not the rule's usual one (regexp flags); es5 target only. */
  runners?: string;
  /** `line:col` where the range ends. */
  end?: string;
  severity?: 'error' | 'warning' | 'info';
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
    const target = opts.target ?? 'es5';
    const full = target === 'es5' ? message + (opts.runners ?? runnersOf(ruleId, message)) : message;
    const r = checkEs5(code, { target });
    expect(r.diagnostics.map(show)).toContain(`${at} ${ruleId} ${full}`);
    const d = r.diagnostics.find((x) => show(x) === `${at} ${ruleId} ${full}`)!;
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
