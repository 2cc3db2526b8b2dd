/**
 * geth's rpc.NewID: 16 random bytes as a hex quantity (leading zeros dropped; all zeros is `0x0`), the form of its
 * filter and subscription ids.
 */
export function newRpcId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const digits = Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .replace(/^0+/, '');
  return `0x${digits || '0'}`;
}
