import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import {
  Account,
  KECCAK256_RLP,
  bytesToBigInt,
  createAddressFromString,
  hexToBytes,
  unpadBytes,
} from '@ethereumjs/util';
import type { SyncStateManager } from './createSyncStateManager.ts';

/** A state as Merkle-Patricia tries: the account trie (its root is the state root) and each account's storage trie. */
export interface StateTries {
  accounts: MerklePatriciaTrie;
  storage: Map<string, MerklePatriciaTrie>;
}

/**
 * The tries of `state` (top of its checkpoint stack), built as Ethereum defines them: keys hashed, each account with
 * its storage trie's root and zero-valued slots left out; so `accounts.root()` is the state root a node puts in a block
 * header and eth_getProof's proofs lead to.
 */
export async function buildStateTries(state: SyncStateManager): Promise<StateTries> {
  const accounts = new MerklePatriciaTrie({ useKeyHashing: true });
  const storage = new Map<string, MerklePatriciaTrie>();
  const top = state.accountStack[state.accountStack.length - 1];
  for (const [address, account] of top) {
    if (!account) continue;
    let root = KECCAK256_RLP;
    const slots = state.dumpStorageSync(createAddressFromString(address));
    const live = [...slots].filter(([, v]) => bytesToBigInt(hexToBytes(v as `0x${string}`)) !== 0n);
    if (live.length) {
      const trie = new MerklePatriciaTrie({ useKeyHashing: true });
      for (const [k, v] of live)
        await trie.put(
          hexToBytes(k as `0x${string}`),
          RLP.encode(unpadBytes(hexToBytes(v as `0x${string}`))),
        );
      storage.set(address, trie);
      root = trie.root();
    }
    const a = new Account(account.nonce, account.balance, root, account.codeHash);
    await accounts.put(hexToBytes(address), a.serialize());
  }
  return { accounts, storage };
}

/** The state root of `state` (see {@link buildStateTries}). */
export async function stateRootOf(state: SyncStateManager): Promise<Uint8Array> {
  return (await buildStateTries(state)).accounts.root();
}
