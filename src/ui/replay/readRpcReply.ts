import { describeValue } from '../../core/rpc/methods/checked.ts';
import { classifyResponse } from '../../core/rpc/protocol/classifyResponse.ts';
import type { JsonRpcId } from '../../core/rpc/protocol/jsonRpc.ts';
import type { TransportOutcome } from '../../core/rpc/protocol/transportOutcome.ts';

// What capturing needs from each method, said when a node lacks it.
const needs: Record<string, string> = {
  debug_traceTransaction:
    'Capturing needs debug_traceTransaction with the built-in prestateTracer (geth, or a node that offers the debug API with it)',
  eth_getRawTransactionByHash: 'Capturing needs eth_getRawTransactionByHash (the signed transaction bytes)',
};

/**
 * The result of one JSON-RPC call made while capturing, or an Error naming the method and saying plainly what went
 * wrong (unreachable node, HTTP error, RPC error; for a missing method, what capturing needs).
 */
export function readRpcReply(reply: TransportOutcome, method: string, id: JsonRpcId): unknown {
  const r = classifyResponse(reply, { expectedId: id, method });
  if (r.kind === 'ok') return r.result;
  let message = `${method} failed: ${r.message}`;
  if (r.kind === 'rpc-error' && needs[method] && isMissingFeature(r.error.category, r.error.rpcMessage))
    message += `. ${needs[method]}`;
  return fail(message);
}

// Nodes word a missing method or tracer in many ways (geth, hardhat, ganache, erigon texts).
function isMissingFeature(category: string, text: string): boolean {
  return (
    category === 'method-missing' ||
    /does not exist|not (supported|available|implemented)|tracer not (found|defined)|only supports the default tracer|unknown tracer/i.test(
      text,
    )
  );
}

/**
 * Rejects a prestateTracer answer that is not a pre-state: some nodes (ganache) ignore the tracer name and answer
 * with struct logs, which would otherwise turn into a fixture with nonsense accounts.
 */
export function checkPrestateResult(result: unknown): unknown {
  const hint = needs.debug_traceTransaction;
  if (!result || typeof result !== 'object' || Array.isArray(result))
    return fail(
      `debug_traceTransaction with prestateTracer gave ${describeValue(result)}, not a pre-state object. ${hint}`,
    );
  if ('structLogs' in result)
    return fail(
      `The node ignored the tracer "prestateTracer" and answered with struct logs (ganache does this), so it cannot give the pre-state. ${hint}`,
    );
  return result;
}

function fail(message: string): never {
  throw new Error(message);
}
