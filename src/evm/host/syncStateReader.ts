import type { Address } from '@ethereumjs/util';

/** The synchronous state reads `db` needs (implemented by SyncStateManager). */
export interface SyncStateReader {
  getBalanceSync(a: Address): bigint;
  getNonceSync(a: Address): bigint;
  getCodeSync(a: Address): Uint8Array;
  getStorageSync(a: Address, slot: Uint8Array): Uint8Array;
  existsSync(a: Address): boolean;
}
