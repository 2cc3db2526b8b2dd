import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import { type TimeLimit, describeTimeLimit } from '../../core/rpc/protocol/requestTimeLimit.ts';
import type { TransportOutcome } from '../../core/rpc/protocol/transportOutcome.ts';

/** What may go with one request. */
export interface SendOptions {
  /** Aborting it cancels the request (the outcome is an `aborted` failure). */
  signal?: AbortSignal;
}

/**
 * Carries one JSON-RPC request to a node and reports what came back; never throws. The request travels as an
 * object and is serialized once, by the transport (with the Content-Type its family wants); the time limit is the
 * one policy of requestTimeLimit. Implementations: HTTP(S) (createHttpTransport), WebSocket (createWsTransport) and
 * the embedded node (createEmbeddedTransport); the page and the CLI use the same ones.
 */
export interface Transport {
  send(request: JsonRpcRequest, options?: SendOptions): Promise<TransportOutcome>;
  /** Closes a kept connection (WebSocket); a later send opens a new one. */
  close?(): void;
}

/** What every transport says when the user cancelled. */
export const cancelledMessage = 'Cancelled';

/** What every transport says when the time limit ran out; `over` names the connection, e.g. " over WebSocket". */
export function timeoutMessage(host: string, limit: TimeLimit, over = ''): string {
  return `No complete answer from ${host} within ${describeTimeLimit(limit)}${over}; the request was abandoned`;
}

/** A transport that answers every request with the same failure (e.g. an endpoint whose key was not kept). */
export function createFailingTransport(message: string): Transport {
  return {
    send: async () => ({ kind: 'no-response', reason: 'network', message, durationMs: 0 }),
  };
}
