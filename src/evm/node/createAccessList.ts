import type { InterpreterStep } from '@ethereumjs/evm';
import { getActivePrecompiles } from '@ethereumjs/evm';
import { RLP } from '@ethereumjs/rlp';
import type { AccessList } from '@ethereumjs/tx';
import {
  bigIntToBytes,
  bigIntToUnpaddedBytes,
  bytesToHex,
  createContractAddress,
  setLengthLeft,
} from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { buildCallTx, decodeCallArgs } from './callArgs.ts';
import type { CallArgs } from './callArgs.ts';
import { describeRunTxError } from './describeRunTxError.ts';
import { describeVmError } from './describeVmError.ts';
import { toQuantity } from './hex.ts';
import type { Hex } from './hex.ts';
import type { NodeContext } from './nodeContext.ts';
import type { BlockSelector } from './params.ts';
import { prepareCall, rpcGasCap } from './prepareCall.ts';
import { requireBlock } from './nodeContext.ts';
import { suggestedTip } from './suggestedTip.ts';
import type { PreparedCall } from './prepareCall.ts';
import { serverError } from './rpcError.ts';

/** geth's accessListResult: the list, the run's error text when it failed, the gas it used. */
export interface AccessListResult {
  accessList: { address: Hex; storageKeys: Hex[] }[];
  error?: string;
  gasUsed: Hex;
}

/** Address (lowercase hex) → its storage keys. */
type Touched = Map<string, Set<string>>;

const addressOps = new Set(['EXTCODECOPY', 'EXTCODEHASH', 'EXTCODESIZE', 'BALANCE', 'SELFDESTRUCT']);
const callOps = new Set(['DELEGATECALL', 'CALL', 'STATICCALL', 'CALLCODE']);
/** The most gas one transaction may have from Osaka on (EIP-7825). */
const maxTxGas = 1n << 24n;

const toAddressHex = (word: bigint) => bytesToHex(setLengthLeft(bigIntToBytes(word), 32).slice(12));

/** geth's accessList.accessList(): addresses ascending, each with its keys ascending. */
function toList(t: Touched): AccessListResult['accessList'] {
  return [...t.keys()].sort().map((address) => ({
    address: address as Hex,
    storageKeys: [...t.get(address)!].sort() as Hex[],
  }));
}

function sameLists(a: Touched, b: Touched): boolean {
  if (a.size !== b.size) return false;
  for (const [address, keys] of a) {
    const other = b.get(address);
    if (!other || other.size !== keys.size || [...keys].some((k) => !other.has(k))) return false;
  }
  return true;
}

/** geth's transaction hash in `failed to apply transaction: <hash> err: …` (the args as an unsigned legacy tx). */
function legacyHash(args: CallArgs, run: PreparedCall): Hex {
  const q = (v: bigint) => bigIntToUnpaddedBytes(v);
  // A legacy transaction of the arguments as sent: no gas price unless one was given.
  const gasPrice = args.gasPrice ?? 0n;
  const fields = [q(run.tx.nonce), q(gasPrice), q(run.tx.gasLimit), args.to?.bytes ?? new Uint8Array(0)];
  const raw = [...fields, q(args.value), args.data, q(0n), q(0n), q(0n)];
  return bytesToHex(keccak256(RLP.encode(raw))) as Hex;
}

/** One run with `list` as the transaction's access list, tracing what it touches (geth's AccessListTracer). */
async function runWith(
  run: PreparedCall,
  args: CallArgs,
  sent: CallArgs,
  seed: Touched,
  excluded: Set<string>,
) {
  const touched: Touched = new Map([...seed].map(([a, keys]) => [a, new Set(keys)]));
  const add = (address: string) => {
    if (!touched.has(address)) touched.set(address, new Set());
    return touched.get(address)!;
  };
  const onStep = (s: InterpreterStep) => {
    const name = s.opcode.name;
    const top = s.stack.length - 1;
    // Slots are listed under the running contract even when it is excluded (the sender or recipient), as in geth.
    if ((name === 'SLOAD' || name === 'SSTORE') && top >= 0)
      add(s.address.toString()).add(bytesToHex(setLengthLeft(bigIntToBytes(s.stack[top]), 32)));
    let address: string | undefined;
    if (addressOps.has(name) && top >= 0) address = toAddressHex(s.stack[top]);
    else if (callOps.has(name) && top >= 4) address = toAddressHex(s.stack[top - 1]);
    if (address !== undefined && !excluded.has(address)) add(address);
  };
  const accessList: AccessList = toList(seed);
  const tx = buildCallTx(run.vm.common, args, {
    gas: run.tx.gasLimit,
    nonce: run.tx.nonce,
    accessList,
  });
  const state = run.vm.stateManager;
  await state.checkpoint();
  run.vm.evm.events!.on('step', onStep);
  try {
    const result = await runTx(run.vm, {
      tx,
      block: run.block,
      skipNonce: true,
      skipBlockGasLimitValidation: true,
      skipHardForkValidation: true,
    });
    return { touched, result };
  } catch (e) {
    const text = describeRunTxError(e, args.from.toString());
    throw serverError(`failed to apply transaction: ${legacyHash(sent, run)} err: ${text}`);
  } finally {
    run.vm.evm.events!.off('step', onStep);
    await state.revert();
  }
}

/**
 * geth's setFeeDefaults and CallDefaults for the call: from London on, without fees, a tip of 1 gwei and a fee cap of
 * tip + 2 × the block's base fee (so the sender must afford the gas, as in geth); without gas, the RPC gas cap.
 */
function withDefaults(ctx: NodeContext, raw: unknown, args: CallArgs, selector: BlockSelector) {
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  const common = ctx.chain.common;
  if (args.gas === undefined) out.gas = hex(common.isActivatedEIP(7825) ? maxTxGas : rpcGasCap);
  if (!common.isActivatedEIP(1559) || args.gasPrice !== undefined) return out;
  const baseFee = requireBlock(ctx.chain, selector).block.header.baseFeePerGas ?? 0n;
  const tip = args.maxPriorityFeePerGas ?? suggestedTip;
  const maxFee = args.maxFeePerGas ?? tip + 2n * baseFee;
  // geth prints hexutil.Big values in hex here.
  if (maxFee < tip) throw serverError(`maxFeePerGas (${hex(maxFee)}) < maxPriorityFeePerGas (${hex(tip)})`);
  out.maxPriorityFeePerGas = hex(tip);
  out.maxFeePerGas = hex(maxFee);
  return out;
}

/**
 * geth's eth_createAccessList (internal/ethapi AccessList): runs the call on the selected state again and again,
 * each time with the addresses and slots the run before touched as its access list, until the list stops growing;
 * the sender, the recipient (or the created address) and the precompiles are left out, except for slots the
 * recipient reads or writes. A failed run is reported in `error` (geth's words), a failed pre-check as
 * `failed to apply transaction: <hash> err: …`.
 */
export async function createAccessList(
  ctx: NodeContext,
  rawArgs: unknown,
  selector: BlockSelector,
  stateOverrides?: unknown,
): Promise<AccessListResult> {
  const sent = decodeCallArgs(rawArgs, 0);
  const filled = withDefaults(ctx, rawArgs, sent, selector);
  const args = decodeCallArgs(filled, 0);
  const run = await prepareCall(ctx, filled, selector, stateOverrides);
  const to = args.to ?? createContractAddress(args.from, run.tx.nonce);
  const excluded = new Set([args.from.toString(), to.toString()]);
  for (const key of getActivePrecompiles(ctx.chain.common).keys()) excluded.add(`0x${key}`);
  let seed: Touched = new Map();
  for (;;) {
    const { touched, result } = await runWith(run, args, sent, seed, excluded);
    if (sameLists(touched, seed)) {
      const failure = result.execResult.exceptionError?.error;
      return {
        accessList: toList(touched),
        ...(failure === undefined ? {} : { error: describeVmError(failure) }),
        gasUsed: toQuantity(result.totalGasSpent),
      };
    }
    seed = touched;
  }
}
