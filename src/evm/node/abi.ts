import compiled from '../contracts/compiled.json' with { type: 'json' };
import { bytesToHex, hexToBytes } from '@ethereumjs/util';

/** Names of the contracts in compiled.json. */
export type ContractName = keyof typeof compiled.contracts;

/** An ABI argument the demo chain needs: an address (0x…20 bytes), a uint256, or a bytes32 word. */
export type AbiArg = bigint | `0x${string}`;

/** Encodes static arguments as 32-byte words (enough for the demo contracts: address, uint256, bytes32). */
export function encodeArgs(args: readonly AbiArg[]): string {
  return args
    .map((a) => (typeof a === 'bigint' ? a.toString(16) : a.slice(2).toLowerCase()).padStart(64, '0'))
    .join('');
}

/** Call data for `signature` (e.g. `transfer(address,uint256)`) of `contract`, using solc's method identifiers. */
export function encodeCall(
  contract: ContractName,
  signature: string,
  args: readonly AbiArg[] = [],
): Uint8Array {
  const ids = compiled.contracts[contract].methodIdentifiers as Record<string, string>;
  const selector = ids[signature];
  if (!selector) throw new Error(`${contract} has no method ${signature}`);
  return hexToBytes(`0x${selector}${encodeArgs(args)}`);
}

/** Init code of `contract` with ABI-encoded constructor arguments appended. */
export function encodeDeploy(contract: ContractName, args: readonly AbiArg[] = []): Uint8Array {
  return hexToBytes(`${compiled.contracts[contract].bytecode}${encodeArgs(args)}` as `0x${string}`);
}

/** 0x hex of call data (for call objects shown in the request panel). */
export function encodeCallHex(
  contract: ContractName,
  signature: string,
  args: readonly AbiArg[] = [],
): string {
  return bytesToHex(encodeCall(contract, signature, args));
}
