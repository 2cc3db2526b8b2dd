import { hexToBytes } from '@ethereumjs/util';
import { invalidParams } from './rpcError.ts';

/**
 * A quantity as anvil takes one (alloy's U256 and U64): a JSON number, a `0x` hex string or a decimal string.
 * Anything else is anvil's -32602 `data did not match any variant of untagged enum NumericSeq`-style refusal, worded
 * here for the argument at `index`.
 */
export function decodeDevQuantity(value: unknown, index: number): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string') {
    if (/^0[xX][0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
    if (/^[0-9]{1,78}$/.test(value)) {
      const n = BigInt(value);
      if (n < 2n ** 256n) return n;
    }
  }
  throw invalidParams(
    `invalid argument ${index}: expected a non-negative quantity (a number or 0x hex), got ${show(value)}`,
  );
}

/** `0x` hex bytes (any even length), as anvil's Bytes: `invalid value: string "zz", expected a valid hex string`. */
export function decodeDevBytes(value: unknown, index: number): Uint8Array {
  if (typeof value === 'string' && /^(0[xX])?([0-9a-fA-F]{2})*$/.test(value))
    return hexToBytes(`0x${value.replace(/^0[xX]/, '')}`);
  throw invalidParams(
    `invalid argument ${index}: invalid value: ${show(value)}, expected a valid hex string`,
  );
}

/** A 32-byte word (anvil's B256: a storage value must be exactly 32 bytes). */
export function decodeDevWord(value: unknown, index: number): Uint8Array {
  // anvil's words for `0x5`.
  if (
    typeof value === 'string' &&
    /^(0[xX])?[0-9a-fA-F]*$/.test(value) &&
    value.replace(/^0[xX]/, '').length % 2
  )
    throw invalidParams(`invalid argument ${index}: odd number of digits`);
  const bytes = decodeDevBytes(value, index);
  if (bytes.length !== 32)
    throw invalidParams(
      `invalid argument ${index}: invalid string length, expected 32 bytes (66 characters with 0x)`,
    );
  return bytes;
}

function show(value: unknown): string {
  return typeof value === 'string'
    ? `string ${JSON.stringify(value)}`
    : (JSON.stringify(value) ?? String(value));
}
