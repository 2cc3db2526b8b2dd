import { describe, expect, it } from 'vitest';
import { Account, Address, hexToBytes } from '@ethereumjs/util';
import { createSyncStateManager } from '../../../src/evm/state/createSyncStateManager.ts';

const a = new Address(hexToBytes(`0x${'aa'.repeat(20)}`));
const slot = (n: number) => hexToBytes(`0x${n.toString(16).padStart(64, '0')}`);

describe('SyncStateManager', () => {
  const alloc = {
    ['aa'.repeat(20)]: {
      balance: '0x10',
      nonce: '22',
      code: '0x6001',
      storage: { '0x01': '0x02', '0x03': '0x00' },
    },
  };

  it('loads a genesis alloc and reads it synchronously', async () => {
    const sm = createSyncStateManager({ alloc });
    expect(sm.getBalanceSync(a)).toBe(16n);
    expect(sm.getNonceSync(a)).toBe(22n);
    expect(sm.getCodeSync(a)).toEqual(Uint8Array.from([0x60, 0x01]));
    expect(sm.getStorageSync(a, slot(1))).toEqual(slot(2));
    expect(sm.getStorageSync(a, slot(3))).toEqual(new Uint8Array(32));
    expect(sm.existsSync(a)).toBe(true);
    expect(sm.existsSync(new Address(new Uint8Array(20)))).toBe(false);
    // The async interface sees the same state.
    expect((await sm.getAccount(a))?.balance).toBe(16n);
    expect(await sm.getCode(a)).toEqual(Uint8Array.from([0x60, 0x01]));
  });

  it('sync reads follow checkpoints (live mid-transaction state)', async () => {
    const sm = createSyncStateManager({ alloc });
    await sm.checkpoint();
    await sm.putAccount(a, new Account(1n, 99n));
    expect(sm.getBalanceSync(a)).toBe(99n);
    await sm.revert();
    expect(sm.getBalanceSync(a)).toBe(16n);
  });

  it('copy() is independent of the original, even when accounts are mutated in place', async () => {
    const sm = createSyncStateManager({ alloc });
    const c = sm.copy();
    (await sm.getAccount(a))!.balance = 1n;
    await sm.putStorage(a, slot(1), Uint8Array.from([9]));
    expect(c.getBalanceSync(a)).toBe(16n);
    expect(c.getStorageSync(a, slot(1))).toEqual(slot(2));
    expect(c.getStateDigestSync()).not.toEqual(sm.getStateDigestSync());
    expect(createSyncStateManager({ alloc }).getStateDigestSync()).toEqual(c.getStateDigestSync());
  });

  it.each([
    [{ ['zz'.repeat(20)]: {} }, 'invalid hex in alloc address: "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"'],
    [{ ['aa'.repeat(19)]: {} }, `invalid alloc address "${'aa'.repeat(19)}": expected 20 bytes`],
    [
      { ['aa'.repeat(20)]: { balance: '1.5' } },
      `invalid alloc[${'aa'.repeat(20)}].balance: "1.5" (expected a hex or decimal quantity)`,
    ],
  ])('rejects a bad alloc %#', (bad, message) => {
    expect(() => createSyncStateManager({ alloc: bad })).toThrow(message);
  });
});
