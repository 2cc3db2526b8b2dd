import { createLineIndex, type SourceRange } from '../diagnostics.ts';
import { parse } from '../es5/loopParser.ts';
import {
  findNodeErrorLocation,
  findTracerFunction,
  removeNodeErrorLocations,
  sentPosition,
} from '../nodeErrors/findNodeErrorLocation.ts';
import { type PositionMap, toSourceOffset } from './createPositionMap.ts';
import type { FlatTracer } from './flattenTracer.ts';

function cleanMessage(text: string): string {
  return removeNodeErrorLocations(text).replace(/^(\w*Error): \1: /, '$1: ');
}

/** The end of the source token at `start`: a whole identifier or number, else one character. */
function tokenEnd(source: string, start: number): number {
  const word = /[\w$\u0080-\uffff]+/y;
  word.lastIndex = start;
  const m = word.exec(source);
  return m ? start + m[0].length : Math.min(start + 1, source.length);
}

/** Offset in the flattened tracer of the key that defines its function `name` (`step:`), if it has one. */
function functionKeyOffset(code: string, name: string): number | undefined {
  let program: { body: Array<{ expression?: { properties?: Array<{ key?: Key }> } }> };
  try {
    // A flattened tracer is one object literal; the `(` makes it an expression. Text sent as written may be more.
    program = parse(`(${code})`, { ecmaVersion: 'latest' }) as unknown as typeof program;
  } catch {
    return undefined;
  }
  for (const p of program.body[0]?.expression?.properties ?? []) {
    if (p.key && (p.key.name ?? p.key.value) === name) return p.key.start - 1;
  }
  return undefined;
}

interface Key {
  start: number;
  name?: string;
  value?: unknown;
}

/** The 0-based offset in `code` of a 1-based line and column; undefined when `code` has no such line. */
function offsetInCode(code: string, at: { line: number; column: number }): number | undefined {
  let start = 0;
  for (let l = 1; l < at.line; l++) {
    const nl = code.indexOf('\n', start);
    if (nl < 0) return undefined;
    start = nl + 1;
  }
  return start + at.column - 1;
}

/**
 * Finds a position in a node's error text (any form of `nodeErrorLocationForms`: goja `<eval>:1:COL(…)`, goja
 * SyntaxError `Line 1:N`, Boa `at line 1, col N`, V8 `<anonymous>:1:N`) and maps it back to the original source through the flattener's
 * position map (a verbatim tracer's map, see verbatimTracer, reads every line; a flattened one has one). The column counts the `(` the node prepends. A text without a position that names the tracer
 * function it failed in (`… in server-side tracer function 'step'`, as for the memory limit) points at that
 * function's key. Returns null when the text has no position in the code and names no function of the tracer, or
 * the flattening failed.
 */
export function mapNodeErrorToSource(
  errorText: string,
  flat: { code: string; map: PositionMap | null },
  source: string,
): { range: SourceRange; message: string } | null {
  // The map is null exactly when the flattening failed.
  if (!flat.map) return null;
  const loc = findNodeErrorLocation(errorText);
  let flatOffset: number | undefined;
  if (loc) {
    if (loc.line < 1 || loc.column < 1) return null;
    // Column 1 of line 1 is the '(' the node prepends (taken as the start); past a line's end maps to its last token.
    flatOffset = offsetInCode(flat.code, sentPosition(loc));
  } else {
    const fn = findTracerFunction(errorText);
    if (fn) flatOffset = functionKeyOffset(flat.code, fn);
  }
  if (flatOffset === undefined) return null;
  // Past the end: the code's last character (a flattened tracer's closing `}`).
  const start = toSourceOffset(flat.map, Math.min(flatOffset, Math.max(0, flat.code.length - 1)));
  const range = createLineIndex(source).rangeOf(start, tokenEnd(source, start));
  return { range, message: cleanMessage(errorText) };
}

/** {@link mapNodeErrorToSource} through the map a sent tracer carries, onto the source it was flattened from. */
export function mapSentTracerError(
  errorText: string,
  tracer: FlatTracer,
): { range: SourceRange; message: string } | null {
  return mapNodeErrorToSource(errorText, tracer, tracer.source);
}
