import { bytesToUtf8 } from '@ethereumjs/util';

const texts: Record<string, string> = {
  'out of gas': 'out of gas',
  revert: 'execution reverted',
  'invalid JUMP': 'invalid jump destination',
  'invalid opcode': 'invalid opcode',
  'stack underflow': 'stack underflow',
  'stack overflow': 'stack limit reached',
  'static state change': 'write protection',
  'attempting to access memory outside of bounds': 'return data out of bounds',
  'value overflow': 'gas uint64 overflow',
  'code store out of gas': 'contract creation code storage out of gas',
  'code size to deposit exceeds maximum code size': 'max code size exceeded',
  'invalid input length': 'invalid input length',
  'create collision': 'contract address collision',
  'insufficient balance': 'insufficient balance for transfer',
  'initcode exceeds max initcode size': 'max initcode size exceeded',
  'invalid bytecode deployed': 'invalid code: must not begin with 0xef',
};

/** geth's text (core/vm/errors.go) for an @ethereumjs EVM error name; unknown names pass through. */
export function describeVmError(name: string): string {
  return texts[name] ?? name;
}

/** The reason of an `Error(string)` revert payload, or undefined for other payloads (custom errors, panics, empty). */
export function decodeRevertReason(data: Uint8Array): string | undefined {
  if (data.length < 68 || data[0] !== 0x08 || data[1] !== 0xc3 || data[2] !== 0x79 || data[3] !== 0xa0)
    return undefined;
  const word = (at: number) => data.slice(at, at + 32).reduce((n, b) => n * 256n + BigInt(b), 0n);
  const offset = Number(word(4));
  const length = Number(word(4 + offset));
  const start = 4 + offset + 32;
  if (start + length > data.length) return undefined;
  return bytesToUtf8(data.slice(start, start + length));
}
