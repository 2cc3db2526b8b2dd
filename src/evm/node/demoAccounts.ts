import {
  createAddressFromPublicKey,
  createAddressFromString,
  hexToBytes,
  utf8ToBytes,
} from '@ethereumjs/util';
import type { Address } from '@ethereumjs/util';
import { keccak256 } from 'ethereum-cryptography/keccak.js';

/** A funded demo account with its (public, well-known, test-only) private key. */
export interface DemoAccount {
  name: string;
  privateKey: Uint8Array;
  /** The uncompressed public key (64 bytes, no prefix), as a signature by this account recovers. */
  publicKey: Uint8Array;
  address: Address;
}

/**
 * An account whose private key is derived from a fixed string (the chain is identical on every start and the keys are
 * obviously test-only) and whose public key is the one that key gives, written out: deriving it costs the first
 * elliptic-curve multiplication of the process, a precomputation of a few hundred ms on a busy machine, at every
 * start. test/unit/node/demoChainSenders.test.ts derives it from the private key.
 */
function account(name: string, publicKey: `0x${string}`): DemoAccount {
  const privateKey = keccak256(utf8ToBytes(`tracer-playground demo account ${name}`));
  const key = hexToBytes(publicKey);
  return { name, privateKey, publicKey: key, address: createAddressFromPublicKey(key) };
}

/** The four funded accounts of the demo chain (100 000 ether each at genesis). */
export const demoAccounts = {
  alice: account(
    'alice',
    '0x06e6ccae9e0efbe42124e2023fe8ac46ccef1dcd4e39558136ba0dee9893e0892f25bca23c59b780c65240c857a3574d7396f4b42c0ef3d7daeddc1e3633b96c',
  ),
  bob: account(
    'bob',
    '0x5731169120fe8eef933274d06f980bd268d1e2f283b0d990adffc0574b0275bef5fb2b28f6e5965ca7ce64337bad01655283a05c4a64d4155c92991ac8168eb6',
  ),
  carol: account(
    'carol',
    '0xb6938d5552ac8312d2386e68c717f81bb7764c138d2b30be15a10508d9e703d8e95de97f3fc9712c2eeb76a57d61784f1932714ea69b5188ba8d61274b264993',
  ),
  dave: account(
    'dave',
    '0x263783d4b65416fa5bfdbcf3d55734e343554c29fdf119e5b6da747eac953d74948e1d46b8eb52a11fa3136d0bbe01c78c82625901e30f30639c2a3a1f2aca23',
  ),
} as const;

/** Fee recipient of every demo block. */
export const demoCoinbase: Address = createAddressFromString('0x' + 'c0ba5e'.padStart(40, '0'));

/** Chain id of the demo chain (a common local development id). */
export const demoChainId = 1337n;

/** Genesis time (2026-01-01T00:00:00Z) and seconds per block. */
export const demoGenesisTime = 1767225600n;
export const demoBlockTime = 12n;
