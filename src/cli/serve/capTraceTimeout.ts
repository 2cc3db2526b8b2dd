import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import { findMethod } from '../../core/rpc/methods/methods.ts';

/** A trace request as the trace process should see it, and how long it may take before it is killed. */
export interface CappedTrace {
  /** The request, with the config's `timeout` lowered to the cap when the client asked for more. */
  request: Record<string, unknown>;
  /**
   * Milliseconds of tracing allowed: the (capped) timeout, or the cap itself for block traces (geth's timeout is per
   * transaction and the number of transactions is not known here, so a block gets the cap once, not per tx).
   */
  budgetMs: number;
}

const defaultTimeoutMs = 5000;

/** The config's `timeout` value, looked up the way the node decodes it (exact key first, then any case). */
function timeoutKeys(config: Record<string, unknown>): { value: unknown; keys: string[] } {
  const keys = Object.keys(config).filter((k) => k.toLowerCase() === 'timeout');
  const exact = keys.includes('timeout');
  return { value: exact ? config.timeout : keys.length ? config[keys[0]] : undefined, keys };
}

/**
 * Reads the `timeout` (a Go duration, default 5s) of a `debug_trace*` request's config (params[2] for
 * debug_traceCall, params[1] otherwise), caps it at `maxMs` and rewrites the config so the trace process sees the
 * capped value. A request whose config or timeout is malformed is left as it is (the node answers its error), and
 * gets the cap as its budget.
 */
export function capTraceTimeout(request: Record<string, unknown>, maxMs: number): CappedTrace {
  // The options object follows the method's params (2 for debug_traceCall, 1 for the others).
  const index = findMethod(String(request.method))?.params.length ?? 1;
  const block = request.method === 'debug_traceBlockByNumber' || request.method === 'debug_traceBlockByHash';
  const params = request.params;
  if (!Array.isArray(params)) return { request, budgetMs: maxMs };
  const config = params[index];
  let requested = defaultTimeoutMs;
  let keys: string[] = [];
  if (config !== undefined && config !== null) {
    if (typeof config !== 'object' || Array.isArray(config)) return { request, budgetMs: maxMs };
    const found = timeoutKeys(config as Record<string, unknown>);
    keys = found.keys;
    if (found.value !== undefined && found.value !== null) {
      try {
        requested = parseTimeoutMs(found.value as string);
      } catch {
        return { request, budgetMs: maxMs };
      }
    }
  } else if (params.length < index) {
    // A missing earlier param: the node refuses the arity; nothing to rewrite.
    return { request, budgetMs: maxMs };
  }
  const effective = Math.max(0, Math.min(requested, maxMs));
  const budgetMs = block ? maxMs : effective;
  if (requested <= maxMs) return { request, budgetMs };
  const capped: Record<string, unknown> = {
    ...((config as Record<string, unknown> | null | undefined) ?? {}),
  };
  for (const k of keys) delete capped[k];
  capped.timeout = `${maxMs}ms`;
  const rewritten = params.slice();
  rewritten[index] = capped;
  return { request: { ...request, params: rewritten }, budgetMs };
}
