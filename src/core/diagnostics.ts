import type { TargetId } from './targets.ts';

/**
 * The one diagnostic type shared by the core, the workers, the UI and the CLI.
 *
 * Positions: `offset` is a UTF-16 code-unit index into the source; `line` is 1-based; `column` is
 * 1-based (as editors show it; acorn's own columns are 0-based, Monaco's are 1-based).
 */

/** How serious a diagnostic is. `error` blocks sending; `warning` predicts a runtime problem; `info` explains a fix. */
export type Severity = 'error' | 'warning' | 'info';

/** A point in the source text. */
export interface Position {
  /** UTF-16 code-unit offset from the start of the source. */
  offset: number;
  /** 1-based line number. */
  line: number;
  /** 1-based column (UTF-16 code units). */
  column: number;
}

/** A half-open source range `[start, end)`. */
export interface SourceRange {
  start: Position;
  end: Position;
}

/** A replacement of the text between two offsets. */
export interface TextEdit {
  /** Start offset (inclusive) in the original source. */
  start: number;
  /** End offset (exclusive) in the original source. */
  end: number;
  /** Replacement text. */
  text: string;
}

/** A mechanical fix for a diagnostic: applying all edits (non-overlapping) yields the corrected source. */
export interface Fix {
  /** Short imperative title, e.g. "Replace 'let' with 'var'". */
  title: string;
  edits: TextEdit[];
}

/** One finding about a tracer source. */
export interface Diagnostic {
  severity: Severity;
  /** Stable rule id such as `es5/arrow-function` or `tracer/missing-result`; safe to match on in scripts. */
  ruleId: string;
  /** Plain-words message, without position (the range carries it). */
  message: string;
  range: SourceRange;
  /** Optional mechanical fix. */
  fix?: Fix;
  /** Other places the same finding applies to, when one diagnostic stands for several (e.g. 12 `let`s). */
  related?: SourceRange[];
  /**
   * The target the finding suggests choosing instead (the ES5.1 check's summary, when a node's engine runs every
   * construct it found): data, so that no reader parses it back out of `message`.
   */
  suggestedTarget?: TargetId;
}

/** Line-start table for fast offset → line/column conversion. */
export interface LineIndex {
  /** Position of a UTF-16 offset (clamped to the source). */
  positionAt(offset: number): Position;
  /** Range between two offsets. */
  rangeOf(start: number, end: number): SourceRange;
}

/** Builds a {@link LineIndex} for `source`. Lines break at \n, \r\n, \r, U+2028 and U+2029 as in ECMAScript. */
export function createLineIndex(source: string): LineIndex {
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 10 || c === 0x2028 || c === 0x2029) starts.push(i + 1);
    else if (c === 13) {
      if (source.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  const positionAt = (offset: number): Position => {
    const o = Math.max(0, Math.min(offset, source.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { offset: o, line: lo + 1, column: o - starts[lo] + 1 };
  };
  return { positionAt, rangeOf: (start, end) => ({ start: positionAt(start), end: positionAt(end) }) };
}

/** Formats a diagnostic the way the CLI prints it: `file:line:col severity message [rule]`. */
export function formatDiagnostic(d: Diagnostic, file = '<input>'): string {
  return `${file}:${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.message} [${d.ruleId}]`;
}

/** Applies non-overlapping edits to a source (in any order). */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = source;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
