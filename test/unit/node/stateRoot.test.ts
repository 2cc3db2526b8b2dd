import { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account, bytesToHex, createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { createSyncStateManager } from '../../../src/evm/state/createSyncStateManager.ts';
import { stateRootOf } from '../../../src/evm/state/stateTries.ts';

// The embedded chain's headers carry the state trie's root (stateTries.ts builds it from the maps the chain keeps).
// Checked against @ethereumjs' own Merkle-Patricia state manager given the same accounts, code and storage.
type Alloc = Record<
  string,
  { balance?: bigint; nonce?: bigint; code?: string; storage?: Record<string, string> }
>;

async function merkleRoot(alloc: Alloc): Promise<string> {
  const m = new MerkleStateManager();
  for (const [a, acc] of Object.entries(alloc)) {
    const address = createAddressFromString(a);
    await m.putAccount(address, new Account(acc.nonce ?? 0n, acc.balance ?? 0n));
    if (acc.code) await m.putCode(address, hexToBytes(acc.code as `0x${string}`));
    for (const [k, v] of Object.entries(acc.storage ?? {}))
      await m.putStorage(
        address,
        setLengthLeft(hexToBytes(k as `0x${string}`), 32),
        hexToBytes(v as `0x${string}`),
      );
  }
  await m.flush();
  return bytesToHex(await m.getStateRoot());
}

function syncRoot(alloc: Alloc): Promise<Uint8Array> {
  const asText = Object.fromEntries(
    Object.entries(alloc).map(([a, acc]) => [
      a,
      {
        balance: `0x${(acc.balance ?? 0n).toString(16)}`,
        nonce: `0x${(acc.nonce ?? 0n).toString(16)}`,
        ...(acc.code ? { code: acc.code } : {}),
        ...(acc.storage ? { storage: acc.storage } : {}),
      },
    ]),
  );
  return stateRootOf(createSyncStateManager({ alloc: asText }));
}

const a1 = '0x' + '11'.repeat(20);
const a2 = '0x' + '22'.repeat(20);
const a3 = '0x' + 'c0ffee'.padStart(40, '0');

describe('stateRootOf: the state trie root, as @ethereumjs computes it', () => {
  it.each<[string, Alloc]>([
    ['an empty state', {}],
    ['one funded account', { [a1]: { balance: 10n ** 18n } }],
    ['accounts with nonces', { [a1]: { balance: 5n, nonce: 3n }, [a2]: { nonce: 1n } }],
    [
      'a contract with code and storage',
      { [a3]: { code: '0x6000600055', storage: { '0x00': '0x2a', '0x01': '0xff' } } },
    ],
    [
      'several contracts and accounts',
      {
        [a1]: { balance: 1n },
        [a2]: { code: '0x60016000f3', storage: { '0x05': '0x01' } },
        [a3]: { code: '0x00', storage: { ['0x' + 'ab'.repeat(32)]: '0x' + 'cd'.repeat(32) } },
      },
    ],
  ])('%s', async (_what, alloc) => {
    expect(bytesToHex(await syncRoot(alloc))).toBe(await merkleRoot(alloc));
  });

  it('leaves zero-valued slots out, as the trie does', async () => {
    const withZero: Alloc = { [a3]: { code: '0x00', storage: { '0x01': '0x07', '0x02': '0x00' } } };
    const without: Alloc = { [a3]: { code: '0x00', storage: { '0x01': '0x07' } } };
    expect(bytesToHex(await syncRoot(withZero))).toBe(bytesToHex(await syncRoot(without)));
  });
});
