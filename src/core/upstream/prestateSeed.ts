import type { RpcCall } from './stateRequests.ts';
import { type UpstreamState, createUpstreamState, storageKey } from './upstreamState.ts';

/**
 * The one debug_* call the upstream path may make: geth's built-in `prestateTracer` on a mined transaction, which
 * nodes that refuse custom JS tracers still serve (geth, erigon, anvil, Infura, Alchemy). It gives, in one call, every
 * account and slot the transaction touches as they were just before it (after the block's earlier transactions), so
 * a trace needs neither the block's earlier transactions nor rounds of state fetches.
 */
export function prestateCall(txHash: string): RpcCall {
  return { method: 'debug_traceTransaction', params: [txHash, { tracer: 'prestateTracer' }] };
}

/** True for exactly {@link prestateCall}'s shape (a 32-byte hash and `{tracer: 'prestateTracer'}`, nothing more). */
export function isPrestateCall(call: unknown): boolean {
  if (!call || typeof call !== 'object' || Array.isArray(call)) return false;
  const { method, params, ...rest } = call as { method?: unknown; params?: unknown };
  if (method !== 'debug_traceTransaction' || Object.keys(rest).length > 0) return false;
  if (!Array.isArray(params) || params.length !== 2) return false;
  const [hash, config] = params as [unknown, unknown];
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return false;
  if (!config || typeof config !== 'object' || Array.isArray(config)) return false;
  const keys = Object.keys(config);
  return (
    keys.length === 1 && keys[0] === 'tracer' && (config as { tracer: unknown }).tracer === 'prestateTracer'
  );
}

const quantity = /^0x[0-9a-fA-F]{1,64}$/;
const data = /^0x([0-9a-fA-F]{2})*$/;
const address = /^0x[0-9a-fA-F]{40}$/;
const slot = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * The state just before a transaction, from the upstream's prestateTracer answer: each account's balance, nonce and
 * code, and the slots listed (32-byte hex). Undefined when the answer is not a prestate (a node that ignored the
 * tracer and answered struct logs, or anything malformed): the caller then reads state with standard methods. Only
 * what is listed is known: reading anything else is a miss, never a zero.
 */
export function seedFromPrestate(answer: unknown): UpstreamState | undefined {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  const state = createUpstreamState();
  for (const [a, v] of Object.entries(answer)) {
    if (!address.test(a) || !v || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const { balance, nonce, code, storage } = v as Record<string, unknown>;
    if (balance !== undefined && (typeof balance !== 'string' || !quantity.test(balance))) return undefined;
    if (nonce !== undefined && !(typeof nonce === 'number' && Number.isSafeInteger(nonce) && nonce >= 0))
      return undefined;
    if (code !== undefined && (typeof code !== 'string' || !data.test(code))) return undefined;
    if (storage !== undefined && (!storage || typeof storage !== 'object' || Array.isArray(storage)))
      return undefined;
    const key = a.toLowerCase();
    state.accounts.set(key, {
      balance: balance === undefined ? 0n : BigInt(balance),
      nonce: nonce === undefined ? 0n : BigInt(nonce as number),
      code: (code ?? '0x').toLowerCase(),
    });
    for (const [s, value] of Object.entries((storage ?? {}) as Record<string, unknown>)) {
      if (!slot.test(s) || typeof value !== 'string' || !quantity.test(value)) return undefined;
      const s32 = `0x${s.slice(2).padStart(64, '0')}`;
      state.storage.set(storageKey(key, s32), `0x${BigInt(value).toString(16).padStart(64, '0')}`);
    }
  }
  return state;
}
