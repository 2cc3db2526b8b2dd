import { createLineIndex, type Diagnostic, type Fix, type LineIndex, type Severity } from '../diagnostics.ts';

/** Builds diagnostics for one source, converting offsets to line/column once. */
export interface Reporter {
  readonly lines: LineIndex;
  /** A diagnostic covering `[start, end)` of the source. */
  make(
    severity: Severity,
    ruleId: string,
    message: string,
    start: number,
    end: number,
    fix?: Fix,
  ): Diagnostic;
}

/** Creates a {@link Reporter} for `source`. */
export function createReporter(source: string): Reporter {
  const lines = createLineIndex(source);
  return {
    lines,
    make(severity, ruleId, message, start, end, fix) {
      const d: Diagnostic = { severity, ruleId, message, range: lines.rangeOf(start, end) };
      // Stryker disable next-line ConditionalExpression: `fix: undefined` and no fix read the same to every consumer (`if (d.fix)`, `d.fix?.`)
      if (fix) d.fix = fix;
      return d;
    },
  };
}
