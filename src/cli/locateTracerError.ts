import { flatTracerOf, type FlattenResult, type FlatTracer } from '../core/flatten/flattenTracer.ts';
import { mapSentTracerError } from '../core/flatten/mapNodeError.ts';
import { verbatimTracer } from '../core/flatten/verbatimTracer.ts';

/** How the tracer text a node ran relates to the user's file. */
export type TracerOrigin =
  | { kind: 'flattened'; source: string; flat: FlattenResult }
  /** The file's text sent as it is (`replay`, `--no-flatten`): `code` is a slice of `source`. */
  | { kind: 'verbatim'; source: string; code: string };

/** The sent tracer with its position map (the same plain data the page carries with a request). */
export function sentTracerOf(origin: TracerOrigin): FlatTracer | null {
  return origin.kind === 'flattened'
    ? flatTracerOf(origin.flat, origin.source)
    : verbatimTracer(origin.source, origin.code);
}

/** `FILE:LINE:COL` (1-based) of a place in the file. */
export function formatPlace(file: string, at: { line: number; column: number }): string {
  return `${file}:${at.line}:${at.column}`;
}

/**
 * Where in the user's file a node's tracer error points: `FILE:LINE:COL` (1-based) from any position form of
 * `nodeErrorLocationForms` (goja `<eval>:L:C` of geth and the embedded node, goja `Line L:C`, Boa, V8), for a
 * flattened tracer and for text sent as it is alike: both are mapped by mapSentTracerError, as on the page.
 * Undefined when the text names no position.
 */
export function locateTracerError(errorText: string, file: string, origin: TracerOrigin): string | undefined {
  const tracer = sentTracerOf(origin);
  const mapped = tracer && mapSentTracerError(errorText, tracer);
  return mapped ? formatPlace(file, mapped.range.start) : undefined;
}
