import type { HookCost, TraceProfile } from './traceDebug.ts';

/** How much longer geth's goja takes than an engine of the embedded node for the same tracer code, and why we think so. */
export interface GojaRatio {
  /** goja's time for the same calls, as a multiple of this engine's. */
  times: number;
  /** What the ratio rests on, in one sentence. */
  basis: string;
}

// Measured on one machine, Node 20, medians of 5 (the project's toolchain notes): 1,000,000 calls of a CALL-collector
// step(log), goja 1.8 M calls/s, QuickJS-wasm 2.0 M/s, a node:vm context 41 M/s. Two interpreters (goja, QuickJS) keep
// their ratio across workloads far better than an interpreter and a JIT do, so QuickJS is what profiles run in.
const workload = '1,000,000 calls of a CALL-collector step(log) on one machine (Node 20, medians of 5)';

/** The measured ratios, per engine. */
export const gojaRatios: Readonly<Record<'quickjs' | 'v8', GojaRatio>> = {
  quickjs: {
    times: 2.0 / 1.8,
    basis: `goja ran ${workload} at 1.8 M calls/s, QuickJS at 2.0 M/s`,
  },
  v8: {
    times: 41 / 1.8,
    basis: `goja ran ${workload} at 1.8 M calls/s, a V8 context at 41 M/s (a JIT: a rough ratio, it varies with the code)`,
  },
};

/** Share of the timeout from which a run is said to be close to it (a busier or slower node may stop it). */
export const closeShare = 0.5;

/** What geth would likely take for this tracer on this transaction, against the request's timeout. */
export interface GethEstimate {
  /** The estimated time of the tracer's hooks on geth (ms). */
  ms: number;
  /** The time in the hooks here (ms) that the estimate scales. */
  hookMs: number;
  ratio: GojaRatio;
  timeoutMs: number;
  /** `likely-timeout`: the estimate reaches the timeout (or the run here was stopped by it); `close`: half of it. */
  verdict: 'fits' | 'close' | 'likely-timeout';
  /** The run here was stopped by the timeout: the estimate is a lower bound. */
  stopped: boolean;
  /** The hook with the most time, if any hook ran, and its share of the hooks' time (0–1). */
  costliest?: { cost: HookCost; share: number };
}

/**
 * Estimates geth's time for a profiled run: the time in the tracer's hooks here times the engine's ratio to goja
 * ({@link gojaRatios}). The EVM's own work is left out (Go runs it in a small fraction of the hooks' time), and so is
 * the network: what a node adds before it answers is not the tracer's.
 */
export function estimateGethTime(profile: TraceProfile, timeoutMs: number): GethEstimate {
  const ratio = profile.engine === 'v8' ? gojaRatios.v8 : gojaRatios.quickjs;
  let hookMs = 0;
  let top: HookCost | undefined;
  for (const h of profile.hooks) {
    hookMs += h.ms;
    if (h.calls > 0 && (!top || h.ms > top.ms)) top = h;
  }
  const ms = hookMs * ratio.times;
  const stopped = profile.error?.startsWith('execution timeout') === true;
  const verdict =
    stopped || ms >= timeoutMs ? 'likely-timeout' : ms >= timeoutMs * closeShare ? 'close' : 'fits';
  const out: GethEstimate = { ms, hookMs, ratio, timeoutMs, verdict, stopped };
  if (top) out.costliest = { cost: top, share: hookMs > 0 ? top.ms / hookMs : 0 };
  return out;
}
