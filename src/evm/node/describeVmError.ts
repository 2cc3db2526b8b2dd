import { bytesToUtf8 } from '@ethereumjs/util';
import { gethErrorTexts } from '../host/gethErrorTexts.ts';

/** geth's text (core/vm/errors.go) for an @ethereumjs EVM error name (rows in ../host/gethErrorTexts.ts); unknown names pass through. */
export function describeVmError(name: string): string {
  return gethErrorTexts.evmError(name, 'node');
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
