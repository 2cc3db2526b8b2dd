import { methods } from '../core/rpc/methods/methods.ts';

/** Turns the embedded node's `demoDefaults()` answer into request form field texts (unknown keys are ignored). */
export function demoFields(defaults: unknown): Record<string, string> {
  const d = (defaults && typeof defaults === 'object' ? defaults : {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  const str = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'number' ? `0x${v.toString(16)}` : undefined;
  const txHash = str(d.txHash ?? d.transactionHash);
  if (txHash) out.txHash = txHash;
  const blockHash = str(d.blockHash);
  if (blockHash) out.blockHash = blockHash;
  const block = str(d.blockNumber ?? d.block);
  out.block = block ?? 'latest';
  const call = d.call ?? d.callObject;
  if (call && typeof call === 'object') out.call = JSON.stringify(call, null, 2);
  return out;
}

/** Field texts from each method's example values, for an empty form (demo values replace them when available). */
export function exampleFields(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of Object.values(methods))
    for (const p of spec.params)
      if (!(p.name in out))
        out[p.name] = typeof p.example === 'string' ? p.example : JSON.stringify(p.example, null, 2);
  return out;
}
