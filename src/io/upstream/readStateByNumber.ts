import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import type { RpcCall } from '../../core/upstream/stateRequests.ts';
import type { UpstreamReader } from '../../evm/upstream/traceUpstreamTx.ts';

type BlockHashParam = { blockHash: string };

/** A block asked by number is no longer the one of the hash asked for. */
class Reorganised extends UpstreamError {}

function isBlockHashParam(p: unknown): p is BlockHashParam {
  return !!p && typeof p === 'object' && typeof (p as BlockHashParam).blockHash === 'string';
}

const hashesIn = (calls: readonly RpcCall[]) => [
  ...new Set(calls.flatMap((c) => c.params.filter(isBlockHashParam).map((p) => p.blockHash.toLowerCase()))),
];

/**
 * An {@link UpstreamReader} for nodes that refuse EIP-1898 block parameters (`{blockHash}`; ganache answers
 * `Cannot wrap a "object" as a json-rpc type`): a state request at a block hash that fails is asked again at that
 * block's number, and if that works every later one goes by number. Each request by number carries
 * `eth_getBlockByNumber` of the same number in the same batch, and its answer must still be the block of that hash,
 * so a chain reorganised in the meantime gives an UpstreamError, never state of another block. A request that fails
 * both ways gives the first failure (a pruned node's, a rate limit's), or the reorganisation. `byNumber` says whether it switched.
 */
export function readStateByNumber(up: UpstreamReader): UpstreamReader & { readonly byNumber: boolean } {
  const numbers = new Map<string, string>();
  let byNumber = false;

  async function numberOf(hash: string): Promise<string> {
    const known = numbers.get(hash);
    if (known !== undefined) return known;
    const b = (await up.call('eth_getBlockByHash', [hash, false])) as { number?: unknown } | null;
    if (!b || typeof b.number !== 'string')
      throw new Reorganised(
        `the upstream no longer has block ${hash}: its chain was reorganised while fetching`,
      );
    numbers.set(hash, b.number);
    return b.number;
  }

  async function batchByNumber(calls: readonly RpcCall[]): Promise<unknown[]> {
    const hashes = hashesIn(calls);
    for (const h of hashes) await numberOf(h);
    const asked = calls.map((c) => ({
      method: c.method,
      params: c.params.map((p) => (isBlockHashParam(p) ? numbers.get(p.blockHash.toLowerCase()) : p)),
    }));
    const guards = hashes.map((h) => ({ method: 'eth_getBlockByNumber', params: [numbers.get(h), false] }));
    const answers = await up.batch([...asked, ...guards]);
    hashes.forEach((h, i) => {
      const b = answers[asked.length + i] as { hash?: unknown } | null;
      if (String(b?.hash).toLowerCase() !== h)
        throw new Reorganised(
          `the upstream's block ${numbers.get(h)} is no longer ${h}: its chain was reorganised while fetching; capture again`,
        );
    });
    return answers.slice(0, asked.length);
  }

  async function batch(calls: readonly RpcCall[]): Promise<unknown[]> {
    if (hashesIn(calls).length === 0) return up.batch(calls);
    if (byNumber) return batchByNumber(calls);
    try {
      return await up.batch(calls);
    } catch (e) {
      let answers: unknown[];
      try {
        answers = await batchByNumber(calls);
      } catch (again) {
        throw again instanceof Reorganised ? again : e;
      }
      byNumber = true;
      return answers;
    }
  }

  return {
    call: async (method, params) =>
      params.some(isBlockHashParam) ? (await batch([{ method, params }]))[0] : up.call(method, params),
    batch,
    get byNumber() {
      return byNumber;
    },
  };
}
