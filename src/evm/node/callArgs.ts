import { createFeeMarket1559Tx, createLegacyTx } from '@ethereumjs/tx';
import type { AccessList, TypedTransaction } from '@ethereumjs/tx';
import type { Common } from '@ethereumjs/common';
import { createAddressFromString, createZeroAddress, hexToBytes } from '@ethereumjs/util';
import type { Address } from '@ethereumjs/util';
import { decodeAddress, decodeBytes, decodeQuantity } from './params.ts';
import { invalidArgument } from './rpcError.ts';

/** geth's TransactionArgs after decoding (what eth_call / debug_traceCall accept). */
export interface CallArgs {
  from: Address;
  to?: Address;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  value: bigint;
  data: Uint8Array;
  nonce?: bigint;
}

/** Reads `obj[key]` matching the key case-insensitively (Go's encoding/json does). */
export function field(obj: Record<string, unknown>, key: string): unknown {
  if (key in obj) return obj[key];
  const lower = key.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

/** Decodes TransactionArgs at params[index]; unknown fields are ignored like Go's decoder does. */
export function decodeCallArgs(value: unknown, index: number): CallArgs {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(
      index,
      'json: cannot unmarshal non-object into Go value of type ethapi.TransactionArgs',
    );
  }
  const o = value as Record<string, unknown>;
  const opt = <T>(key: string, decode: (v: unknown) => T): T | undefined => {
    const v = field(o, key);
    return v === undefined || v === null ? undefined : decode(v);
  };
  const data = opt('data', (v) => decodeBytes(v, index));
  const input = opt('input', (v) => decodeBytes(v, index));
  if (data !== undefined && input !== undefined && data !== input) {
    throw invalidArgument(
      index,
      'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
    );
  }
  const args: CallArgs = {
    from: opt('from', (v) => createAddressFromString(decodeAddress(v, index))) ?? createZeroAddress(),
    to: opt('to', (v) => createAddressFromString(decodeAddress(v, index))),
    gas: opt('gas', (v) => decodeQuantity(v, index, 64, 'hexutil.Uint64')),
    gasPrice: opt('gasPrice', (v) => decodeQuantity(v, index)),
    maxFeePerGas: opt('maxFeePerGas', (v) => decodeQuantity(v, index)),
    maxPriorityFeePerGas: opt('maxPriorityFeePerGas', (v) => decodeQuantity(v, index)),
    value: opt('value', (v) => decodeQuantity(v, index)) ?? 0n,
    data: hexToBytes((input ?? data ?? '0x') as `0x${string}`),
    nonce: opt('nonce', (v) => decodeQuantity(v, index, 64, 'hexutil.Uint64')),
  };
  if (
    args.gasPrice !== undefined &&
    (args.maxFeePerGas !== undefined || args.maxPriorityFeePerGas !== undefined)
  ) {
    throw invalidArgument(index, 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
  }
  return args;
}

/** True when the call pays no gas price at all (geth then runs it with base fee 0). */
export function isFeeless(args: CallArgs): boolean {
  return !(args.gasPrice || args.maxFeePerGas || args.maxPriorityFeePerGas);
}

/**
 * Builds the dynamic-fee transaction geth traces for a call (`args.ToTransaction(DynamicFeeTxType)`), unsigned,
 * with `from` as its sender: tracing code reads the sender through getSenderAddress().
 */
export function buildCallTx(
  common: Common,
  args: CallArgs,
  defaults: { gas: bigint; nonce: bigint; accessList?: AccessList },
): TypedTransaction {
  const base = { nonce: args.nonce ?? defaults.nonce, to: args.to, value: args.value, data: args.data };
  const gasLimit = args.gas ?? defaults.gas;
  const maxFee = args.maxFeePerGas ?? args.gasPrice ?? 0n;
  // Before London there is no dynamic-fee type: the call becomes a legacy tx with the given gas price.
  const tx = common.isActivatedEIP(1559)
    ? createFeeMarket1559Tx(
        {
          ...base,
          gasLimit,
          maxFeePerGas: maxFee,
          maxPriorityFeePerGas: args.maxPriorityFeePerGas ?? args.gasPrice ?? 0n,
          chainId: common.chainId(),
          accessList: defaults.accessList,
        },
        { common, freeze: false },
      )
    : createLegacyTx({ ...base, gasLimit, gasPrice: maxFee }, { common, freeze: false });
  const from = args.from;
  // The tx is unsigned: sender, signature check and hash are supplied so runTx accepts it like geth's call message.
  return Object.create(tx, {
    getSenderAddress: { value: () => from },
    isSigned: { value: () => true },
    hash: { value: () => new Uint8Array(32) },
    verifySignature: { value: () => true },
  }) as TypedTransaction;
}
