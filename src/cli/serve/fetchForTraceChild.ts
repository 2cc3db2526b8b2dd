import { checkReadOnlyCalls } from '../../core/upstream/checkReadOnlyCalls.ts';
import type { RpcCall } from '../../core/upstream/stateRequests.ts';

/** What the parent fetches a trace process's state through: the upstream client (see createUpstreamClient). */
export interface StateFetcher {
  call(method: string, params: unknown[]): Promise<unknown>;
  batch(calls: readonly RpcCall[]): Promise<unknown[]>;
}

/**
 * The parent's answer to a trace process's `state` message: `asked` (the message's calls, untrusted) checked by
 * checkReadOnlyCalls, then sent through `upstream` (one call alone, more as a batch). Rejects, nothing sent, when a
 * call is refused; rejects with the upstream's error when the fetch fails.
 */
export async function fetchForTraceChild(asked: unknown, upstream: StateFetcher): Promise<unknown[]> {
  const calls = checkReadOnlyCalls(asked);
  return calls.length === 1 ? [await upstream.call(calls[0].method, calls[0].params)] : upstream.batch(calls);
}
