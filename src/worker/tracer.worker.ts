// The check/flatten worker: user tracer text is analysed here, off the main thread.
import { expose, type Endpoint } from 'comlink';
import type { Diagnostic, SourceRange } from '../core/diagnostics.ts';
import type { Profile } from '../core/profile.ts';

/** What one analysis of a tracer source returns. */
export interface TracerAnalysis {
  /** The request id the caller passed; lets the page drop stale results. */
  seq: number;
  diagnostics: Diagnostic[];
  /** The one-line string for a request, or null when the source cannot be flattened. */
  flat: { ok: boolean; code: string } | null;
}

/** The tracer worker's contract (plain data only crosses it). */
export interface TracerWorkerApi {
  /** Checks and flattens `source`. */
  analyze(seq: number, source: string, profile: Profile): TracerAnalysis;
  /** Maps a node's tracer error (`<eval>:1:COL`, `Line 1:N`, …) back to a range of `source`. */
  mapNodeError(
    source: string,
    errorText: string,
    profile: Profile,
  ): { range: SourceRange; message: string } | null;
}

type CheckFn = (source: string, o: { profile: Profile }) => { diagnostics: Diagnostic[] };
type FlatResult = {
  ok: boolean;
  code: string;
  diagnostics: Diagnostic[];
  map: { toSourceOffset(flatOffset: number): number } | null;
};
type FlattenFn = (source: string, o: { profile: Profile }) => FlatResult;
type MapErrorFn = (
  errorText: string,
  flat: FlatResult,
  source: string,
) => { range: SourceRange; message: string } | null;

// Globbed rather than imported so the app keeps building while the core modules are being written.
const checkMods = import.meta.glob<{ checkTracer: CheckFn }>('../core/tracer/checkTracer.ts', {
  eager: true,
});
const flattenMods = import.meta.glob<{ flattenTracer: FlattenFn }>('../core/flatten/flattenTracer.ts', {
  eager: true,
});
const mapMods = import.meta.glob<{ mapNodeErrorToSource: MapErrorFn }>('../core/flatten/mapNodeError.ts', {
  eager: true,
});
const checkTracer = Object.values(checkMods)[0]?.checkTracer;
const flattenTracer = Object.values(flattenMods)[0]?.flattenTracer;
const mapNodeErrorToSource = Object.values(mapMods)[0]?.mapNodeErrorToSource;

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.ruleId}|${d.range.start.offset}|${d.range.end.offset}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The worker implementation (also used directly by unit tests). */
export const tracerWorkerApi: TracerWorkerApi = {
  analyze(seq, source, profile) {
    const diagnostics: Diagnostic[] = checkTracer ? [...checkTracer(source, { profile }).diagnostics] : [];
    let flat: TracerAnalysis['flat'] = null;
    if (flattenTracer) {
      const f = flattenTracer(source, { profile });
      flat = f.ok ? { ok: true, code: f.code } : null;
      diagnostics.push(...f.diagnostics);
    }
    return { seq, diagnostics: dedupe(diagnostics), flat };
  },
  mapNodeError(source, errorText, profile) {
    if (!flattenTracer || !mapNodeErrorToSource) return null;
    const flat = flattenTracer(source, { profile });
    if (!flat.ok) return null;
    return mapNodeErrorToSource(errorText, flat, source);
  },
};

/** Serves the API on `endpoint` (a worker scope, or a MessagePort in a Node test). */
export function serve(endpoint: Endpoint): void {
  expose(tracerWorkerApi, endpoint);
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') serve(self as unknown as Endpoint);
