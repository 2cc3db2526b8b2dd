import type { TracerFaults } from './tracerFaults.ts';

// geth's fromBuf / ToInteger conversions (reference §6.2, §6.3).

/**
 * A tracer argument → bytes, as geth's `fromBuf`: Uint8Array (exactly the global constructor; view respected),
 * Array (each element ToInteger then truncated to a byte), or — only where `allowString` — a hex string decoded
 * leniently. null/undefined throw a catchable TypeError (goja's ToObject); anything else is the uncatchable
 * `invalid buffer type`.
 */
export function fromBuf(faults: TracerFaults, value: unknown, allowString: boolean): Uint8Array {
  if (value === null || value === undefined)
    throw new TypeError('Cannot convert undefined or null to object');
  if (typeof value === 'string' || value instanceof String) {
    if (allowString) return decodeHexLenient(String(value));
  } else if (Array.isArray(value)) {
    return Uint8Array.from(value, toByte);
  } else if (value instanceof Uint8Array && value.constructor === Uint8Array) {
    return value.slice();
  }
  return faults.raise('invalid buffer type');
}

function toByte(v: unknown): number {
  const n = Number(v);
  if (Number.isNaN(n)) return 0;
  if (!Number.isFinite(n)) return n > 0 ? 0xff : 0;
  return Number(BigInt.asUintN(8, BigInt(Math.trunc(n))));
}

/** Go's `common.FromHex`: optional 0x/0X, odd length gets a leading 0, decoding stops at the first bad pair. */
export function decodeHexLenient(text: string): Uint8Array {
  let s = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (s.length % 2) s = '0' + s;
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 2) {
    const pair = s.slice(i, i + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) break;
    out.push(parseInt(pair, 16));
  }
  return Uint8Array.from(out);
}

/** goja's ToInteger for accessor arguments: truncation toward zero; NaN/undefined/null/garbage → 0; objects via valueOf. */
export function toInteger(v: unknown): number {
  if (typeof v === 'number') return Number.isNaN(v) ? 0 : Math.trunc(v);
  const n = Number(v);
  return Number.isNaN(n) ? 0 : Math.trunc(n);
}

/** Left-pads with zeros, or keeps the last `size` bytes (geth's BytesToHash / BytesToAddress). */
export function fitBytes(b: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  if (b.length >= size) out.set(b.subarray(b.length - size));
  else out.set(b, size - b.length);
  return out;
}

/** Lowercase hex without prefix. */
export function toHexString(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += (b[i] < 16 ? '0' : '') + b[i].toString(16);
  return s;
}
