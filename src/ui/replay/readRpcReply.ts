import { classifyResponse } from '../../core/rpc/classifyResponse.ts';
import type { JsonRpcId } from '../../core/rpc/jsonRpc.ts';
import type { TransportOutcome } from '../../core/rpc/transportOutcome.ts';
import type { RawReply } from '../../io/sendToEndpoint.ts';

// What capturing needs from each method, said when a node lacks it.
const needs: Record<string, string> = {
  debug_traceTransaction:
    'capturing needs debug_traceTransaction with the built-in prestateTracer (geth, or a node that offers the debug API with it)',
  eth_getRawTransactionByHash: 'capturing needs eth_getRawTransactionByHash (the signed transaction bytes)',
};

/** The sending path's reply as the transport outcome the JSON-RPC classifier reads. */
export function toTransportOutcome(reply: RawReply): TransportOutcome {
  if (reply.kind === 'no-response') return reply;
  const r = reply.response;
  return {
    kind: 'response',
    status: r.status,
    headers: r.headers,
    bodyText: new TextDecoder().decode(r.body),
    durationMs: r.durationMs,
    sizeBytes: r.body.byteLength,
  };
}

/**
 * The result of one JSON-RPC call made while capturing, or an Error naming the method and saying plainly what went
 * wrong (unreachable node, HTTP error, RPC error; for a missing method, what capturing needs).
 */
export function readRpcReply(reply: RawReply, method: string, id: JsonRpcId): unknown {
  const r = classifyResponse(toTransportOutcome(reply), { expectedId: id, method });
  if (r.kind === 'ok') return r.result;
  let message = `${method} failed: ${r.message}`;
  if (r.kind === 'rpc-error' && needs[method] && isMissingFeature(r.error.category, r.error.rpcMessage))
    message += `. ${needs[method][0].toUpperCase()}${needs[method].slice(1)}`;
  return fail(message);
}

function isMissingFeature(category: string, text: string): boolean {
  return category === 'method-missing' || /prestateTracer|tracer.*not (found|defined|supported)/i.test(text);
}

function fail(message: string): never {
  throw new Error(message);
}
