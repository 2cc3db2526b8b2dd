import { invalidArgument, invalidParams } from './rpcError.ts';

/** A block selector after parsing: a named tag or a number. */
export type BlockSelector =
  | { kind: 'tag'; tag: 'earliest' | 'latest' | 'pending' | 'finalized' | 'safe' }
  | { kind: 'number'; number: bigint }
  | { kind: 'hash'; hash: string; requireCanonical: boolean };

const tags = new Set(['earliest', 'latest', 'pending', 'finalized', 'safe']);

/** Checks the positional params array like geth: `missing value for required argument N`, `too many arguments`. */
export function checkArity(params: unknown, min: number, max: number): unknown[] {
  if (params === undefined || params === null) params = [];
  if (!Array.isArray(params)) throw invalidParams('non-array args');
  if (params.length > max) throw invalidParams(`too many arguments, want at most ${max}`);
  for (let i = params.length; i < min; i++) throw invalidParams(`missing value for required argument ${i}`);
  for (let i = 0; i < min; i++) {
    if (params[i] === null || params[i] === undefined)
      throw invalidParams(`missing value for required argument ${i}`);
  }
  return params;
}

/** geth's `json: cannot unmarshal <kind> into Go value of type <type>` for a non-string JSON value. */
function notAString(value: unknown, goType: string): string {
  const kind =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'object'
          ? 'object'
          : typeof value;
  return `json: cannot unmarshal ${kind} into Go value of type ${goType}`;
}

/** Decodes a hex quantity with hexutil's rules; `bits` bounds it (64 for Uint64, 256 for Big). */
export function decodeQuantity(value: unknown, index: number, bits = 256, goType = '*hexutil.Big'): bigint {
  if (typeof value !== 'string') throw invalidArgument(index, notAString(value, goType));
  const error = quantityError(value, bits);
  if (error) throw invalidArgument(index, error);
  return BigInt(value);
}

/** The hexutil error text for a bad quantity string, or undefined when it is valid. */
export function quantityError(value: string, bits = 256): string | undefined {
  if (value === '') return 'empty hex string';
  if (!/^0[xX]/.test(value)) return 'hex string without 0x prefix';
  const digits = value.slice(2);
  if (digits === '') return 'hex string "0x"';
  if (digits.length > 1 && digits[0] === '0') return 'hex number with leading zero digits';
  if (!/^[0-9a-fA-F]+$/.test(digits)) return 'invalid hex string';
  if (digits.length * 4 > bits && BigInt(value) >= 1n << BigInt(bits)) return `hex number > ${bits} bits`;
  return undefined;
}

/** Decodes a block number or tag (rpc.BlockNumber). */
export function decodeBlockNumber(value: unknown, index: number): BlockSelector {
  if (typeof value === 'string' && tags.has(value)) return { kind: 'tag', tag: value as 'latest' };
  if (typeof value !== 'string') {
    throw invalidArgument(
      index,
      typeof value === 'number' ? 'hex string without 0x prefix' : notAString(value, 'rpc.BlockNumber'),
    );
  }
  const n = decodeQuantity(value, index, 64);
  if (n > 0x7fffffffffffffffn) throw invalidArgument(index, 'block number larger than int64');
  return { kind: 'number', number: n };
}

/** Decodes rpc.BlockNumberOrHash: a tag, a number, a 32-byte hash, or `{blockNumber}` / `{blockHash, requireCanonical}`. */
export function decodeBlockNumberOrHash(value: unknown, index: number): BlockSelector {
  if (typeof value === 'string' && /^0[xX][0-9a-fA-F]{64}$/.test(value)) {
    return { kind: 'hash', hash: value.toLowerCase(), requireCanonical: false };
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const hasNumber = o.blockNumber !== undefined;
    const hasHash = o.blockHash !== undefined;
    if (hasNumber && hasHash)
      throw invalidArgument(index, 'cannot specify both BlockHash and BlockNumber, choose one or the other');
    if (!hasNumber && !hasHash) throw invalidArgument(index, 'invalid input');
    if (hasHash) {
      return {
        kind: 'hash',
        hash: decodeHash(o.blockHash, index),
        requireCanonical: o.requireCanonical === true,
      };
    }
    return decodeBlockNumber(o.blockNumber, index);
  }
  return decodeBlockNumber(value, index);
}

/** Decodes fixed-size hex data (common.Address / common.Hash), returning lower-case hex. */
function decodeFixed(value: unknown, index: number, bytes: number, goType: string): string {
  if (typeof value !== 'string') throw invalidArgument(index, notAString(value, goType));
  if (!/^0[xX]/.test(value)) throw invalidArgument(index, 'hex string without 0x prefix');
  const digits = value.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw invalidArgument(index, 'invalid hex string');
  if (digits.length !== bytes * 2) {
    throw invalidArgument(index, `hex string has length ${digits.length}, want ${bytes * 2} for ${goType}`);
  }
  return '0x' + digits.toLowerCase();
}

/** Decodes a 20-byte address. */
export function decodeAddress(value: unknown, index: number): string {
  return decodeFixed(value, index, 20, 'common.Address');
}

/** Decodes a 32-byte hash. */
export function decodeHash(value: unknown, index: number): string {
  return decodeFixed(value, index, 32, 'common.Hash');
}

/** Decodes hexutil.Bytes (even-length 0x hex). */
export function decodeBytes(value: unknown, index: number): string {
  if (typeof value !== 'string') throw invalidArgument(index, notAString(value, 'hexutil.Bytes'));
  if (!/^0[xX]/.test(value)) throw invalidArgument(index, 'hex string without 0x prefix');
  const digits = value.slice(2);
  if (digits.length % 2 === 1) throw invalidArgument(index, 'hex string of odd length');
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw invalidArgument(index, 'invalid hex string');
  return '0x' + digits.toLowerCase();
}

/** Decodes a boolean parameter. */
export function decodeBool(value: unknown, index: number): boolean {
  if (typeof value !== 'boolean') throw invalidArgument(index, notAString(value, 'bool'));
  return value;
}
