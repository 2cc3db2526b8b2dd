import { changesChain } from '../../core/rpc/methods/methods.ts';

/**
 * What the trace processes must apply, in order, to stay on the server's chain after `item` succeeded there: a sent
 * raw transaction's hex, or the request `{method, params}` as JSON for eth_sendTransaction and the dev-chain controls
 * (which the node answers deterministically: the same request on the same chain makes the same change). Undefined
 * for a request that leaves the chain as it was.
 */
export function journalEntryFor(item: Record<string, unknown>): string | undefined {
  const method = item.method;
  if (typeof method !== 'string') return undefined;
  if (!changesChain(method)) return undefined;
  if (method === 'eth_sendRawTransaction') return (item.params as unknown[])[0] as string;
  return JSON.stringify({ method, params: item.params ?? [] });
}

/** The request a journal entry stands for (a raw transaction's hex is eth_sendRawTransaction). */
export function journalRequest(entry: string): { method: string; params: unknown } {
  return entry.startsWith('{')
    ? (JSON.parse(entry) as { method: string; params: unknown })
    : { method: 'eth_sendRawTransaction', params: [entry] };
}
