import type { JsonRpcRequest } from './jsonRpc.ts';
import { parseGoDuration } from './parseGoDuration.ts';

/** How long a transport waits for a whole answer, and why (the why words the timeout message). */
export interface TimeLimit {
  /** Milliseconds, or null for no limit (the user cancels). */
  ms: number | null;
  /** `tracer`: the request's tracer timeout plus a margin; `default`: a plain call; `explicit`: set by the user. */
  basis: 'tracer' | 'default' | 'explicit' | 'block';
}

/** geth's default tracer timeout (5 s) when a trace request names none. */
export const defaultTracerTimeoutMs = 5_000;
/** Added to the tracer timeout: the node enforces the timeout itself, the margin covers the way there and back. */
export const tracerMarginMs = 10_000;
/** The limit for calls that run no tracer. */
export const defaultCallLimitMs = 30_000;

/**
 * The one time-limit policy of every transport (page and CLI, HTTP, WebSocket and the embedded node): an explicit
 * limit wins; a trace waits for its tracer timeout (Go duration, geth's default 5s) plus {@link tracerMarginMs};
 * a block trace has no limit, since geth applies the timeout to each transaction; anything else waits
 * {@link defaultCallLimitMs}.
 */
export function requestTimeLimit(request: JsonRpcRequest, explicitMs?: number): TimeLimit {
  if (explicitMs !== undefined) return { ms: explicitMs, basis: 'explicit' };
  if (!request.method.startsWith('debug_trace')) return { ms: defaultCallLimitMs, basis: 'default' };
  if (request.method.startsWith('debug_traceBlock')) return { ms: null, basis: 'block' };
  // The options object is the last param; any other last value (a hash, a block tag) has no `timeout`.
  const last = request.params[request.params.length - 1] as { timeout?: unknown } | null | undefined;
  const timeout = last?.timeout;
  const parsed = typeof timeout === 'string' ? parseGoDuration(timeout) : null;
  const ms = parsed?.ok ? Number(parsed.value / 1_000_000n) : defaultTracerTimeoutMs;
  return { ms: Math.max(0, ms) + tracerMarginMs, basis: 'tracer' };
}

/** "within 11 s (the tracer timeout plus a margin)": how a timeout message names the limit that ran out. */
export function describeTimeLimit(limit: TimeLimit): string {
  const seconds = `${(limit.ms ?? 0) / 1000} s`;
  return limit.basis === 'tracer' ? `${seconds} (the tracer timeout plus a margin)` : seconds;
}
