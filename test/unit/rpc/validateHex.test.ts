import { describe, expect, it } from 'vitest';
import {
  validateAddress,
  validateBlockId,
  validateBlockTag,
  validateData,
  validateHash,
  validateQuantity,
} from '../../../src/core/rpc/validateHex.ts';

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
