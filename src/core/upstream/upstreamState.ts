/** An account at the upstream's parent block: balance, nonce and code (hex). */
export interface UpstreamAccount {
  balance: bigint;
  nonce: bigint;
  code: string;
}

/** A piece of state a speculative run needed and did not have. */
export type StateMiss =
  | { kind: 'account'; address: string }
  | { kind: 'storage'; address: string; slot: string }
  /** BLOCKHASH of an ancestor (the EVM asks the chain, not the state, before EIP-7709). */
  | { kind: 'blockhash'; number: bigint };

/**
 * What was fetched from an upstream at one block (the parent of the traced block), keyed by lower-case address and
 * `address_slot` (slot: 32-byte lower-case hex). An account that does not exist upstream is still an answer: it has
 * balance 0, nonce 0 and no code, which is what the EVM treats as absent.
 */
export interface UpstreamState {
  accounts: Map<string, UpstreamAccount>;
  storage: Map<string, string>;
  /** Hashes of ancestors by number. */
  hashes: Map<bigint, string>;
}

/** An empty {@link UpstreamState}. */
export function createUpstreamState(): UpstreamState {
  return { accounts: new Map(), storage: new Map(), hashes: new Map() };
}

/** The key of a storage slot in {@link UpstreamState.storage}. */
export function storageKey(address: string, slot: string): string {
  return `${address.toLowerCase()}_${slot.toLowerCase()}`;
}

/** The misses of a run, each once, in a stable order (accounts first). */
export function dedupeMisses(misses: readonly StateMiss[]): StateMiss[] {
  const seen = new Set<string>();
  const out: StateMiss[] = [];
  const rank = { account: 0, storage: 1, blockhash: 2 };
  for (const m of [...misses].sort((a, b) => rank[a.kind] - rank[b.kind])) {
    const key =
      m.kind === 'account'
        ? m.address.toLowerCase()
        : m.kind === 'storage'
          ? storageKey(m.address, m.slot)
          : `#${m.number}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  return out;
}
