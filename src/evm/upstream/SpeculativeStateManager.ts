import type { Common } from '@ethereumjs/common';
import {
  Account,
  type Address,
  KECCAK256_NULL,
  bytesToHex,
  hexToBytes,
  setLengthLeft,
  unpadBytes,
} from '@ethereumjs/util';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { SyncStateManager } from '../state/createSyncStateManager.ts';
import { type StateMiss, type UpstreamState, storageKey } from '../../core/upstream/upstreamState.ts';

/**
 * A {@link SyncStateManager} that starts empty and fills itself, on first read, from what an upstream answered
 * ({@link UpstreamState}); a read of something not fetched yet is recorded in {@link misses} and answered as absent
 * (empty account, zero slot). A run with misses is speculative: its result is thrown away, the misses are fetched
 * and the run starts again. Both the EVM's reads (async) and the tracer's `db.*` reads (sync) go through here, so an
 * address only a tracer reads is fetched too.
 */
export class SpeculativeStateManager extends SyncStateManager {
  /** What the runs so far needed and {@link upstream} lacked. */
  misses: StateMiss[];
  // Addresses whose storage was cleared (a CREATE over old storage, SELFDESTRUCT) per checkpoint level: their slots
  // must read zero, not the upstream's value.
  private cleared: Set<string>[] = [new Set()];

  /** `misses`: shared with the manager this one copies, so that a copy's reads count for the run. */
  constructor(
    private readonly upstream: UpstreamState,
    opts: { common?: Common } = {},
    misses: StateMiss[] = [],
  ) {
    super(opts);
    this.misses = misses;
  }

  /**
   * A copy (SyncStateManager.copy) that goes on filling itself from the same upstream answers and records its misses
   * in this run's list: the prestate tracer's copy of the state before a transaction must read the upstream's values
   * of accounts the run has not loaded yet, not absent ones.
   */
  protected override emptyCopy(): SpeculativeStateManager {
    const c = new SpeculativeStateManager(this.upstream, { common: this.common }, this.misses);
    c.cleared = [new Set(this.cleared[this.cleared.length - 1])];
    return c;
  }

  override copy(): SpeculativeStateManager {
    return super.copy() as SpeculativeStateManager;
  }

  /** A copy for another run: the same state and upstream answers, with a misses list of its own. */
  fork(): SpeculativeStateManager {
    const c = this.copy();
    c.misses = [];
    return c;
  }

  /** As {@link copy}, keeping the checkpoint levels (what `vm.shallowCopy()` uses). */
  override shallowCopy(): SpeculativeStateManager {
    const c = super.shallowCopy() as SpeculativeStateManager;
    c.cleared = this.cleared.map((s) => new Set(s));
    return c;
  }

  private ensureAccount(address: Address): void {
    const key = address.toString();
    if (this.topAccountStack().has(key)) return;
    const a = this.upstream.accounts.get(key);
    if (a === undefined) {
      this.misses.push({ kind: 'account', address: key });
      return;
    }
    const code = hexToBytes(a.code as `0x${string}`);
    // An account that is empty upstream is absent for the EVM (EIP-161), as geth's state reader gives it.
    if (a.balance === 0n && a.nonce === 0n && code.length === 0) {
      this.topAccountStack().set(key, undefined);
      return;
    }
    const account = new Account(a.nonce, a.balance);
    account.codeHash = code.length > 0 ? keccak256(code) : KECCAK256_NULL;
    account.codeSize = code.length;
    if (code.length > 0) this.topCodeStack().set(key, code);
    this.topAccountStack().set(key, account);
  }

  private ensureSlot(address: Address, slot: Uint8Array): void {
    const a = address.toString();
    const hex = bytesToHex(slot);
    const key = `${a}_${hex}`;
    if (this.topStorageStack().has(key) || this.cleared.some((s) => s.has(a))) return;
    const v = this.upstream.storage.get(storageKey(a, hex));
    if (v === undefined) {
      this.misses.push({ kind: 'storage', address: a, slot: hex });
      return;
    }
    const value = unpadBytes(hexToBytes(v as `0x${string}`));
    if (value.length > 0) this.topStorageStack().set(key, value);
    else this.topStorageStack().set(key, new Uint8Array(0));
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    this.ensureAccount(address);
    return super.getAccount(address);
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    this.ensureAccount(address);
    return super.getCode(address);
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    this.ensureSlot(address, setLengthLeft(key, 32));
    return super.getStorage(address, key);
  }

  override async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    // A write needs no upstream value, but the original value (SSTORE gas) was read before it.
    return super.putStorage(address, key, value);
  }

  override async clearStorage(address: Address): Promise<void> {
    this.cleared[this.cleared.length - 1].add(address.toString());
    return super.clearStorage(address);
  }

  override async checkpoint(): Promise<void> {
    this.cleared.push(new Set(this.cleared[this.cleared.length - 1]));
    return super.checkpoint();
  }

  override async commit(): Promise<void> {
    this.cleared.splice(-2, 1);
    return super.commit();
  }

  override async revert(): Promise<void> {
    this.cleared.pop();
    return super.revert();
  }

  override getAccountSync(address: Address): Account | undefined {
    this.ensureAccount(address);
    return super.getAccountSync(address);
  }

  override getCodeSync(address: Address): Uint8Array {
    this.ensureAccount(address);
    return super.getCodeSync(address);
  }

  override getStorageSync(address: Address, slot: Uint8Array): Uint8Array {
    this.ensureSlot(address, setLengthLeft(slot, 32));
    return super.getStorageSync(address, slot);
  }
}
