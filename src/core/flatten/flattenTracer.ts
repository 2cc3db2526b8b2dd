import { tokenizer } from '../es5/loopParser.ts';
import type * as estree from 'estree';
import { createLineIndex, type Diagnostic, type LineIndex, type Severity } from '../diagnostics.ts';
import type { Es5Options } from '../es5/checkEs5.ts';
import { checkTracer } from '../tracer/checkTracer.ts';
import { createPositionMap, type PositionMap } from './createPositionMap.ts';
import { generateOneLine } from './generateOneLine.ts';

export type { PositionMap } from './createPositionMap.ts';

/** The flattened tracer and everything found on the way. */
export interface FlattenResult {
  /** False when any diagnostic is an error. */
  ok: boolean;
  /** The ready-to-send tracer string: one line, no comments, single-quoted literals, no `"`; '' when !ok. */
  code: string;
  /** checkTracer's diagnostics plus the flattener's own (`flatten/*`). */
  diagnostics: Diagnostic[];
  /** Flattened offset → source offset (plain data, read with `toSourceOffset`); null when !ok. */
  map: PositionMap | null;
}

/**
 * A tracer as flattened for sending, in plain data: the one-line code, the source it was printed from and the map
 * between them. It crosses the tracer worker's boundary, goes out with the request and stays with its reply and
 * History entry, so that a node's error is mapped through the map that produced the text the node ran, whatever
 * the editor holds by then.
 */
export interface FlatTracer {
  code: string;
  source: string;
  map: PositionMap;
}

/** The {@link FlatTracer} of a successful flattening of `source`; null when it failed. */
export function flatTracerOf(result: FlattenResult, source: string): FlatTracer | null {
  return result.ok && result.map ? { code: result.code, source, map: result.map } : null;
}

interface Span {
  start: number;
  end: number;
}

function make(lines: LineIndex, severity: Severity, ruleId: string, message: string, span: Span): Diagnostic {
  return { severity, ruleId, message, range: lines.rangeOf(span.start, Math.max(span.start, span.end)) };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Checks a tracer source with checkTracer and, when it has no errors, prints the tracer object literal as the
 * ready-to-send string: one line, no comments, string literals single-quoted, no `"` character anywhere
 * (inside literals it is written `\u0022`); wrappers (`var x =`, `module.exports =`, parentheses) and trailing
 * `;` are dropped. Never throws. For a target other than es5, the ES2015+ code it runs is printed as well.
 */
export function flattenTracer(source: string, options: Es5Options = {}): FlattenResult {
  if (typeof source !== 'string') {
    const message = `The tracer source must be a string, not ${source === null ? 'null' : typeof source}`;
    return fail([atStart('flatten/bad-input', message)]);
  }
  try {
    return flatten(source, options ?? {});
  } catch (e) {
    const message = `The flattener failed unexpectedly (a bug): ${(e as Error)?.message ?? String(e)}`;
    return fail([atStart('flatten/internal', message)]);
  }
}

/** An error at the first character (line 1, column 1), for failures that have no better place. */
function atStart(ruleId: string, message: string): Diagnostic {
  const start = { offset: 0, line: 1, column: 1 };
  return { severity: 'error', ruleId, message, range: { start, end: start } };
}

function fail(diagnostics: Diagnostic[]): FlattenResult {
  return { ok: false, code: '', diagnostics, map: null };
}

function flatten(source: string, options: Es5Options): FlattenResult {
  const checked = checkTracer(source, options);
  const diagnostics: Diagnostic[] = [...checked.diagnostics];
  const tracer = checked.tracer;
  if (!tracer || diagnostics.some((d) => d.severity === 'error')) return fail(diagnostics);
  const lines = createLineIndex(source);
  const object = tracer.object as estree.ObjectExpression & Span;
  const gen = generateOneLine(object);
  if (!gen.ok) {
    diagnostics.push(make(lines, 'error', 'flatten/cannot-print', gen.problem.message, gen.problem));
    return fail(diagnostics);
  }
  const broken = verifyOutput(gen.code, checked.es5.es5Valid);
  // Stryker disable next-line ConditionalExpression,BlockStatement: the printer-bug guard (see verifyOutput)
  if (broken) {
    // Stryker disable next-line StringLiteral: the printer-bug guard (see verifyOutput)
    diagnostics.push(make(lines, 'error', 'flatten/internal', broken, object));
    return fail(diagnostics);
  }
  diagnostics.push(...describeChanges(lines, gen.doubleQuoted, checked.es5.comments, object));
  return {
    ok: true,
    code: gen.code,
    diagnostics,
    map: createPositionMap(source, object.start, object.end, gen.code),
  };
}

/**
 * A cheap guard against printer bugs: the output must be one `"`-free line whose tokens all read (in ES5 when the
 * input was ES5). A full re-parse would cost as much as the check itself; the printer's syntax is covered by the
 * round-trip corpus test instead.
 */
// Stryker disable all: a guard against printer bugs that no input reaches while the printer is right (its mutants
// only weaken a check that never fires); the printer's output is tested directly (escapeLiteral, corpus round trip).
function verifyOutput(code: string, es5: boolean): string | null {
  const prefix = 'The flattener produced broken output (a bug): ';
  if (code.includes('"')) return prefix + 'it contains a double quote';
  if (/[\n\r\u2028\u2029]/.test(code)) return prefix + 'it spans several lines';
  if (/<\/script|<!--/i.test(code)) return prefix + 'it contains </script or <!--';
  try {
    for (const token of tokenizer('(' + code + ')', { ecmaVersion: es5 ? 5 : 'latest' })) void token;
  } catch (e) {
    return prefix + `it does not read as JavaScript: ${(e as Error).message}`;
  }
  return null;
}
// Stryker restore all

function describeChanges(
  lines: LineIndex,
  doubleQuoted: number[],
  comments: Span[],
  object: Span,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (doubleQuoted.length > 0) {
    const message = `${plural(doubleQuoted.length, 'double-quoted string')} sent single-quoted (double quotes inside strings are written \\u0022)`;
    const start = doubleQuoted.reduce((a, b) => Math.min(a, b));
    out.push(make(lines, 'info', 'flatten/double-quotes', message, { start, end: start + 1 }));
  }
  if (comments.length > 0) {
    const message = `${plural(comments.length, 'comment')} removed: the tracer is sent as one line without comments`;
    out.push(make(lines, 'info', 'flatten/comments-removed', message, comments[0]));
  }
  const first = lines.positionAt(object.start).line;
  const last = lines.positionAt(object.end).line;
  if (last > first) {
    const message = `The tracer spans ${last - first + 1} lines; it is sent as one line`;
    out.push(
      make(lines, 'info', 'flatten/one-line', message, { start: object.start, end: object.start + 1 }),
    );
  }
  return out;
}
