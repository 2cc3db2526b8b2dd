import { createLineIndex, type SourceRange } from '../diagnostics.ts';
import { parse } from '../es5/loopParser.ts';
import {
  findNodeErrorLocation,
  removeNodeErrorLocations,
  sentPosition,
} from '../nodeErrors/findNodeErrorLocation.ts';
import type { FlattenResult } from './flattenTracer.ts';

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
  // A successful flattening is one object literal; the `(` makes it an expression.
  const program = parse(`(${code})`, { ecmaVersion: 'latest' }) as unknown as {
    body: [
      { expression: { properties: Array<{ key?: { start: number; name?: string; value?: unknown } }> } },
    ];
  };
  for (const p of program.body[0].expression.properties) {
    if (p.key && (p.key.name ?? p.key.value) === name) return p.key.start - 1;
  }
  return undefined;
}

/**
 * Finds a position in a node's error text (any form of `nodeErrorLocationForms`: goja `<eval>:1:COL(…)`, goja
 * SyntaxError `Line 1:N`, Boa `at line 1, col N`, V8 `<anonymous>:1:N`) and maps it back to the original source through the flattener's
 * position map. The column counts the `(` the node prepends. A text without a position that names the tracer
 * function it failed in (`… in server-side tracer function 'step'`, as for the memory limit) points at that
 * function's key. Returns null when the text has no position on line 1 and names no function of the tracer, or
 * the flattening failed.
 */
export function mapNodeErrorToSource(
  errorText: string,
  flat: FlattenResult,
  source: string,
): { range: SourceRange; message: string } | null {
  // The map is null exactly when the flattening failed.
  if (!flat.map) return null;
  const loc = findNodeErrorLocation(errorText);
  let flatOffset: number | undefined;
  if (loc) {
    if (loc.line !== 1 || loc.column < 1) return null;
    // Column 1 is the '(' the node prepends (taken as the start); past the end maps to the last token (the '}').
    flatOffset = sentPosition(loc).column - 1;
  } else {
    const fn = /in server-side tracer function '([\w$]+)'/.exec(errorText);
    if (fn) flatOffset = functionKeyOffset(flat.code, fn[1]);
    if (flatOffset === undefined) return null;
  }
  const start = flat.map.toSourceOffset(flatOffset);
  const range = createLineIndex(source).rangeOf(start, tokenEnd(source, start));
  return { range, message: cleanMessage(errorText) };
}
