import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { VM } from '@ethereumjs/vm';
import { toChecksumAddress } from '@ethereumjs/util';
import { serverError } from './rpcError.ts';
import { buildCallTx, decodeCallArgs, isFeeless } from './callArgs.ts';
import type { NodeContext } from './nodeContext.ts';
import { requireBlock } from './nodeContext.ts';
import { applyBlockOverrides, applyStateOverrides } from './overrides.ts';
import type { BlockSelector } from './params.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';

/** geth's default RPC gas cap (--rpc.gascap). */
export const rpcGasCap = 50_000_000n;

/** The most gas one transaction may have from Osaka on (EIP-7825: 2^24). */
const maxTxGas = 1n << 24n;

/** A call ready to run: a VM on a private state copy, the call as a transaction, and the block context. */
export interface PreparedCall {
  vm: VM;
  tx: TypedTransaction;
  block: Block;
}

/**
 * Builds a call on the state after the selected block (or on `vmBefore`'s state, for traceCall's txIndex), with
 * geth's state and block overrides applied.
 */
export async function prepareCall(
  ctx: NodeContext,
  rawArgs: unknown,
  selector: BlockSelector,
  stateOverrides?: unknown,
  blockOverrides?: unknown,
  vmBefore?: VM,
): Promise<PreparedCall> {
  const base = requireBlock(ctx.chain, selector);
  const vm = vmBefore ?? (await ctx.chain.createVm(ctx.chain.stateAfter(base.number)));
  return prepareCallOn(vm, ctx.chain.common, base.block, rawArgs, stateOverrides, blockOverrides);
}

/**
 * Builds a call on `vm`'s state (changed: the state overrides are applied to it) in block `base`'s context (with
 * the block overrides), with geth's gas cap and the sender's nonce; `common` is the chain's.
 */
export async function prepareCallOn(
  vm: VM,
  common: Common,
  base: Block,
  rawArgs: unknown,
  stateOverrides?: unknown,
  blockOverrides?: unknown,
): Promise<PreparedCall> {
  const args = decodeCallArgs(rawArgs, 0);
  const state = vm.stateManager as SyncStateManager;
  await applyStateOverrides(state, stateOverrides);
  const block = applyBlockOverrides(base, blockOverrides, isFeeless(args));
  const nonce = (await state.getAccount(args.from))?.nonce ?? 0n;
  let gasLimit = block.header.gasLimit < rpcGasCap ? block.header.gasLimit : rpcGasCap;
  // Osaka refuses a transaction with more gas than 2^24 (EIP-7825): a call that names none gets that much.
  if (common.isActivatedEIP(7825) && gasLimit > maxTxGas) gasLimit = maxTxGas;
  const tx = buildCallTx(common, args, { gas: gasLimit, nonce });
  return { vm, tx, block };
}

/**
 * geth's buyGas balance check for a traced call (gas × fee cap + value must be covered). The tracer host runs calls
 * with @ethereumjs' skipBalance, which would silently top the sender up instead.
 */
export async function checkCallFunds(run: PreparedCall): Promise<void> {
  const tx = run.tx as TypedTransaction & { maxFeePerGas?: bigint; gasPrice?: bigint };
  const from = toChecksumAddress(tx.getSenderAddress().toString());
  const feeCap = tx.maxFeePerGas ?? tx.gasPrice ?? 0n;
  const baseFee = run.block.header.baseFeePerGas ?? 0n;
  // geth's preCheck order: the fee cap is checked before the balance.
  if (feeCap > 0n && feeCap < baseFee) {
    throw serverError(
      `tracing failed: max fee per gas less than block base fee: address ${from}, maxFeePerGas: ${feeCap}, baseFee: ${baseFee}`,
    );
  }
  const have = (await run.vm.stateManager.getAccount(tx.getSenderAddress()))?.balance ?? 0n;
  const want = tx.gasLimit * feeCap + tx.value;
  if (have < want) {
    throw serverError(
      `tracing failed: insufficient funds for gas * price + value: address ${from} have ${have} want ${want}`,
    );
  }
}
