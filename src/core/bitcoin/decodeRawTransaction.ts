import { sha256 } from 'ethereum-cryptography/sha256.js';
import { bytesToHex } from 'ethereum-cryptography/utils.js';
import { classifyScript } from './classifyScript.ts';

/** One input, as Bitcoin Core's `decoderawtransaction` shows it. */
export type DecodedInput =
  | {
      txid: string;
      vout: number;
      scriptSig: { hex: string };
      txinwitness?: string[];
      sequence: number;
    }
  | { coinbase: string; txinwitness?: string[]; sequence: number };

/** One output, as Bitcoin Core's `decoderawtransaction` shows it (value in BTC). */
export interface DecodedOutput {
  value: number;
  n: number;
  scriptPubKey: { hex: string; type: string };
}

/** The fields of Bitcoin Core's `decoderawtransaction` result that need no address encoding or script asm. */
export interface DecodedTransaction {
  txid: string;
  hash: string;
  version: number;
  size: number;
  vsize: number;
  weight: number;
  locktime: number;
  vin: DecodedInput[];
  vout: DecodedOutput[];
}

/** The outcome: the decoded transaction, or a message saying what is wrong and where. */
export type DecodeResult = { ok: true; value: DecodedTransaction } | { ok: false; message: string };

class DecodeError extends Error {}

// Bitcoin Core refuses compact sizes above this (MAX_SIZE in serialize.h).
const maxCompactSize = 0x02000000;

function createReader(bytes: Uint8Array) {
  let pos = 0;
  const take = (n: number, what: string): Uint8Array => {
    if (pos + n > bytes.length)
      throw new DecodeError(
        `The transaction ends early: ${what} at byte ${pos} needs ${n} byte(s), only ${bytes.length - pos} left`,
      );
    const out = bytes.subarray(pos, pos + n);
    pos += n;
    return out;
  };
  const uint = (n: number, what: string): number => {
    const b = take(n, what);
    let v = 0;
    for (let i = n - 1; i >= 0; i--) v = v * 256 + b[i];
    return v;
  };
  const varint = (what: string): number => {
    const at = pos;
    const first = uint(1, what);
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : first === 0xff ? 8 : 0;
    const v = width ? uint(width, what) : first;
    const min = width === 2 ? 0xfd : width === 4 ? 0x10000 : width === 8 ? 0x100000000 : 0;
    if (width && v < min)
      throw new DecodeError(
        `Bad length prefix for ${what} at byte ${at}: ${v} is not written in its shortest form`,
      );
    if (v > maxCompactSize)
      throw new DecodeError(
        `Bad length prefix for ${what} at byte ${at}: ${v} is larger than any transaction`,
      );
    return v;
  };
  return { take, uint, varint, pos: () => pos, peek: (i: number) => bytes[pos + i] };
}

type Reader = ReturnType<typeof createReader>;

/** Hex of a hash as Bitcoin shows it: byte-reversed. */
function hashHex(bytes: Uint8Array): string {
  return bytesToHex(Uint8Array.from(bytes).reverse());
}

function readInput(
  r: Reader,
  i: number,
): { prevTxid: string; vout: number; script: string; sequence: number } {
  const prevTxid = hashHex(r.take(32, `input ${i} previous txid`));
  const vout = r.uint(4, `input ${i} output index`);
  const script = bytesToHex(r.take(r.varint(`input ${i} scriptSig length`), `input ${i} scriptSig`));
  const sequence = r.uint(4, `input ${i} sequence`);
  return { prevTxid, vout, script, sequence };
}

function readOutput(r: Reader, n: number): DecodedOutput {
  const sats = r.uint(8, `output ${n} value`);
  const hex = bytesToHex(r.take(r.varint(`output ${n} scriptPubKey length`), `output ${n} scriptPubKey`));
  return { value: sats / 1e8, n, scriptPubKey: { hex, type: classifyScript(hex) } };
}

function parse(bytes: Uint8Array, witness: boolean): DecodedTransaction {
  const r = createReader(bytes);
  const version = r.uint(4, 'version'); // unsigned, as Bitcoin Core 28+ prints it
  if (witness) {
    r.take(1, 'segwit marker');
    const flag = r.uint(1, 'segwit flag');
    if (flag !== 1) throw new DecodeError(`Unknown segwit flag ${flag} at byte 5 (only 1 is defined)`);
  }
  const baseStart = r.pos();
  const inputs = Array.from({ length: r.varint('input count') }, (_, i) => readInput(r, i));
  const vout = Array.from({ length: r.varint('output count') }, (_, n) => readOutput(r, n));
  const baseEnd = r.pos();
  const witnesses = inputs.map((_, i) =>
    witness
      ? Array.from({ length: r.varint(`input ${i} witness item count`) }, (_, k) =>
          bytesToHex(r.take(r.varint(`input ${i} witness item ${k} length`), `input ${i} witness item ${k}`)),
        )
      : [],
  );
  if (witness && witnesses.every((w) => w.length === 0))
    throw new DecodeError('Segwit marker present but every witness is empty (superfluous witness record)');
  const locktimeAt = r.pos();
  const locktime = r.uint(4, 'locktime');
  if (r.pos() !== bytes.length)
    throw new DecodeError(
      `${bytes.length - r.pos()} unexpected byte(s) after the locktime, from byte ${r.pos()} on`,
    );
  const stripped = new Uint8Array(4 + (baseEnd - baseStart) + 4);
  stripped.set(bytes.subarray(0, 4), 0);
  stripped.set(bytes.subarray(baseStart, baseEnd), 4);
  stripped.set(bytes.subarray(locktimeAt, locktimeAt + 4), 4 + baseEnd - baseStart);
  const weight = stripped.length * 3 + bytes.length;
  const isCoinbase =
    inputs.length === 1 && /^0{64}$/.test(inputs[0].prevTxid) && inputs[0].vout === 0xffffffff;
  const vin: DecodedInput[] = inputs.map((inp, i) => {
    const wit = witnesses[i].length ? { txinwitness: witnesses[i] } : {};
    return isCoinbase
      ? { coinbase: inp.script, ...wit, sequence: inp.sequence }
      : {
          txid: inp.prevTxid,
          vout: inp.vout,
          scriptSig: { hex: inp.script },
          ...wit,
          sequence: inp.sequence,
        };
  });
  return {
    txid: hashHex(sha256(sha256(stripped))),
    hash: hashHex(sha256(sha256(bytes))),
    version,
    size: bytes.length,
    vsize: Math.ceil(weight / 4),
    weight,
    locktime,
    vin,
    vout,
  };
}

function hexToBytes(hex: string): Uint8Array {
  const bad = /[^0-9a-fA-F]/.exec(hex);
  if (bad) throw new DecodeError(`Not a hex string: ${JSON.stringify(bad[0])} at character ${bad.index}`);
  if (hex.length % 2)
    throw new DecodeError(`Odd number of hex digits (${hex.length}): a byte is cut in half`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Decodes a raw transaction (the hex of a non-verbose `getrawtransaction`) like Bitcoin Core's `decoderawtransaction`,
 * without script asm or addresses. Like Core, the segwit form is tried first when the marker byte is there.
 */
export function decodeRawTransaction(hex: string): DecodeResult {
  try {
    const text = hex.trim();
    if (!text) throw new DecodeError('Empty input: paste the hex of a raw transaction');
    const bytes = hexToBytes(text);
    const maybeWitness = bytes.length > 5 && bytes[4] === 0 && bytes[5] !== 0;
    if (!maybeWitness) return { ok: true, value: parse(bytes, false) };
    try {
      return { ok: true, value: parse(bytes, true) };
    } catch (witnessError) {
      // A transaction with no inputs also has a 0 byte there; the legacy reading decides.
      try {
        return { ok: true, value: parse(bytes, false) };
      } catch {
        throw witnessError;
      }
    }
  } catch (e) {
    if (e instanceof DecodeError) return { ok: false, message: e.message };
    throw e;
  }
}
