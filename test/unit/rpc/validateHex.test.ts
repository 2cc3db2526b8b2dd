import { describe, expect, it } from 'vitest';
import {
  validateAddress,
  validateBlockId,
  validateBlockTag,
  validateData,
  validateHash,
  validateQuantity,
} from '../../../src/core/rpc/methods/validateHex.ts';

const addr = '0x' + '12'.repeat(20);
const hash = '0x' + 'ab'.repeat(32);

describe('validateAddress', () => {
  it.each([addr, '0x' + 'aB'.repeat(20), '0X' + '00'.repeat(20)])('accepts %s', (v) => {
    expect(validateAddress(v)).toEqual({ ok: true, value: v });
  });
  it.each([
    ['0x' + '12'.repeat(19), 'address must be 20 bytes (0x + 40 hex digits), got 19 bytes'],
    ['0x' + '12'.repeat(21), 'address must be 20 bytes (0x + 40 hex digits), got 21 bytes'],
    ['0x' + '1'.repeat(39), 'address must be 20 bytes (0x + 40 hex digits), got 39 hex digits'],
    ['12'.repeat(20), 'address must start with 0x (did you mean 0x' + '12'.repeat(20) + '?)'],
    ['vitalik.eth', 'address must start with 0x'],
    ['0x' + '12'.repeat(19) + 'zz', 'address contains "z" at position 41, which is not a hex digit'],
    [42, 'address must be a string like 0x…, got the number 42'],
    [null, 'address must be a string like 0x…, got null'],
  ])('rejects %j', (v, message) => {
    expect(validateAddress(v)).toEqual({ ok: false, message });
  });
});

describe('validateHash', () => {
  it('accepts 32 bytes', () => expect(validateHash(hash)).toEqual({ ok: true, value: hash }));
  it.each([
    ['0x' + 'ab'.repeat(20), 'hash must be 32 bytes (0x + 64 hex digits), got 20 bytes'],
    ['0x', 'hash must be 32 bytes (0x + 64 hex digits), got 0 bytes'],
  ])('rejects %s', (v, message) => expect(validateHash(v)).toEqual({ ok: false, message }));
});

describe('validateQuantity', () => {
  it.each(['0x0', '0x1', '0x1b4', '0xFFFF', '0x' + 'f'.repeat(64)])('accepts %s', (v) => {
    expect(validateQuantity(v)).toEqual({ ok: true, value: v });
  });
  it.each([
    ['436', 'quantity "436" is decimal: use hex, e.g. 0x1b4'],
    [436, 'quantity must be a hex string, not a JSON number: use hex, e.g. "0x1b4"'],
    ['0x', 'quantity needs at least one hex digit after 0x (0x0 for zero)'],
    ['0x01b4', 'quantity must not have leading zeros: write 0x1b4'],
    ['0x00', 'quantity must not have leading zeros: write 0x0'],
    ['0x' + '1'.repeat(65), 'quantity is larger than 256 bits'],
    ['0x1g', 'quantity contains "g" at position 4, which is not a hex digit'],
    ['latest', 'quantity must start with 0x'],
  ])('rejects %j', (v, message) => expect(validateQuantity(v)).toEqual({ ok: false, message }));
  it('applies the bit limit (gas is 64 bits)', () => {
    expect(validateQuantity('0x' + 'f'.repeat(16), 'gas', 64).ok).toBe(true);
    expect(validateQuantity('0x1' + '0'.repeat(16), 'gas', 64)).toEqual({
      ok: false,
      message: 'gas is larger than 64 bits',
    });
  });
});

describe('validateData', () => {
  it.each(['0x', '0x00', '0xdeadBEEF'])('accepts %s', (v) =>
    expect(validateData(v)).toEqual({ ok: true, value: v }),
  );
  it.each([
    ['0x123', 'data must have an even number of hex digits (whole bytes), got 3'],
    ['deadbeef', 'data must start with 0x (did you mean 0xdeadbeef?)'],
  ])('rejects %s', (v, message) => expect(validateData(v)).toEqual({ ok: false, message }));
});

describe('validateBlockTag', () => {
  it.each(['latest', 'earliest', 'pending', 'safe', 'finalized', '0x0', '0x7765'])('accepts %s', (v) => {
    expect(validateBlockTag(v)).toEqual({ ok: true, value: v });
  });
  it.each([
    ['Latest', 'block tag must be lower case: latest'],
    ['30565', 'block "30565" is decimal: use hex, e.g. 0x7765'],
    [30565, 'block must be a hex string, not a JSON number: use hex, e.g. "0x7765"'],
    [
      'newest',
      'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "newest"',
    ],
    ['0x07', 'block must not have leading zeros: write 0x7'],
  ])('rejects %j', (v, message) => expect(validateBlockTag(v)).toEqual({ ok: false, message }));
});

describe('validateBlockId', () => {
  it.each([
    ['latest'],
    [hash],
    [{ blockNumber: '0x10' }],
    [{ blockHash: hash }],
    [{ blockHash: hash, requireCanonical: true }],
  ])('accepts %j', (v) => expect(validateBlockId(v)).toEqual({ ok: true, value: v }));
  it.each([
    [{ blockNumber: '0x1', blockHash: hash }, 'block object needs exactly one of blockNumber and blockHash'],
    [{}, 'block object needs exactly one of blockNumber and blockHash'],
    [{ number: '0x1' }, 'block object has an unknown field "number"'],
    [{ blockNumber: '0x1', requireCanonical: true }, 'block: requireCanonical goes only with blockHash'],
    [{ blockHash: '0x12' }, 'block.blockHash must be 32 bytes (0x + 64 hex digits), got 1 byte'],
    [{ blockHash: hash, requireCanonical: 'yes' }, 'block.requireCanonical must be true or false'],
  ])('rejects %j', (v, message) => expect(validateBlockId(v)).toEqual({ ok: false, message }));
});

describe('validateHex messages', () => {
  const bits = (v: string, maxBits: number) => validateQuantity(v, 'q', maxBits);
  // [name, result, expected]
  const cases: [string, () => unknown, unknown][] = [
    [
      '0x only after the start',
      () => validateData('10x12'),
      { ok: false, message: 'data must start with 0x' },
    ],
    [
      'hex digits then others: no hint',
      () => validateData('12zz'),
      { ok: false, message: 'data must start with 0x' },
    ],
    [
      'others then hex digits: no hint',
      () => validateData('zz12'),
      { ok: false, message: 'data must start with 0x' },
    ],
    [
      'one hex digit',
      () => validateAddress('0x1'),
      { ok: false, message: 'address must be 20 bytes (0x + 40 hex digits), got 1 hex digit' },
    ],
    [
      'a fraction is no quantity',
      () => validateQuantity(1.5),
      { ok: false, message: 'quantity must be a string like 0x…, got the number 1.5' },
    ],
    [
      'a negative number is no quantity',
      () => validateQuantity(-5),
      { ok: false, message: 'quantity must be a string like 0x…, got the number -5' },
    ],
    [
      'zero as a JSON number',
      () => validateQuantity(0),
      { ok: false, message: 'quantity must be a hex string, not a JSON number: use hex, e.g. "0x0"' },
    ],
    [
      'a number past 2^53 is not spelled in hex (it may have lost digits)',
      () => validateQuantity(2 ** 53),
      { ok: false, message: 'quantity must be a string like 0x…, got the number 9007199254740992' },
    ],
    [
      'two leading zeros',
      () => validateQuantity('0x001b'),
      { ok: false, message: 'quantity must not have leading zeros: write 0x1b' },
    ],
    [
      "leading zeros keep the digits' case",
      () => validateQuantity('0x00AB'),
      { ok: false, message: 'quantity must not have leading zeros: write 0xAB' },
    ],
    [
      'all zeros',
      () => validateQuantity('0x000'),
      { ok: false, message: 'quantity must not have leading zeros: write 0x0' },
    ],
    // 0x1 then 63 zeros is 2^252: 253 bits, within 256 although it has 64 digits
    [
      '2^252 in 64 digits',
      () => validateQuantity('0x1' + '0'.repeat(63)),
      { ok: true, value: '0x1' + '0'.repeat(63) },
    ],
    ['0x1 is 1 bit', () => bits('0x1', 1), { ok: true, value: '0x1' }],
    ['0x2 is 2 bits', () => bits('0x2', 1), { ok: false, message: 'q is larger than 1 bits' }],
    ['0x3 is 2 bits', () => bits('0x3', 2), { ok: true, value: '0x3' }],
    ['0x4 is 3 bits', () => bits('0x4', 2), { ok: false, message: 'q is larger than 2 bits' }],
    ['0x7 is 3 bits', () => bits('0x7', 3), { ok: true, value: '0x7' }],
    ['0x8 is 4 bits', () => bits('0x8', 3), { ok: false, message: 'q is larger than 3 bits' }],
    ['0x1f is 5 bits', () => bits('0x1f', 5), { ok: true, value: '0x1f' }],
    ['0x20 is 6 bits', () => bits('0x20', 5), { ok: false, message: 'q is larger than 5 bits' }],
    ['0x0 fits in 1 bit', () => bits('0x0', 1), { ok: true, value: '0x0' }],
    [
      'a hex block number as an array is not a block number',
      () => validateBlockTag(['0x1']),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got an array',
      },
    ],
    [
      'a decimal block number as an array is not a block number',
      () => validateBlockTag([5]),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got an array',
      },
    ],
    [
      'a block number with 0x later on',
      () => validateBlockTag('a0x1'),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "a0x1"',
      },
    ],
    [
      'letters then digits',
      () => validateBlockTag('ab12'),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "ab12"',
      },
    ],
    [
      'digits then letters',
      () => validateBlockTag('12ab'),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "12ab"',
      },
    ],
    [
      'a fraction block number',
      () => validateBlockTag(1.5),
      { ok: false, message: 'block must be a string like 0x…, got the number 1.5' },
    ],
    ['a tag as a block id', () => validateBlockId('latest'), { ok: true, value: 'latest' }],
    [
      'null as a block id',
      () => validateBlockId(null),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got null',
      },
    ],
    [
      'a hash in an array is no block id',
      () => validateBlockId([hash]),
      {
        ok: false,
        message:
          'block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got an array',
      },
    ],
    [
      'a hash after another character',
      () => validateBlockId('a' + hash),
      {
        ok: false,
        message: `block must be a hex block number like 0x1b4 or one of latest, earliest, pending, safe, finalized, got the string "${('a' + hash).slice(0, 40)}…"`,
      },
    ],
    [
      'a hash with one more byte',
      () => validateBlockId(hash + 'ab'),
      { ok: false, message: 'block is larger than 64 bits' },
    ],
    [
      'the block number field is named',
      () => validateBlockId({ blockNumber: '0x01' }),
      { ok: false, message: 'block.blockNumber must not have leading zeros: write 0x1' },
    ],
  ];
  it.each(cases)('%s', (_name, result, expected) => expect(result()).toStrictEqual(expected));
});
