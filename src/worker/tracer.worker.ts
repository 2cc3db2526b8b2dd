// The check/flatten worker: user tracer text is analysed here, off the main thread.
import { expose, type Endpoint } from 'comlink';
import type { Diagnostic } from '../core/diagnostics.ts';
import { flatTracerOf, flattenTracer } from '../core/flatten/flattenTracer.ts';
import { defaultTarget, parseTarget } from '../core/targets.ts';
import type { TracerWorkerApi } from './contracts.ts';

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
  analyze(seq, source, target, detected) {
    // flattenTracer runs checkTracer first and returns its diagnostics with its own: one pass gives both.
    const options = { target: parseTarget(target) ?? defaultTarget, ...(detected ? { detected } : {}) };
    const f = flattenTracer(source, options);
    return { seq, diagnostics: dedupe(f.diagnostics), flat: flatTracerOf(f, source) };
  },
};

/** Serves the API on `endpoint` (a worker scope, or a MessagePort in a Node test). */
export function serve(endpoint: Endpoint): void {
  expose(tracerWorkerApi, endpoint);
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') serve(self as unknown as Endpoint);
