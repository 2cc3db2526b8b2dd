import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import type { StateFetcher } from './fetchForTraceChild.ts';

/** A {@link StateFetcher} that remembers answers, and how often it answered from memory. */
export interface CachingFetcher extends StateFetcher {
  readonly stats: { hits: number; misses: number };
}

/**
 * True for a call whose answer can never change: a block by hash, the chain id, and state read at a block named by
 * its hash (EIP-1898 `{blockHash}`). A block number or tag can name another block after a reorganisation, and a
 * transaction can move to another block, so those are asked every time.
 */
function immutable(call: RpcCall): boolean {
  if (call.method === 'eth_getBlockByHash' || call.method === 'eth_chainId') return true;
  const last = call.params[call.params.length - 1];
  return typeof last === 'object' && last !== null && 'blockHash' in last;
}

/**
 * The fetcher `serve --upstream` fetches the trace processes' state through: answers to calls pinned to a block hash
 * (see {@link immutable}) are kept, the `maxEntries` used last, so tracing the same transaction again, or another of
 * its block, asks the upstream for little or nothing, whichever trace process runs it. A null answer is not kept.
 */
export function createCachingFetcher(upstream: StateFetcher, maxEntries = 200_000): CachingFetcher {
  const memory = new Map<string, unknown>();
  const stats = { hits: 0, misses: 0 };
  const keyOf = (c: RpcCall) => JSON.stringify([c.method, c.params]);
  const remember = (key: string, value: unknown) => {
    if (value === null || value === undefined) return;
    memory.delete(key);
    memory.set(key, value);
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string);
  };
  const recall = (key: string): { value: unknown } | undefined => {
    if (!memory.has(key)) return undefined;
    const value = memory.get(key);
    memory.delete(key);
    memory.set(key, value);
    return { value };
  };
  const batch = async (calls: readonly RpcCall[]): Promise<unknown[]> => {
    const out: unknown[] = new Array(calls.length);
    const asked: number[] = [];
    for (const [i, c] of calls.entries()) {
      const found = immutable(c) ? recall(keyOf(c)) : undefined;
      if (found) {
        stats.hits++;
        out[i] = found.value;
      } else asked.push(i);
    }
    stats.misses += asked.length;
    if (asked.length === 0) return out;
    const answers =
      asked.length === 1
        ? [await upstream.call(calls[asked[0]].method, calls[asked[0]].params)]
        : await upstream.batch(asked.map((i) => calls[i]));
    for (const [k, i] of asked.entries()) {
      out[i] = answers[k];
      if (immutable(calls[i])) remember(keyOf(calls[i]), answers[k]);
    }
    return out;
  };
  return {
    stats,
    batch,
    call: async (method, params) => (await batch([{ method, params }]))[0],
  };
}
