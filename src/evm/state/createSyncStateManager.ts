import { SimpleStateManager } from '@ethereumjs/statemanager';
import type { Common } from '@ethereumjs/common';
import {
  Account,
  Address,
  bytesToHex,
  hexToBytes,
  setLengthLeft,
  unpadBytes,
  KECCAK256_NULL,
} from '@ethereumjs/util';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import type { GenesisAlloc } from '../../core/fixture/fixtureTypes.ts';
import { stateRootOf } from './stateTries.ts';

type Hex = `0x${string}`;

/**
 * A state as plain data: each account (address, nonce, balance, storage root, code hash, code size; a deleted one
 * with null), code by address and storage by `address_slot` (values unpadded, as the manager keeps them).
 */
export interface StateDump {
  accounts: ([Hex, Hex, Hex, Hex, Hex, number] | [Hex, null])[];
  code: [Hex, Hex][];
  storage: [string, Hex][];
}

/**
 * A {@link SimpleStateManager} whose reads are also available synchronously, so that the tracer's `db` object can
 * read live mid-transaction state from inside a `step` callback. The maps it reads are the top of the checkpoint
 * stack, i.e. exactly what the running EVM sees.
 */
export class SyncStateManager extends SimpleStateManager {
  /** Account at `address`, or undefined when it does not exist (or was deleted in this transaction). */
  getAccountSync(address: Address): Account | undefined {
    return this.topAccountStack().get(address.toString());
  }

  /** Balance (0 for a missing account). */
  getBalanceSync(address: Address): bigint {
    return this.getAccountSync(address)?.balance ?? 0n;
  }

  /** Nonce (0 for a missing account). */
  getNonceSync(address: Address): bigint {
    return this.getAccountSync(address)?.nonce ?? 0n;
  }

  /** Code (empty for a missing account). */
  getCodeSync(address: Address): Uint8Array {
    return this.topCodeStack().get(address.toString()) ?? new Uint8Array(0);
  }

  /** Storage slot value, always 32 bytes (zero for a missing slot). `slot` must be 32 bytes. */
  getStorageSync(address: Address, slot: Uint8Array): Uint8Array {
    const raw = this.topStorageStack().get(`${address.toString()}_${bytesToHex(slot)}`);
    return setLengthLeft(raw ?? new Uint8Array(0), 32);
  }

  /** geth's `StateDB.Exist`: the account is present in the state (even if empty). */
  existsSync(address: Address): boolean {
    return this.getAccountSync(address) !== undefined;
  }

  /** Every storage slot of an account as 32-byte hex key → 32-byte hex value (for the struct logger and RPC). */
  dumpStorageSync(address: Address): Map<string, string> {
    const prefix = `${address.toString()}_`;
    const out = new Map<string, string>();
    for (const [key, value] of this.topStorageStack()) {
      if (key.startsWith(prefix)) out.set(key.slice(prefix.length), bytesToHex(setLengthLeft(value, 32)));
    }
    return out;
  }

  /** The state as plain data (JSON), for {@link loadDump}; no checkpoint may be open. */
  dumpSync(): StateDump {
    const q = (n: bigint) => `0x${n.toString(16)}` as const;
    const accounts: StateDump['accounts'] = [];
    for (const [address, a] of this.topAccountStack())
      accounts.push(
        a === undefined
          ? [address, null]
          : [
              address,
              q(a.nonce),
              q(a.balance),
              bytesToHex(a.storageRoot),
              bytesToHex(a.codeHash),
              a.codeSize,
            ],
      );
    return {
      accounts,
      code: [...this.topCodeStack()].map(([k, v]) => [k, bytesToHex(v)]),
      storage: [...this.topStorageStack()].map(([k, v]) => [k, bytesToHex(v)]),
    };
  }

  /** Writes the state {@link dumpSync} gave, synchronously (into an empty manager, no checkpoint open). */
  loadDump(dump: StateDump): void {
    const accounts = this.topAccountStack();
    for (const row of dump.accounts)
      accounts.set(
        row[0],
        row[1] === null
          ? undefined
          : new Account(BigInt(row[1]), BigInt(row[2]), hexToBytes(row[3]), hexToBytes(row[4]), row[5]),
      );
    for (const [k, v] of dump.code) this.topCodeStack().set(k, hexToBytes(v));
    for (const [k, v] of dump.storage) this.topStorageStack().set(k, hexToBytes(v));
  }

  /** Writes a genesis alloc synchronously (no checkpoint may be open). Quantities: hex `0x…` or decimal. */
  loadAlloc(alloc: GenesisAlloc): void {
    for (const [addrText, acc] of Object.entries(alloc)) {
      const address = parseAddress(addrText);
      const code = acc.code
        ? hexToBytes(normalizeHex(acc.code, `alloc[${addrText}].code`))
        : new Uint8Array(0);
      const account = new Account(
        parseQuantity(acc.nonce ?? 0, `alloc[${addrText}].nonce`),
        parseQuantity(acc.balance ?? 0, `alloc[${addrText}].balance`),
      );
      if (code.length > 0) {
        account.codeHash = keccak256(code);
        account.codeSize = code.length;
        this.topCodeStack().set(address.toString(), code);
      } else account.codeHash = KECCAK256_NULL;
      this.topAccountStack().set(address.toString(), account);
      for (const [slot, value] of Object.entries(acc.storage ?? {})) {
        const key = setLengthLeft(hexToBytes(normalizeHex(slot, `alloc[${addrText}].storage key`)), 32);
        const val = unpadBytes(hexToBytes(normalizeHex(value, `alloc[${addrText}].storage[${slot}]`)));
        if (val.length > 0) this.topStorageStack().set(`${address.toString()}_${bytesToHex(key)}`, val);
      }
    }
  }

  /**
   * An independent copy of the current (top-of-stack) state, flattened to one level. Account objects are cloned,
   * because the EVM mutates accounts in place; byte arrays are shared (they are never mutated).
   */
  copy(): SyncStateManager {
    if (this.accountStack.length !== 1) throw new Error('cannot copy state while a checkpoint is open');
    const c = this.emptyCopy();
    const accounts = c.topAccountStack();
    for (const [k, a] of this.topAccountStack()) {
      accounts.set(
        k,
        a === undefined
          ? undefined
          : new Account(a.nonce, a.balance, a.storageRoot, a.codeHash, a.codeSize, a.version),
      );
    }
    for (const [k, v] of this.topCodeStack()) c.topCodeStack().set(k, v);
    for (const [k, v] of this.topStorageStack()) c.topStorageStack().set(k, v);
    return c;
  }

  /** The empty manager {@link copy} fills: a subclass that reads more than its maps gives one of its own kind. */
  protected emptyCopy(): SyncStateManager {
    return new SyncStateManager({ common: this.common });
  }

  /** Used by `vm.shallowCopy()`: keeps the synchronous getters; accounts are cloned (the EVM mutates them). */
  override shallowCopy(): SyncStateManager {
    const copy = this.emptyCopy();
    copy.accountStack.length = 0;
    copy.codeStack.length = 0;
    copy.storageStack.length = 0;
    for (let i = 0; i < this.accountStack.length; i++) {
      copy.accountStack.push(cloneAccounts(this.accountStack[i]));
      copy.codeStack.push(new Map(this.codeStack[i]));
      copy.storageStack.push(new Map(this.storageStack[i]));
    }
    return copy;
  }

  /** The state trie's root (built from the maps: this manager keeps no trie), as pre-Byzantium receipts carry it. */
  override async getStateRoot(): Promise<Uint8Array> {
    return stateRootOf(this);
  }

  /**
   * A keccak256 digest of the sorted state: equal for equal states, cheap and synchronous (not the state root, see
   * {@link getStateRoot}); for comparing states.
   */
  getStateDigestSync(): Uint8Array {
    const parts: string[] = [];
    for (const [k, a] of [...this.topAccountStack()].sort(([x], [y]) => (x < y ? -1 : 1))) {
      if (a === undefined) continue;
      parts.push(`${k}:${a.nonce}:${a.balance}:${bytesToHex(a.codeHash)}`);
    }
    const slots = [...this.topStorageStack()].filter(([, v]) => v.length > 0);
    slots.sort(([x], [y]) => (x < y ? -1 : 1));
    for (const [k, v] of slots) parts.push(`${k}=${bytesToHex(v)}`);
    return keccak256(new TextEncoder().encode(parts.join('\n')));
  }
}

/** Creates an empty {@link SyncStateManager}, optionally filled from a genesis alloc. */
export function createSyncStateManager(
  opts: { common?: Common; alloc?: GenesisAlloc } = {},
): SyncStateManager {
  const sm = new SyncStateManager({ common: opts.common });
  if (opts.alloc) sm.loadAlloc(opts.alloc);
  return sm;
}

function parseAddress(text: string): Address {
  const hex = normalizeHex(text, 'alloc address');
  if (hex.length !== 42) throw new Error(`invalid alloc address ${JSON.stringify(text)}: expected 20 bytes`);
  return new Address(hexToBytes(hex));
}

function normalizeHex(text: string, what: string): `0x${string}` {
  const body = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]*$/.test(body)) throw new Error(`invalid hex in ${what}: ${JSON.stringify(text)}`);
  return `0x${body.length % 2 ? '0' : ''}${body}`;
}

function parseQuantity(v: string | number | bigint, what: string): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`invalid ${what}: ${v}`);
    return BigInt(v);
  }
  const t = v.trim();
  if (/^0[xX][0-9a-fA-F]+$/.test(t) || /^[0-9]+$/.test(t)) return BigInt(t);
  if (t === '0x' || t === '') return 0n;
  throw new Error(`invalid ${what}: ${JSON.stringify(v)} (expected a hex or decimal quantity)`);
}

function cloneAccounts<K>(m: Map<K, Account | undefined>): Map<K, Account | undefined> {
  const out = new Map<K, Account | undefined>();
  for (const [k, a] of m) {
    out.set(
      k,
      a === undefined
        ? undefined
        : new Account(a.nonce, a.balance, a.storageRoot, a.codeHash, a.codeSize, a.version),
    );
  }
  return out;
}
