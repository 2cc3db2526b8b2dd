import { bytesToHex } from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import { describeRunTxError } from './describeRunTxError.ts';
import { describeVmError } from './describeVmError.ts';
import { revertError } from './revertError.ts';
import type { Handler } from './nodeContext.ts';
import { checkArity, decodeBlockNumberOrHash } from './params.ts';
import { prepareCall } from './prepareCall.ts';
import { serverError } from './rpcError.ts';
import { estimateGas } from './estimateGas.ts';
import { createAccessList } from './createAccessList.ts';
import { toQuantity } from './hex.ts';

/** eth_call and eth_estimateGas: run the call on the selected state; reverts become error 3 with the revert data, like geth. */
export const callHandlers: Record<string, Handler> = {
  eth_call: async (ctx, p) => {
    const params = checkArity(p, 1, 4);
    const selector =
      params[1] == null
        ? { kind: 'tag' as const, tag: 'latest' as const }
        : decodeBlockNumberOrHash(params[1], 1);
    const { vm, tx, block } = await prepareCall(ctx, params[0], selector, params[2], params[3]);
    let result;
    try {
      result = await runTx(vm, {
        tx,
        block,
        skipNonce: true,
        skipBlockGasLimitValidation: true,
        skipHardForkValidation: true,
      });
    } catch (e) {
      throw serverError(describeRunTxError(e, tx.getSenderAddress().toString()));
    }
    const exec = result.execResult;
    const output = bytesToHex(exec.returnValue);
    if (!exec.exceptionError) return output;
    if (exec.exceptionError.error === 'revert') throw revertError(exec.returnValue);
    throw serverError(describeVmError(exec.exceptionError.error));
  },
  eth_estimateGas: async (ctx, p) => {
    const params = checkArity(p, 1, 4);
    const selector =
      params[1] == null
        ? { kind: 'tag' as const, tag: 'latest' as const }
        : decodeBlockNumberOrHash(params[1], 1);
    return toQuantity(await estimateGas(ctx, params[0], selector, params[2], params[3]));
  },
  eth_createAccessList: async (ctx, p) => {
    const params = checkArity(p, 1, 3);
    const selector =
      params[1] == null
        ? { kind: 'tag' as const, tag: 'latest' as const }
        : decodeBlockNumberOrHash(params[1], 1);
    return createAccessList(ctx, params[0], selector, params[2]);
  },
};
