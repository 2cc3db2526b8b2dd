import { createMerkleProof } from '@ethereumjs/mpt';
import {
  bytesToBigInt,
  bytesToHex,
  createAddressFromString,
  hexToBytes,
  KECCAK256_RLP,
  setLengthLeft,
} from '@ethereumjs/util';
import type { ChainBlock } from './chainTypes.ts';
import { toQuantity } from './hex.ts';
import type { Hex } from './hex.ts';
import type { NodeContext } from './nodeContext.ts';
import { requireBlock } from './nodeContext.ts';
import { checkArity, decodeAddress, decodeBlockNumberOrHash } from './params.ts';
import { invalidArgument, invalidParams } from './rpcError.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import { buildStateTries, type StateTries } from '../state/stateTries.ts';

/** geth's maxGetProofKeys. */
const maxKeys = 1024;
const zeroHash = bytesToHex(new Uint8Array(32)) as Hex;

/** EIP-1186's answer, in geth's field order (AccountResult / StorageResult). */
export interface ProofResult {
  address: Hex;
  accountProof: Hex[];
  balance: Hex;
  codeHash: Hex;
  nonce: Hex;
  storageHash: Hex;
  storageProof: { key: string; value: Hex; proof: Hex[] }[];
}

/** The tries of a block's state, built once per state (the state after a block never changes). */
const built = new WeakMap<SyncStateManager, Promise<StateTries>>();

function triesOf(entry: ChainBlock): Promise<StateTries> {
  let t = built.get(entry.stateAfter);
  if (!t) built.set(entry.stateAfter, (t = buildStateTries(entry.stateAfter)));
  return t;
}

/** geth's decodeStorageKey: 0x optional, odd length padded, at most 32 bytes; the key as given back. */
function decodeStorageKey(text: string): { slot: Uint8Array; shown: string } {
  let digits = /^0[xX]/.test(text) ? text.slice(2) : text;
  if (digits.length % 2) digits = '0' + digits;
  if (digits.length > 64)
    throw invalidParams(`storage key too long (want at most 32 bytes): ${JSON.stringify(text)}`);
  if (!/^[0-9a-fA-F]*$/.test(digits))
    throw invalidParams(`invalid hex in storage key: ${JSON.stringify(text)}`);
  const slot = setLengthLeft(hexToBytes(`0x${digits}`), 32);
  // geth gives a 32-byte key back as a hash and any shorter one as a quantity.
  const shown = digits.length === 64 ? bytesToHex(slot) : toQuantity(bytesToBigInt(slot));
  return { slot, shown };
}

function decodeKeys(v: unknown): { slot: Uint8Array; shown: string }[] {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v))
    throw invalidArgument(1, `json: cannot unmarshal ${typeof v} into Go value of type []string`);
  if (v.length > maxKeys)
    throw invalidParams(`too many storage keys requested (max ${maxKeys}, got ${v.length})`);
  return v.map((k) => {
    if (typeof k !== 'string')
      throw invalidArgument(1, `json: cannot unmarshal ${typeof k} into Go value of type string`);
    return decodeStorageKey(k);
  });
}

const hexList = (nodes: Uint8Array[]) => nodes.map((n) => bytesToHex(n) as Hex);

/**
 * geth's eth_getProof (EIP-1186): the account's proof in the state trie and each storage key's proof in the
 * account's storage trie, on the state after the selected block (default latest). A missing account has zero
 * codeHash and storageHash, an account without storage empty storage proofs, like geth. The proofs lead to the
 * block header's stateRoot (the embedded chain's headers carry the state trie's root, see createChain).
 */
export async function getProof(ctx: NodeContext, p: unknown): Promise<ProofResult> {
  const params = checkArity(p, 1, 3);
  if (params.length < 2) throw invalidParams('missing value for required argument 1');
  const address = decodeAddress(params[0], 0);
  const keys = decodeKeys(params[1]);
  const selector =
    params[2] == null
      ? { kind: 'tag' as const, tag: 'latest' as const }
      : decodeBlockNumberOrHash(params[2], 2);
  const entry = requireBlock(ctx.chain, selector);
  const tries = await triesOf(entry);
  const account = entry.stateAfter.getAccountSync(createAddressFromString(address));
  const storageTrie = tries.storage.get(address);
  const storageProof = await Promise.all(
    keys.map(async ({ slot, shown }) => {
      if (!storageTrie) return { key: shown, value: '0x0' as Hex, proof: [] };
      const value = bytesToBigInt(entry.stateAfter.getStorageSync(createAddressFromString(address), slot));
      return {
        key: shown,
        value: toQuantity(value),
        proof: hexList(await createMerkleProof(storageTrie, slot)),
      };
    }),
  );
  return {
    address: address as Hex,
    accountProof: hexList(await createMerkleProof(tries.accounts, hexToBytes(address as Hex))),
    balance: toQuantity(account?.balance ?? 0n),
    codeHash: account ? (bytesToHex(account.codeHash) as Hex) : zeroHash,
    nonce: toQuantity(account?.nonce ?? 0n),
    storageHash: account ? (bytesToHex(storageTrie?.root() ?? KECCAK256_RLP) as Hex) : zeroHash,
    storageProof,
  };
}
