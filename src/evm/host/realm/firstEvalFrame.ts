/** How much of a stack text is read, and the longest line taken for an engine's frame. */
const headChars = 65536;
const lineChars = 2048;
const maxLines = 128;
const tail = /^<eval>:(\d{1,9}):(\d{1,9})\)\s*$/;

/**
 * `fn:line:col` of the first frame of the tracer's own text (`<eval>`) in a QuickJS stack (`    at name (file:l:c)`,
 * `<anonymous>` for a function without a name), or undefined. The names in it are the tracer's (a function named by a
 * megabyte-long computed key), so only a bounded head is read, line by line, without a backtracking pattern.
 */
export function firstEvalFrame(stack: unknown): string | undefined {
  const text = String(stack).slice(0, headChars);
  let start = 0;
  for (let n = 0; n < maxLines && start <= text.length; n++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.length > lineChars) continue;
    const at = line.lastIndexOf(' (<eval>:');
    const lead = line.indexOf('at ');
    if (at < 0 || lead < 0 || lead > at || line.slice(0, lead).trim() !== '') continue;
    const m = tail.exec(line.slice(at + 2));
    if (!m) continue;
    const name = line.slice(lead + 3, at);
    return `${name === '<anonymous>' ? '' : name}:${m[1]}:${m[2]}`;
  }
  return undefined;
}
