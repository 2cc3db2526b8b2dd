// Progress of a running probe, per request, for the Endpoints panel's card (the probe's state in the store says only
// that it runs; this says which check and for how long).
import type { ProbeSend } from '../core/rpc/probe/probeSession.ts';

/** One step of a probe: the request being sent, how many were sent before it, and the time since the start. */
export interface ProbeProgress {
  endpointId: string;
  /** 1-based number of the request being sent. */
  step: number;
  /** About how many requests a full probe sends (a node that runs no tracers stops earlier). */
  expected: number;
  method: string;
  ms: number;
}

type Listener = (p: ProbeProgress) => void;
const listeners = new Set<Listener>();

/** Calls `fn` for each request of every probe; returns the unsubscribe. */
export function onProbeProgress(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Wraps a probe's sender so that each request it sends is announced. */
export function reportingProbeSends(endpointId: string, send: ProbeSend, expected: number): ProbeSend {
  const started = Date.now();
  let step = 0;
  return (method, params, request) => {
    step++;
    const p: ProbeProgress = { endpointId, step, expected, method, ms: Date.now() - started };
    for (const fn of listeners) fn(p);
    return send(method, params, request);
  };
}

/** The progress line: `Probing: check 5 of about 13 (debug_traceCall), 1.2 s`. */
export function describeProbeProgress(p: ProbeProgress): string {
  return `Probing: check ${p.step} of about ${Math.max(p.step, p.expected)} (${p.method}), ${(p.ms / 1000).toFixed(1)} s`;
}
