import { runTx } from '@ethereumjs/vm';
import type { RunTxResult } from '@ethereumjs/vm';
import { buildCallTx, decodeCallArgs } from './callArgs.ts';
import type { CallArgs } from './callArgs.ts';
import { describeRunTxError } from './describeRunTxError.ts';
import { describeVmError } from './describeVmError.ts';
import { revertError } from './revertError.ts';
import type { NodeContext } from './nodeContext.ts';
import type { BlockSelector } from './params.ts';
import { prepareCall, rpcGasCap } from './prepareCall.ts';
import type { PreparedCall } from './prepareCall.ts';
import { serverError } from './rpcError.ts';
import type { RpcError } from './rpcError.ts';

/** geth's params.TxGas: a plain transfer. */
const txGas = 21_000n;
/** geth's params.MaxTxGas (EIP-7825). */
const maxTxGas = 1n << 24n;
/** geth's params.CallStipend. */
const callStipend = 2_300n;
/** geth's estimateGasErrorRatio (internal/ethapi): the search stops within 1.5 % above the least gas. */
const errorRatio = 0.015;

/** One run of the call with `gas`: failed (reverted, out of gas…) or not, or a pre-check error to bail out with. */
type Outcome = { failed: boolean; result?: RunTxResult; error?: RpcError };

/** The search's upper bound (geth's hi): the call's gas or the block's, capped by the balance and the RPC cap. */
async function upperBound(ctx: NodeContext, args: CallArgs, run: PreparedCall): Promise<bigint> {
  // geth: the call's gas if it names at least 21000, else the block's gas limit; under EIP-7825's 2^24 from Osaka.
  let hi = args.gas !== undefined && args.gas >= txGas ? args.gas : run.block.header.gasLimit;
  if (ctx.chain.common.isActivatedEIP(7825) && hi > maxTxGas) hi = maxTxGas;
  const feeCap = args.maxFeePerGas ?? args.gasPrice ?? 0n;
  if (feeCap !== 0n) {
    let available = (await run.vm.stateManager.getAccount(args.from))?.balance ?? 0n;
    // geth: a value not below the balance cannot pay any gas (even a zero value from an empty account).
    if (args.value >= available) throw serverError('insufficient funds for transfer');
    available -= args.value;
    const allowance = available / feeCap;
    if (allowance < 1n << 64n && hi > allowance) hi = allowance;
  }
  return hi > rpcGasCap ? rpcGasCap : hi;
}

/** Runs the call with a given gas on a checkpoint of the prepared state (reverted after). */
function executor(ctx: NodeContext, args: CallArgs, run: PreparedCall) {
  const { vm, block } = run;
  const state = vm.stateManager;
  const nonce = run.tx.nonce;
  return async (gas: bigint): Promise<Outcome> => {
    const tx = buildCallTx(ctx.chain.common, { ...args, gas }, { gas, nonce });
    await state.checkpoint();
    try {
      const result = await runTx(vm, {
        tx,
        block,
        skipNonce: true,
        skipBlockGasLimitValidation: true,
        skipHardForkValidation: true,
      });
      return { failed: result.execResult.exceptionError !== undefined, result };
    } catch (e) {
      const text = describeRunTxError(e, args.from.toString());
      // geth raises the gas on ErrIntrinsicGas and bails out on every other pre-check failure.
      if (text.startsWith('intrinsic gas too low')) return { failed: true };
      return { failed: true, error: serverError(text) };
    } finally {
      await state.revert();
    }
  };
}

/** The run at the upper bound: its result, or the error geth gives when the call cannot succeed at all. */
function requireSuccess(first: Outcome, hi: bigint): RunTxResult {
  if (first.error) throw first.error;
  if (first.failed) {
    const err = first.result?.execResult.exceptionError?.error;
    if (first.result && err !== undefined && err !== 'out of gas') {
      if (err === 'revert') throw revertError(first.result.execResult.returnValue);
      throw serverError(describeVmError(err));
    }
    throw serverError(`gas required exceeds allowance (${hi})`);
  }
  return first.result!;
}

/**
 * geth's eth_estimateGas (internal/ethapi DoEstimateGas + eth/gasestimator Estimate): the least gas (within 1.5 %)
 * with which the call succeeds on the state after the selected block, by geth's binary search. A revert gives
 * error 3 `execution reverted[: reason]` with the revert data; a value above the balance (with a fee cap)
 * `insufficient funds for transfer`; a call failing at the cap `gas required exceeds allowance (N)`.
 */
export async function estimateGas(
  ctx: NodeContext,
  rawArgs: unknown,
  selector: BlockSelector,
  stateOverrides?: unknown,
  blockOverrides?: unknown,
): Promise<bigint> {
  const args = decodeCallArgs(rawArgs, 0);
  const prepared = await prepareCall(ctx, rawArgs, selector, stateOverrides, blockOverrides);
  let hi = await upperBound(ctx, args, prepared);
  const execute = executor(ctx, args, prepared);
  // A plain transfer to an account without code: try 21000 first.
  if (args.data.length === 0 && args.to && (await prepared.vm.stateManager.getCode(args.to)).length === 0) {
    const plain = await execute(txGas);
    if (!plain.failed && !plain.error) return txGas;
  }
  const result = requireSuccess(await execute(hi), hi);
  const used = result.totalGasSpent;
  let lo = used - 1n;
  // geth's MaxUsedGas: the gas used before the refund (or the EIP-7623 floor when that is more).
  const beforeRefund = result.execResult.executionGasUsed + prepared.tx.getIntrinsicGas();
  const peak = beforeRefund > used ? beforeRefund : used;
  const optimistic = ((peak + callStipend) * 64n) / 63n;
  if (optimistic < hi) {
    const o = await execute(optimistic);
    if (o.error) throw o.error;
    if (o.failed) lo = optimistic;
    else hi = optimistic;
  }
  while (lo + 1n < hi) {
    if (Number(hi - lo) / Number(hi) < errorRatio) break;
    let mid = (hi + lo) / 2n;
    if (mid > lo * 2n) mid = lo * 2n;
    const o = await execute(mid);
    if (o.error) throw o.error;
    if (o.failed) lo = mid;
    else hi = mid;
  }
  return hi;
}
