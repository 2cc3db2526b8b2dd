import bigInt from 'big-integer';
import { generateAddress, generateAddress2, bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { decodeHexLenient, fitBytes, fromBuf, toHexString, toInteger } from './convertValues.ts';
import type { TracerFaults } from './tracerFaults.ts';

/** The helper globals geth defines for tracer code (reference §6.1), in the order of their parameter names. */
export interface TracerGlobals {
  toHex(buf: unknown): string;
  toWord(x: unknown): Uint8Array;
  toAddress(x: unknown): Uint8Array;
  toContract(from: unknown, nonce: unknown): Uint8Array;
  toContract2(from: unknown, salt: unknown, initcode: unknown): Uint8Array;
  isPrecompiled(addr: unknown): boolean;
  slice(buf: unknown, start: unknown, end: unknown): Uint8Array;
  bigInt: typeof bigInt;
}

/** Names of {@link TracerGlobals}, used as parameter names of the compiled tracer function. */
export const globalNames = [
  'toHex',
  'toWord',
  'toAddress',
  'toContract',
  'toContract2',
  'isPrecompiled',
  'slice',
  'bigInt',
] as const;

/**
 * Creates the helpers of one runtime. `precompiles` holds the active precompile addresses (lowercase hex, no 0x)
 * once OnTxStart ran; it is empty before, so `isPrecompiled` is false during setup, as in geth.
 */
export function createTracerGlobals(faults: TracerFaults, precompiles: Set<string>): TracerGlobals {
  return {
    toHex: (buf) => '0x' + toHexString(fromBuf(faults, buf, false)),
    toWord: (x) => fitBytes(fromBuf(faults, x, true), 32),
    toAddress: (x) => fitBytes(fromBuf(faults, x, true), 20),
    toContract(from, nonce) {
      const addr = fitBytes(fromBuf(faults, from, true), 20);
      const n = BigInt.asUintN(64, BigInt(toInteger(nonce)));
      return Uint8Array.from(generateAddress(addr, bigIntToUnpaddedBytes(n)));
    },
    toContract2(from, salt, initcode) {
      const addr = fitBytes(fromBuf(faults, from, true), 20);
      const saltWord = fitBytes(decodeHexLenient(String(salt)), 32);
      const code = fromBuf(faults, initcode, true);
      return Uint8Array.from(generateAddress2(addr, saltWord, code));
    },
    isPrecompiled: (addr) => precompiles.has(toHexString(fitBytes(fromBuf(faults, addr, true), 20))),
    slice(buf, start, end) {
      const b = fromBuf(faults, buf, false);
      const s = toInteger(start);
      const e = toInteger(end);
      if (s < 0 || s > e || e > b.length) {
        faults.raise(
          `Tracer accessed out of bound memory: available ${b.length}, offset ${s}, size ${e - s}`,
        );
      }
      return b.slice(s, e);
    },
    bigInt,
  };
}
