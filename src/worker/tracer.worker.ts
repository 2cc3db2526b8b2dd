// The check/flatten worker: user tracer text is analysed here, off the main thread.
import { expose, type Endpoint } from 'comlink';
import type { Diagnostic, SourceRange } from '../core/diagnostics.ts';
import type { Profile } from '../core/profile.ts';
import { flattenTracer } from '../core/flatten/flattenTracer.ts';
import { mapNodeErrorToSource } from '../core/flatten/mapNodeError.ts';

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
    // flattenTracer runs checkTracer first and returns its diagnostics with its own: one pass gives both.
    const f = flattenTracer(source, { profile });
    return { seq, diagnostics: dedupe(f.diagnostics), flat: f.ok ? { ok: true, code: f.code } : null };
  },
  mapNodeError(source, errorText, profile) {
    const flat = flattenTracer(source, { profile });
    return flat.ok ? mapNodeErrorToSource(errorText, flat, source) : null;
  },
};

/** Serves the API on `endpoint` (a worker scope, or a MessagePort in a Node test). */
export function serve(endpoint: Endpoint): void {
  expose(tracerWorkerApi, endpoint);
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') serve(self as unknown as Endpoint);
