import type { FlatTracer } from './flattenTracer.ts';

/**
 * A tracer sent as written (`--no-flatten`, the embedded node's text with console calls): `code` is a slice of
 * `source`, and its map is one pair spanning the whole code, so every offset (in a comment or between tokens too)
 * maps to the same character of the source, and a node's error is placed by the same mapNodeErrorToSource as for a
 * flattened tracer.
 */
export function verbatimTracer(source: string, code: string): FlatTracer {
  const base = Math.max(0, source.indexOf(code));
  return { code, source, map: { srcStart: base, pairs: [0, code.length, base, base + code.length] } };
}
