import { estimateGethTime, type GethEstimate } from '../../evm/host/estimateGethTime.ts';
import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import type { TraceProfile } from '../../evm/host/traceDebug.ts';

/** One row of the cost table. */
export interface CostRow {
  hook: string;
  calls: number;
  /** Total time here (ms); null when the hook never ran. */
  ms: number | null;
  meanUs: number | null;
  maxMs: number | null;
  /** Share of the hooks' time (0–100). */
  share: number | null;
}

/** The cost of a run as the page shows it: the table, geth's estimate, what it rests on and a warning. */
export interface CostView {
  rows: CostRow[];
  estimate: GethEstimate;
  /** `geth: about 7.2 s for this tracer on this transaction, against the timeout 5s (geth's default): …`. */
  headline: string;
  /** What the estimate rests on (the ratio's basis). */
  basis: string;
  /** Set when geth would likely stop the tracer (or is close to it), naming the hook that costs most. */
  warning: string | null;
}

const verdictWords: Record<GethEstimate['verdict'], string> = {
  fits: 'fits',
  close: 'close to it',
  'likely-timeout': 'likely to time out',
  incomplete: 'not known (the run here did not finish)',
};

/** Milliseconds as people read them: `7.2 s`, `340 ms`, `2.5 ms`. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** The timeout as the request states it, or geth's default. */
export function timeoutWords(timeout: string | undefined): string {
  return timeout === undefined || timeout === '' ? "5s (geth's default)" : timeout;
}

/**
 * The cost view of a profiled run on the embedded node against a request's timeout (`timeoutMs`, and `timeout` as
 * given: undefined for geth's default 5 s). The estimate is estimateGethTime's (the same as `tracer replay --profile`).
 */
export function buildCostView(profile: TraceProfile, timeoutMs: number, timeout?: string): CostView {
  const estimate = estimateGethTime(profile, timeoutMs);
  const rows = profile.hooks.map((h): CostRow => {
    if (h.calls === 0) return { hook: h.hook, calls: 0, ms: null, meanUs: null, maxMs: null, share: null };
    const share = estimate.hookMs > 0 ? (100 * h.ms) / estimate.hookMs : 0;
    return { hook: h.hook, calls: h.calls, ms: h.ms, meanUs: (1000 * h.ms) / h.calls, maxMs: h.maxMs, share };
  });
  const limit = timeoutWords(timeout);
  const more = estimate.stopped ? ' or more' : '';
  const headline = `geth: about ${formatDuration(estimate.ms)}${more} for this tracer on this transaction, against the timeout ${limit}: ${verdictWords[estimate.verdict]}`;
  const basis = `The estimate is the time in the hooks here (${profile.engine === 'quickjs' ? 'QuickJS, the page’s engine' : profile.engine}) × ${estimate.ratio.times.toFixed(2)}: ${estimate.ratio.basis}. The EVM’s own work and the network are not counted.`;
  return { rows, estimate, headline, basis, warning: costWarning(estimate, limit) };
}

/** The warning of an estimate (null when it fits), naming the costliest hook. */
export function costWarning(est: GethEstimate, limit: string): string | null {
  const c = est.costliest;
  const why = c
    ? ` ${c.cost.hook} costs most: ${(100 * c.share).toFixed(0)}% of the hooks' time, ${c.cost.calls.toLocaleString('en-US')} calls of ${((1000 * c.cost.ms) / c.cost.calls).toFixed(1)} µs here.`
    : '';
  if (est.verdict === 'likely-timeout')
    return `geth would likely stop this tracer at its timeout ${limit}: about ${formatDuration(est.ms)}${est.stopped ? ' or more' : ''}.${why}`;
  if (est.verdict === 'close')
    return `past half of the timeout ${limit} (about ${formatDuration(est.ms)}): a busier or slower node may stop it.${why}`;
  if (est.verdict === 'incomplete')
    return `the run here was stopped by the timeout ${limit} before the end (geth needs at least about ${formatDuration(est.ms)} for the part it ran).${why}`;
  return null;
}

/** A request's timeout in ms (geth's default 5 s when absent or unreadable: the run itself reports a bad one). */
export function timeoutMsOf(timeout: string | undefined): number {
  try {
    return parseTimeoutMs(timeout === '' ? undefined : timeout);
  } catch {
    return 5000;
  }
}
