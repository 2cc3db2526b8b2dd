import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import type { UpstreamReader } from '../../evm/upstream/traceUpstreamTx.ts';
import type { FromTraceChild } from './FromTraceChild.ts';

/** An {@link UpstreamReader} that asks the parent, and the hook that settles its requests with the parent's answers. */
export interface ParentUpstreamReader {
  reader: UpstreamReader;
  /**
   * Settles request `request` (from a `state` message) with its answers, or rejects it with an UpstreamError of the
   * parent's error text; unknown requests are ignored.
   */
  settle(request: number, outcome: { answers: unknown[] } | { error: string }): void;
}

/**
 * The trace process's side of `replay --endpoint`: every read of traceUpstreamTx becomes a `state` message of replay
 * `id` to the parent, which checks the calls, fetches them and answers with a `state` message. The process itself
 * holds no transport, endpoint or credentials. A failed fetch rejects with the upstream's error as the parent words it.
 */
export function createParentUpstreamReader(
  id: number,
  send: (m: FromTraceChild) => Promise<void>,
): ParentUpstreamReader {
  const pending = new Map<number, { resolve(a: unknown[]): void; reject(e: Error): void }>();
  let next = 0;
  const batch = (calls: readonly RpcCall[]): Promise<unknown[]> => {
    if (calls.length === 0) return Promise.resolve([]);
    const request = ++next;
    return new Promise((resolve, reject) => {
      pending.set(request, { resolve, reject });
      void send({
        type: 'state',
        id,
        request,
        calls: calls.map((c) => ({ method: c.method, params: c.params })),
      });
    });
  };
  return {
    reader: {
      batch,
      call: async (method, params) => (await batch([{ method, params }]))[0],
    },
    settle(request, outcome) {
      const p = pending.get(request);
      pending.delete(request);
      if ('error' in outcome) p?.reject(new UpstreamError(outcome.error));
      else p?.resolve(outcome.answers);
    },
  };
}
