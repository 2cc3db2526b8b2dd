import { createLineIndex, type SourceRange } from '../diagnostics.ts';
import { parse } from '../es5/loopParser.ts';
import type { FlattenResult } from './flattenTracer.ts';

/**
 * Location forms in node error texts. Every engine evaluates `'(' + code + ')'`, so each column counts one extra
 * character; all of these columns are 1-based.
 * - goja runtime (geth, Erigon): `… at step (<eval>:1:30(2))` — the first `<eval>` frame is the innermost one.
 * - goja SyntaxError: `SyntaxError: (anonymous): Line 1:31 Unexpected token …`
 * - Boa (reth, Anvil): `… at line 1, col 31`
 * - V8 (Nethermind): `… <anonymous>:1:31`
 */
const locationForms: RegExp[] = [
  /<eval>:(\d+):(\d+)/,
  /\bLine (\d+):(\d+)/,
  /\bat line (\d+), col(?:umn)? (\d+)/,
  /<anonymous>:(\d+):(\d+)/,
];

const locationNoise: RegExp[] = [
  /\s+at\s+[\w$.]*\s*\(<eval>:\d+:\d+(?:\(\d+\))?\)/g,
  /\s+at\s+<eval>:\d+:\d+(?:\(\d+\))?/g,
  /\(anonymous\):\s*Line \d+:\d+\s*/g,
  /\s+at line \d+, col(?:umn)? \d+/g,
  /\s*\(?<anonymous>:\d+:\d+\)?/g,
];

function findLocation(text: string): { line: number; column: number } | null {
  for (const form of locationForms) {
    const m = form.exec(text);
    if (m) return { line: Number(m[1]), column: Number(m[2]) };
  }
  return null;
}

function cleanMessage(text: string): string {
  let out = text;
  for (const noise of locationNoise) out = out.replace(noise, ' ');
  out = out.replace(/^(\w*Error): \1: /, '$1: ');
  return out.replace(/\s+/g, ' ').trim();
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
 * Finds a position in a node's error text (goja `<eval>:1:COL(…)`, goja SyntaxError `Line 1:N`, Boa
 * `at line 1, col N`, V8 `<anonymous>:1:N`) and maps it back to the original source through the flattener's
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
  const loc = findLocation(errorText);
  let flatOffset: number | undefined;
  if (loc) {
    if (loc.line !== 1 || loc.column < 1) return null;
    // Column 1 is the '(' the node prepends; past the end maps to the last token (the closing '}').
    flatOffset = Math.max(loc.column - 2, 0);
  } else {
    const fn = /in server-side tracer function '([\w$]+)'/.exec(errorText);
    if (fn) flatOffset = functionKeyOffset(flat.code, fn[1]);
    if (flatOffset === undefined) return null;
  }
  const start = flat.map.toSourceOffset(flatOffset);
  const range = createLineIndex(source).rangeOf(start, tokenEnd(source, start));
  return { range, message: cleanMessage(errorText) };
}
