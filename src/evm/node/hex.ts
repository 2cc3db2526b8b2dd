import { bytesToHex, hexToBytes } from '@ethereumjs/util';

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`;

/** Canonical hex quantity (no leading zeros, `0x0` for zero), like geth's hexutil.Big/Uint64. */
export function toQuantity(value: bigint | number): Hex {
  return `0x${BigInt(value).toString(16)}`;
}

/** Lower-case 0x hex of bytes (`0x` for empty). */
export function toData(bytes: Uint8Array): Hex {
  return bytesToHex(bytes) as Hex;
}

/** Bytes from 0x hex (validated by the caller). */
export function fromData(hex: string): Uint8Array {
  return hexToBytes(hex as Hex);
}

/** 32-byte big-endian word of a bigint as hex. */
export function toWord(value: bigint): Hex {
  return `0x${value.toString(16).padStart(64, '0')}`;
}
