import { createLineIndex } from '../core/diagnostics.ts';
import type { FlattenResult } from '../core/flatten/flattenTracer.ts';
import { mapNodeErrorToSource } from '../core/flatten/mapNodeError.ts';
import { findNodeErrorLocation, sentPosition } from '../core/nodeErrors/findNodeErrorLocation.ts';

/** How the tracer text a node ran relates to the user's file. */
export type TracerOrigin =
  | { kind: 'flattened'; source: string; flat: FlattenResult }
  /** The file's text sent as it is (`replay`, `--no-flatten`): `code` is a slice of `source`. */
  | { kind: 'verbatim'; source: string; code: string };

/**
 * Where in the user's file a node's tracer error points: `FILE:LINE:COL` (1-based) from any position form of
 * `nodeErrorLocationForms` (goja `<eval>:L:C` of geth and the embedded node, goja `Line L:C`, Boa, V8), for a
 * flattened tracer and for text sent as it is alike. Undefined when the text names no position.
 */
export function locateTracerError(errorText: string, file: string, origin: TracerOrigin): string | undefined {
  if (origin.kind === 'flattened') {
    const mapped = mapNodeErrorToSource(errorText, origin.flat, origin.source);
    return mapped ? `${file}:${mapped.range.start.line}:${mapped.range.start.column}` : undefined;
  }
  const reported = findNodeErrorLocation(errorText);
  if (!reported || reported.line < 1 || reported.column < 1) return undefined;
  // The node ran '(' + code: line 1 counts one extra column.
  const { line, column } = sentPosition(reported);
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = origin.code.indexOf('\n', start);
    if (nl < 0) return undefined;
    start = nl + 1;
  }
  const offset = start + column - 1;
  if (offset > origin.code.length) return undefined;
  const base = Math.max(0, origin.source.indexOf(origin.code));
  const at = createLineIndex(origin.source).positionAt(base + offset);
  return `${file}:${at.line}:${at.column}`;
}
