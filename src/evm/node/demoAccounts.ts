import { createAddressFromPrivateKey, createAddressFromString, utf8ToBytes } from '@ethereumjs/util';
import type { Address } from '@ethereumjs/util';
import { keccak256 } from 'ethereum-cryptography/keccak.js';

/** A funded demo account with its (public, well-known, test-only) private key. */
export interface DemoAccount {
  name: string;
  privateKey: Uint8Array;
  address: Address;
}

function account(name: string): DemoAccount {
  // Keys derived from fixed strings: the chain is identical on every start and the keys are obviously test-only.
  const privateKey = keccak256(utf8ToBytes(`tracer-playground demo account ${name}`));
  return { name, privateKey, address: createAddressFromPrivateKey(privateKey) };
}

/** The four funded accounts of the demo chain (100 000 ether each at genesis). */
export const demoAccounts = {
  alice: account('alice'),
  bob: account('bob'),
  carol: account('carol'),
  dave: account('dave'),
} as const;

/** Fee recipient of every demo block. */
export const demoCoinbase: Address = createAddressFromString('0x' + 'c0ba5e'.padStart(40, '0'));

/** Chain id of the demo chain (a common local development id). */
export const demoChainId = 1337n;

/** Genesis time (2026-01-01T00:00:00Z) and seconds per block. */
export const demoGenesisTime = 1767225600n;
export const demoBlockTime = 12n;
