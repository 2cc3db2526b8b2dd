import type { HookCost, TraceProfile } from './traceDebug.ts';

/** How much longer geth's goja takes than the run here for the same tracer code, and why we think so. */
export interface GojaRatio {
  /** goja's time for the same calls, as a multiple of the time measured here. */
  times: number;
  /** What the ratio rests on, in one sentence. */
  basis: string;
}

// Measured on one machine, Node 20, medians of 5 (the project's toolchain notes): 1,000,000 calls of a CALL-collector
// step(log) (call.js's step; the reference step of measureReferenceStep), goja 1.8 M calls/s, QuickJS-wasm 2.0 M/s, a
// node:vm context 41 M/s.
const measured = '1,000,000 calls, one machine, Node 20, medians of 5';

/** goja's time for one call of the reference step (µs): 1.8 M calls/s. */
export const gojaReferenceCallUs = 1 / 1.8;

/**
 * The engines' measured ratios to goja, for a profile without a reference step. Two interpreters (goja, QuickJS) keep
 * their ratio across workloads far better than an interpreter and a JIT do, so profiles run in QuickJS.
 */
export const gojaRatios: Readonly<Record<'quickjs' | 'v8', GojaRatio>> = {
  quickjs: {
    times: 2.0 / 1.8,
    basis: `goja ran a CALL-collector step(log) at 1.8 M calls/s, QuickJS at 2.0 M/s (${measured})`,
  },
  v8: {
    times: 41 / 1.8,
    basis: `goja ran a CALL-collector step(log) at 1.8 M calls/s, a V8 context at 41 M/s (${measured}; a JIT: rough, it varies with the code)`,
  },
};

/** Share of the timeout from which a run is said to be close to it (a busier or slower node may stop it). */
export const closeShare = 0.5;

/** What geth would likely take for this tracer on this transaction, against the request's timeout. */
export interface GethEstimate {
  /** The estimated time of the tracer's hooks on geth (ms); a lower bound when `stopped`. */
  ms: number;
  /** The time in the hooks here (ms) that the estimate scales. */
  hookMs: number;
  ratio: GojaRatio;
  timeoutMs: number;
  /**
   * `likely-timeout`: the estimate reaches the timeout; `close`: half of it; `incomplete`: the run here was stopped
   * by its timeout before the end, and what it measured does not reach geth's timeout.
   */
  verdict: 'fits' | 'close' | 'likely-timeout' | 'incomplete';
  /** The run here was stopped by the timeout. */
  stopped: boolean;
  /** The hook with the most time, if any hook ran, and its share of the hooks' time (0–1). */
  costliest?: { cost: HookCost; share: number };
}

/**
 * The reference step's best time (µs) in this host's realms on the machine the project is developed on (the best of
 * about 20 measurements, Node 20, a shared 2-core machine): what the work inside the hooks is scaled back to, so that the machine's load
 * (which slows the reference step and the hooks alike) drops out.
 */
export const referenceBestUs: Readonly<Record<'quickjs' | 'v8', number>> = { quickjs: 1.2, v8: 0.61 };

/**
 * Estimates geth's time for a profiled run. With the reference step measured just before the run (the usual case):
 * every hook call at goja's time for the reference step (0.56 µs: the calls' own cost, this host's included, is not
 * goja's), and the work beyond it, scaled back to this machine's unloaded speed (reference best / reference now), at
 * the engine's measured ratio to goja (QuickJS ×1.11). Without it: the hooks' time at that ratio. The EVM's own work
 * is left out (Go runs it in a small fraction of the hooks' time), and so is the network.
 */
export function estimateGethTime(profile: TraceProfile, timeoutMs: number): GethEstimate {
  const engine = profile.engine === 'v8' ? 'v8' : 'quickjs';
  const engineRatio = gojaRatios[engine];
  const ref = profile.reference && profile.reference.callUs > 0 ? profile.reference : undefined;
  const load = ref ? ref.callUs / referenceBestUs[engine] : 1;
  let hookMs = 0;
  let ms = 0;
  let top: HookCost | undefined;
  for (const h of profile.hooks) {
    hookMs += h.ms;
    if (h.calls > 0 && (!top || h.ms > top.ms)) top = h;
    if (!ref) continue;
    const base = (h.calls * ref.callUs) / 1000;
    ms += (h.calls * gojaReferenceCallUs) / 1000 + (Math.max(0, h.ms - base) / load) * engineRatio.times;
  }
  if (!ref) ms = hookMs * engineRatio.times;
  const ratio: GojaRatio = ref
    ? {
        times: hookMs > 0 ? ms / hookMs : 0,
        basis:
          `each call at goja's ${gojaReferenceCallUs.toFixed(2)} µs for the reference step (call.js's step(log) on an ` +
          `op that is not CALL: ${engineRatio.basis}), the work beyond it at ×${engineRatio.times.toFixed(2)} with ` +
          `this machine's load taken out (the reference step took ${ref.callUs.toFixed(2)} µs a call here just before ` +
          `the run, ${referenceBestUs[engine].toFixed(2)} µs at best on the development machine)`,
      }
    : engineRatio;
  const stopped = profile.error?.startsWith('execution timeout') === true;
  const verdict =
    ms >= timeoutMs
      ? 'likely-timeout'
      : stopped
        ? 'incomplete'
        : ms >= timeoutMs * closeShare
          ? 'close'
          : 'fits';
  const out: GethEstimate = { ms, hookMs, ratio, timeoutMs, verdict, stopped };
  if (top) out.costliest = { cost: top, share: hookMs > 0 ? top.ms / hookMs : 0 };
  return out;
}
