import { gojaAccessorOffset } from './gojaCallPosition.ts';
import { toOriginalOffset, type InstrumentedCode } from './instrumentTracerCode.ts';

/**
 * Turns a position the realm reports (`fn:line:col` in the factory text, see `tracerFactoryText`; fn may be empty or
 * hold colons) into goja's ` at fn (<eval>:L:C(0))` part, in the tracer as written (`wrapped`: `(` + code + `\n)`),
 * or '' when there is none. The position may come from text the tracer wrote (a thrown object's `stack`), so it is
 * checked, never trusted: a line or column outside the instrumented text gives '' (no position), and the work is
 * linear in the text's size, whatever numbers the tracer chose. With `atCall` (an accessor's error), the position
 * names the accessor's call and the one goja reports is found from it ({@link gojaAccessorOffset}).
 */
export function createRealmPositionMapper(
  instrumented: InstrumentedCode,
  wrapped: string,
): (pos: unknown, atCall?: boolean) => string {
  let codeLines: number[] | undefined;
  let wrappedLines: number[] | undefined;
  return (pos, atCall = false) => {
    const p = parsePosition(pos);
    if (!p) return '';
    codeLines ??= lineStarts(instrumented.code);
    // The factory text puts the tracer on line 2 (see tracerFactoryText); its own first line counts as line 1.
    const line = Math.max(1, p.line - 1);
    if (line > codeLines.length) return '';
    const start = codeLines[line - 1];
    const end = line < codeLines.length ? codeLines[line] - 1 : instrumented.code.length;
    if (p.col < 1 || p.col > end - start + 1) return '';
    const named = toOriginalOffset(instrumented.inserts, start + p.col - 1);
    // An accessor's error: goja names the instruction after the accessor's call, not the call.
    const at = atCall ? gojaAccessorOffset(wrapped, named) : named;
    wrappedLines ??= lineStarts(wrapped);
    const outLine = lastAtOrBefore(wrappedLines, at);
    const where = `<eval>:${outLine + 1}:${at - wrappedLines[outLine] + 1}(0)`;
    return p.fn ? ` at ${p.fn} (${where})` : ` at ${where}`;
  };
}

/** `fn:line:col` with line and column of at most 9 digits; undefined for anything else. */
function parsePosition(pos: unknown): { fn: string; line: number; col: number } | undefined {
  if (typeof pos !== 'string') return undefined;
  const c2 = pos.lastIndexOf(':');
  const c1 = c2 > 0 ? pos.lastIndexOf(':', c2 - 1) : -1;
  if (c1 < 0) return undefined;
  const line = pos.slice(c1 + 1, c2);
  const col = pos.slice(c2 + 1);
  if (!/^\d{1,9}$/.test(line) || !/^\d{1,9}$/.test(col)) return undefined;
  return { fn: pos.slice(0, c1), line: Number(line), col: Number(col) };
}

/** Offsets where each line of `text` starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Index of the last entry of ascending `starts` that is ≤ `offset` (starts[0] is 0). */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
