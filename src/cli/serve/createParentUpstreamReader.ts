import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import type { UpstreamReader } from '../../evm/upstream/traceUpstreamTx.ts';
import type { FromTraceChild } from './FromTraceChild.ts';

/** An {@link UpstreamReader} that asks the parent, and the hook that settles its requests with the parent's answers. */
export interface ParentUpstreamReader {
  reader: UpstreamReader;
  /** Settles request `request` with `answers` (from a `state` message); unknown requests are ignored. */
  settle(request: number, answers: unknown[]): void;
}

/**
 * The trace process's side of `replay --endpoint`: every read of traceUpstreamTx becomes a `state` message of replay
 * `id` to the parent, which checks the calls, fetches them and answers with a `state` message. The process itself
 * holds no transport, endpoint or credentials. (A failed fetch is not answered: the parent ends the replay.)
 */
export function createParentUpstreamReader(
  id: number,
  send: (m: FromTraceChild) => Promise<void>,
): ParentUpstreamReader {
  const pending = new Map<number, (answers: unknown[]) => void>();
  let next = 0;
  const batch = (calls: readonly RpcCall[]): Promise<unknown[]> => {
    const request = ++next;
    return new Promise((resolve) => {
      pending.set(request, resolve);
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
    settle(request, answers) {
      const resolve = pending.get(request);
      pending.delete(request);
      resolve?.(answers);
    },
  };
}
