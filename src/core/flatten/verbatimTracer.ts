import { createPositionMap } from './createPositionMap.ts';
import type { FlatTracer } from './flattenTracer.ts';

/**
 * A tracer sent as written (`--no-flatten`, the embedded node's text with console calls): `code` is a slice of
 * `source`, and its map pairs each token with itself there, so that a node's error is placed by the same
 * mapNodeErrorToSource as for a flattened tracer.
 */
export function verbatimTracer(source: string, code: string): FlatTracer {
  const base = Math.max(0, source.indexOf(code));
  return { code, source, map: createPositionMap(source, base, base + code.length, code) };
}
