import { describe, expect, it } from 'vitest';
import {
  gethErrorText,
  gethPrecheckText,
  gethPrecompileErrorText,
} from '../../../src/evm/host/gethErrors.ts';

const hash = '0x' + 'ab'.repeat(32);
const address = '0x' + 'cd'.repeat(20);

describe('gethErrorText: @ethereumjs location suffix', () => {
  // @ethereumjs appends ` at <code hash>/<address>:<pc>` to some texts; geth's text (core/vm/errors.go) has none.
  it.each([
    [`invalid JUMP at ${hash}/${address}:0`, 'invalid jump destination'],
    [`invalid JUMP at ${hash}/${address}:1234`, 'invalid jump destination'],
    // only a suffix at the end is a location: other texts pass through unchanged
    [`odd at ${hash}/${address}:12 failure`, `odd at ${hash}/${address}:12 failure`],
  ])('%s → %s', (ethereumjs, geth) => {
    expect(gethErrorText({ error: ethereumjs })).toBe(geth);
  });
});

describe('gethPrecheckText: @ethereumjs ` (vm … -> block … -> tx …)` suffix', () => {
  it.each([
    ['odd failure (vm hf=cancun -> block number=1 -> tx type=0)', 'odd failure'],
    // a parenthesised arrow that does not end the message is part of it
    ['odd (a -> b) failure', 'odd (a -> b) failure'],
  ])('%s → %s', (message, geth) => {
    expect(gethPrecheckText(message, '0x01')).toBe(geth);
  });
});

describe('gethPrecompileErrorText (geth core/vm/contracts.go checks RequiredGas before the input)', () => {
  const params: Record<string, bigint> = { bn254PairingGas: 45_000n, bn254PairingWordGas: 34_000n };
  const param = (name: string) => params[name];
  // blake2f input: 4-byte big-endian round count first (0x0100 = 256 rounds here), 213 bytes in all.
  const blake = (length: number) => {
    const input = new Uint8Array(length);
    if (length >= 4) input[2] = 1;
    return input;
  };
  it.each([
    // blake2f (0x09): @ethereumjs says `value out of range` for a bad length and for a bad final flag.
    ['blake2f, 212 bytes', 0x09, blake(212), 100_000n, 'value out of range', 'invalid input length'],
    ['blake2f, 256 rounds, 255 gas', 0x09, blake(213), 255n, 'value out of range', 'out of gas'],
    ['blake2f, 256 rounds, 256 gas', 0x09, blake(213), 256n, 'value out of range', 'invalid final flag'],
    ['blake2f out of gas', 0x09, blake(213), 10n, 'out of gas', 'out of gas'],
    // bn256 pairing (0x08): 45000 + 34000 a pair; a length that is no multiple of 192 is geth's pairing size error.
    [
      'pairing, 100 bytes, 45000 gas',
      0x08,
      new Uint8Array(100),
      45_000n,
      'invalid input length',
      'bad elliptic curve pairing size',
    ],
    [
      'pairing, 100 bytes, 44999 gas',
      0x08,
      new Uint8Array(100),
      44_999n,
      'invalid input length',
      'out of gas',
    ],
    [
      'pairing, 200 bytes, 79000 gas',
      0x08,
      new Uint8Array(200),
      79_000n,
      'invalid input length',
      'bad elliptic curve pairing size',
    ],
    [
      'pairing, 200 bytes, 78999 gas',
      0x08,
      new Uint8Array(200),
      78_999n,
      'invalid input length',
      'out of gas',
    ],
    // a bad point: geth's text depends on its curve backend, @ethereumjs's text stays
    ['pairing, bad point', 0x08, new Uint8Array(192), 100_000n, 'revert', 'revert'],
    // kzg point evaluation (0x0a) and the BLS precompiles (0x0b…) say `invalid input length` in geth too
    ['kzg, 100 bytes', 0x0a, new Uint8Array(100), 100_000n, 'invalid input length', 'invalid input length'],
    [
      'bls g1add, 100 bytes',
      0x0b,
      new Uint8Array(100),
      100_000n,
      'invalid input length',
      'invalid input length',
    ],
    ['sha256 out of gas', 0x02, new Uint8Array(0), 10n, 'out of gas', 'out of gas'],
  ])('%s', (_name, to, input, gas, ethereumjs, geth) => {
    expect(gethPrecompileErrorText({ address: to, input, gas, param }, { error: ethereumjs })).toBe(geth);
  });
});
