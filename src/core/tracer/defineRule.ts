import type { Diagnostic, Fix, Severity } from '../diagnostics.ts';
import type { Reporter } from './createReporter.ts';
import type { LintRule } from './lintContext.ts';

/** One rule of the tracer check: its id, the severity it reports with, and what it is about. */
export interface TracerRule {
  readonly id: string;
  readonly severity: Severity;
  readonly summary: string;
  /** A diagnostic of this rule (its id and severity) covering `[start, end)` of the source. */
  make(r: Reporter, message: string, start: number, end: number, fix?: Fix): Diagnostic;
}

/** The rule `tracer/<name>`: the only place its id and severity are written. */
export function defineRule(name: string, severity: Severity, summary: string): TracerRule {
  const id = `tracer/${name}`;
  return {
    id,
    severity,
    summary,
    make: (r, message, start, end, fix) => r.make(severity, id, message, start, end, fix),
  };
}

/** A lint module: the rules it reports (and no others) and its check, called for every node of the tracer. */
export interface LintPass {
  readonly rules: readonly TracerRule[];
  readonly check: LintRule;
}
