import { upstreamStateMethods } from '../rpc/methods/methods.ts';
import { isPrestateCall } from './prestateSeed.ts';
import type { RpcCall } from './stateRequests.ts';

/**
 * The only methods a trace process may have its parent send to an upstream node: the transaction, its block, the
 * chain id, and state at a block (the method table's `upstreamState` rows), plus geth's built-in prestateTracer on a
 * transaction in exactly one shape (isPrestateCall). All read-only; nothing here signs, sends, subscribes, runs a
 * tracer of its own on the upstream or names another endpoint.
 */
export const readOnlyUpstreamMethods: ReadonlySet<string> = upstreamStateMethods;

/** Calls in one request of a trace process (a state fetch asks for 3 per account, so this is ~3000 accounts). */
export const maxCallsPerRequest = 10_000;

const hexText = /^0x[0-9a-fA-F]{0,64}$/;
const blockTags = new Set(['latest', 'earliest', 'pending', 'safe', 'finalized']);

function paramOk(p: unknown, inArray = false): boolean {
  if (typeof p === 'boolean') return !inArray;
  if (typeof p === 'string') return hexText.test(p) || (!inArray && blockTags.has(p));
  // eth_getProof's storage keys.
  if (Array.isArray(p)) return !inArray && p.length <= 1000 && p.every((x) => paramOk(x, true));
  if (p && typeof p === 'object' && !inArray) {
    const keys = Object.keys(p);
    return (
      keys.length === 1 && keys[0] === 'blockHash' && paramOk((p as { blockHash: unknown }).blockHash, true)
    );
  }
  return false;
}

/**
 * What a trace process asked its parent to fetch, checked before anything is sent: a list of at most
 * {@link maxCallsPerRequest} calls, each exactly `{method, params}` with a method of {@link readOnlyUpstreamMethods}
 * and params that are hex strings, block tags, booleans, `{blockHash}` or a list of hex keys. Returns the calls, or
 * throws naming the first one refused (the parent then ends the replay, the call unsent).
 */
export function checkReadOnlyCalls(calls: unknown): RpcCall[] {
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > maxCallsPerRequest)
    throw new Error(`the trace process asked for a malformed list of upstream calls`);
  for (const c of calls) {
    // The one debug_* call allowed: geth's built-in prestateTracer on a transaction, exactly (see prestateSeed).
    if (isPrestateCall(c)) continue;
    const ok = c && typeof c === 'object' && !Array.isArray(c);
    const keys = ok ? Object.keys(c as object).sort() : [];
    const { method, params } = (ok ? c : {}) as { method?: unknown; params?: unknown };
    if (typeof method !== 'string' || !readOnlyUpstreamMethods.has(method))
      throw new Error(
        `the trace process asked the upstream for ${JSON.stringify(String(method)).slice(0, 80)}, which is not a read-only state method: refused`,
      );
    if (
      keys.join() !== 'method,params' ||
      !Array.isArray(params) ||
      params.length > 4 ||
      !params.every((p) => paramOk(p))
    )
      throw new Error(
        `the trace process asked for ${method} with parameters that are not state queries: refused`,
      );
  }
  return calls as RpcCall[];
}
