import { type Checked, describeValue, fail, pass } from './checked.ts';

const hexDigit = /^[0-9a-fA-F]$/;

/** Checks `0x` + hex digits and returns the digits, or a message naming the first problem. */
function checkHexString(value: unknown, kind: string): Checked<string> {
  if (typeof value !== 'string')
    return fail(`${kind} must be a string like 0x…, got ${describeValue(value)}`);
  if (!/^0[xX]/.test(value)) {
    const hint = /^[0-9a-fA-F]+$/.test(value) ? ` (did you mean 0x${value}?)` : '';
    return fail(`${kind} must start with 0x${hint}`);
  }
  const digits = value.slice(2);
  for (let i = 0; i < digits.length; i++) {
    if (!hexDigit.test(digits[i])) {
      return fail(
        `${kind} contains ${JSON.stringify(digits[i])} at position ${i + 3}, which is not a hex digit`,
      );
    }
  }
  return pass(digits);
}

/** Validates a fixed-size byte string such as an address (20 bytes) or a hash (32 bytes). */
export function validateFixedBytes(value: unknown, bytes: number, kind: string): Checked<string> {
  const digits = checkHexString(value, kind);
  if (!digits.ok) return digits;
  const n = digits.value.length;
  if (n !== bytes * 2) {
    const got = n % 2 === 0 ? `${n / 2} byte${n === 2 ? '' : 's'}` : `${n} hex digit${n === 1 ? '' : 's'}`;
    return fail(`${kind} must be ${bytes} bytes (0x + ${bytes * 2} hex digits), got ${got}`);
  }
  return pass(value as string);
}

/** Validates a 20-byte address: `0x` + 40 hex digits (any letter case; the checksum is not enforced, as in geth). */
export function validateAddress(value: unknown, kind = 'address'): Checked<string> {
  return validateFixedBytes(value, 20, kind);
}

/** Validates a 32-byte hash such as a transaction or block hash: `0x` + 64 hex digits. */
export function validateHash(value: unknown, kind = 'hash'): Checked<string> {
  return validateFixedBytes(value, 32, kind);
}

/**
 * Validates a JSON-RPC quantity: `0x` + hex digits without leading zeros (`0x0` for zero), at most `maxBits` bits.
 * Decimal input is answered with its hex spelling, e.g. "use hex, e.g. 0x1b4".
 */
export function validateQuantity(value: unknown, kind = 'quantity', maxBits = 256): Checked<string> {
  // Number.isSafeInteger is false for anything but a number.
  if (Number.isSafeInteger(value) && (value as number) >= 0) {
    return fail(
      `${kind} must be a hex string, not a JSON number: use hex, e.g. "0x${(value as number).toString(16)}"`,
    );
  }
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) {
    return fail(`${kind} ${JSON.stringify(value)} is decimal: use hex, e.g. 0x${BigInt(value).toString(16)}`);
  }
  const digits = checkHexString(value, kind);
  if (!digits.ok) return digits;
  const d = digits.value;
  if (d.length === 0) return fail(`${kind} needs at least one hex digit after 0x (0x0 for zero)`);
  if (d.length > 1 && d[0] === '0') {
    // from the first non-zero digit; all zeros (search gives -1) keep the last one
    return fail(`${kind} must not have leading zeros: write 0x${d.slice(d.search(/[^0]/))}`);
  }
  if (BigInt('0x' + d).toString(2).length > maxBits) return fail(`${kind} is larger than ${maxBits} bits`);
  return pass(value as string);
}

/** Validates byte data: `0x` followed by an even number of hex digits (`0x` alone is empty data). */
export function validateData(value: unknown, kind = 'data'): Checked<string> {
  const digits = checkHexString(value, kind);
  if (!digits.ok) return digits;
  if (digits.value.length % 2 !== 0) {
    return fail(`${kind} must have an even number of hex digits (whole bytes), got ${digits.value.length}`);
  }
  return pass(value as string);
}

/** The block tags geth accepts wherever a block number is expected. */
export const blockTags = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const;

/** Validates a block number: one of {@link blockTags} or a hex quantity. */
export function validateBlockTag(value: unknown, kind = 'block'): Checked<string> {
  if ((blockTags as readonly unknown[]).includes(value)) return pass(value as string);
  if (typeof value === 'string' && (blockTags as readonly string[]).includes(value.toLowerCase())) {
    return fail(`${kind} tag must be lower case: ${value.toLowerCase()}`);
  }
  // A valid quantity starts with 0x, so it is returned here too.
  const q = validateQuantity(value, kind, 64);
  if (typeof value === 'string' && /^0[xX]/.test(value)) return q;
  if (typeof value === 'number' || (typeof value === 'string' && /^[0-9]+$/.test(value))) return q;
  return fail(
    `${kind} must be a hex block number like 0x1b4 or one of ${blockTags.join(', ')}, got ${describeValue(value)}`,
  );
}

/**
 * Validates the block parameter of debug_traceCall: a tag, a hex number, a 32-byte block hash,
 * `{blockNumber}` or `{blockHash, requireCanonical?}`.
 */
export function validateBlockId(value: unknown, kind = 'block'): Checked<unknown> {
  if (typeof value === 'string' && /^0[xX][0-9a-fA-F]{64}$/.test(value)) return pass(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return validateBlockTag(value, kind);
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  const unknown = keys.find((k) => !['blockNumber', 'blockHash', 'requireCanonical'].includes(k));
  if (unknown) return fail(`${kind} object has an unknown field ${JSON.stringify(unknown)}`);
  if ('blockNumber' in o === 'blockHash' in o)
    return fail(`${kind} object needs exactly one of blockNumber and blockHash`);
  if ('blockNumber' in o) {
    if ('requireCanonical' in o) return fail(`${kind}: requireCanonical goes only with blockHash`);
    const n = validateBlockTag(o.blockNumber, `${kind}.blockNumber`);
    return n.ok ? pass(value) : n;
  }
  const h = validateHash(o.blockHash, `${kind}.blockHash`);
  if (!h.ok) return h;
  if ('requireCanonical' in o && typeof o.requireCanonical !== 'boolean') {
    return fail(`${kind}.requireCanonical must be true or false`);
  }
  return pass(value);
}
