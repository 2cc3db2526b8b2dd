import { type StateMiss, type UpstreamState, storageKey } from './upstreamState.ts';

/** One JSON-RPC call, before it gets an id. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/**
 * The standard calls that answer `misses` at `block` (an EIP-1898 `{blockHash}` object or a block number): per
 * account its balance, nonce (transaction count) and code; per slot `eth_getStorageAt`; per ancestor hash the block
 * by number. Every node
 * serves them (no `debug_*`, no `eth_getProof`, which costs a proof per account and still needs `eth_getCode`).
 */
export function stateRequests(misses: readonly StateMiss[], block: unknown): RpcCall[] {
  const calls: RpcCall[] = [];
  for (const m of misses) {
    if (m.kind === 'account') {
      calls.push({ method: 'eth_getBalance', params: [m.address, block] });
      calls.push({ method: 'eth_getTransactionCount', params: [m.address, block] });
      calls.push({ method: 'eth_getCode', params: [m.address, block] });
    } else if (m.kind === 'storage')
      calls.push({ method: 'eth_getStorageAt', params: [m.address, m.slot, block] });
    else calls.push({ method: 'eth_getBlockByNumber', params: [`0x${m.number.toString(16)}`, false] });
  }
  return calls;
}

function quantity(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]*$/.test(v))
    throw new Error(`the upstream answered ${what} with ${JSON.stringify(v)}, not a hex quantity`);
  return v === '0x' ? 0n : BigInt(v);
}

function data(v: unknown, what: string): string {
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v))
    throw new Error(`the upstream answered ${what} with ${JSON.stringify(v)}, not hex data`);
  return v.toLowerCase();
}

/**
 * Stores the answers to {@link stateRequests}`(misses)` (in the same order) in `state`. Storage values are kept as
 * 32-byte hex. Throws naming the call whose answer is not what the method returns.
 */
export function applyStateAnswers(
  state: UpstreamState,
  misses: readonly StateMiss[],
  answers: readonly unknown[],
): void {
  let i = 0;
  for (const m of misses) {
    const a = m.kind === 'blockhash' ? '' : m.address.toLowerCase();
    if (m.kind === 'account') {
      state.accounts.set(a, {
        balance: quantity(answers[i++], `eth_getBalance(${a})`),
        nonce: quantity(answers[i++], `eth_getTransactionCount(${a})`),
        code: data(answers[i++], `eth_getCode(${a})`),
      });
    } else if (m.kind === 'blockhash') {
      const b = answers[i++] as { hash?: unknown } | null;
      if (!b || typeof b !== 'object')
        throw new Error(
          `the upstream has no block ${m.number} (eth_getBlockByNumber answered ${JSON.stringify(b)})`,
        );
      state.hashes.set(m.number, data(b.hash, `eth_getBlockByNumber(${m.number}).hash`));
    } else {
      const v = quantity(answers[i++], `eth_getStorageAt(${a}, ${m.slot})`);
      state.storage.set(storageKey(a, m.slot), `0x${v.toString(16).padStart(64, '0')}`);
    }
  }
}
