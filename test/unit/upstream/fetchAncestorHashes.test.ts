import { describe, expect, it } from 'vitest';
import type { RpcCall } from '../../../src/core/upstream/stateRequests.ts';
import { fetchAncestorHashes } from '../../../src/evm/upstream/fetchAncestorHashes.ts';

// Chains of headers: A is the traced block's; B forked from A below block 10 (what a moved head answers by number).
type Header = { number: bigint; hash: string; parentHash: string };
const h = (chain: string, n: bigint) => `0x${chain.repeat(4)}${n.toString(16).padStart(60, '0')}`;
function chain(name: string, forkedBelow: bigint): Map<bigint, Header> {
  const out = new Map<bigint, Header>();
  for (let n = 0n; n <= 20n; n++) {
    const own = (k: bigint) => (k >= forkedBelow ? h(name, k) : h('a', k));
    out.set(n, { number: n, hash: own(n), parentHash: own(n - 1n) });
  }
  return out;
}
const A = chain('a', 0n);

/** A fake upstream: blocks by number from `canonical`, by hash from every chain it still has (`kept`). */
function upstream(canonical: Map<bigint, Header>, kept: Map<bigint, Header>[]) {
  const asked: string[] = [];
  const byHash = new Map([...kept.flatMap((c) => [...c.values()])].map((b) => [b.hash, b]));
  const answer = (c: RpcCall) =>
    c.method === 'eth_getBlockByNumber'
      ? (canonical.get(BigInt(c.params[0] as string)) ?? null)
      : (byHash.get(c.params[0] as string) ?? null);
  return {
    asked,
    reader: {
      call: async (method: string, params: unknown[]) => (asked.push(method), answer({ method, params })),
      batch: async (calls: readonly RpcCall[]) => (asked.push(`batch of ${calls.length}`), calls.map(answer)),
    },
  };
}

const rows: Array<[string, Map<bigint, Header>, Map<bigint, Header>[], bigint, string[]]> = [
  ['the head has not moved: one batch by number, linked', A, [A], 5n, ['batch of 6']],
  [
    'the head moved to a chain forked below block 10: walked from the parent by hash',
    chain('b', 7n),
    [A, chain('b', 7n)],
    5n,
    ['batch of 6', ...Array(5).fill('eth_getBlockByHash')],
  ],
  [
    'the head moved above the parent only: the run by number still links',
    chain('b', 11n),
    [A, chain('b', 11n)],
    5n,
    ['batch of 6'],
  ],
  ['asked for what is known: nothing sent', A, [A], 10n, []],
];

describe("fetchAncestorHashes: BLOCKHASH's ancestors are the parent's own, whatever the head does", () => {
  it.each(rows)('%s', async (_what, canonical, kept, lowest, asked) => {
    const hashes = new Map([[10n, h('a', 10n)]]);
    const up = upstream(canonical, kept);
    await fetchAncestorHashes(up.reader, hashes, 10n, lowest);
    expect(up.asked).toEqual(asked);
    for (let n = lowest; n <= 10n; n++) expect(hashes.get(n), `block ${n}`).toBe(h('a', n));
  });

  it('an ancestor the upstream no longer has (reorganised away) is one clear error', async () => {
    const up = upstream(chain('b', 3n), [chain('b', 3n)]);
    await expect(fetchAncestorHashes(up.reader, new Map([[10n, h('a', 10n)]]), 10n, 5n)).rejects.toThrow(
      /^the upstream no longer has block 0xaaaa0{59}a \(number 10\), an ancestor of the traced block: its chain was reorganised while fetching/,
    );
  });
});
