import { responseText } from '../../core/rpc/protocol/transportOutcome.ts';
import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { Transport } from '../../io/transport/transport.ts';

import type { JsonRpcResponse } from '../../evm/node/handleJsonRpc.ts';

type Response = JsonRpcResponse;

/** What `serve --upstream` answers everything but traces with. */
export interface UpstreamForwarder {
  /** As the embedded node's `request`: one request object or a batch of them in, the responses out. */
  request(body: unknown): Promise<Response | Response[] | undefined>;
}

let nextId = 1;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const errorResponse = (id: Response['id'], code: number, message: string): Response => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

/**
 * Forwards JSON-RPC requests to the upstream of `serve --upstream` through `transport`, each as the client sent it
 * but for its id, which becomes one of this server's (a WebSocket upstream carries every client's requests on one
 * connection, where clients' ids would collide) and is given back in the response. The upstream's response (result or
 * error, `data` included) is passed on as it came. What is not a request object is answered here (-32600, as geth
 * does); an upstream that cannot be reached, or answers with something that is not a JSON-RPC response, is a -32000
 * error naming it (`label`: the endpoint masked).
 */
export function createUpstreamForwarder(transport: Transport, label: string): UpstreamForwarder {
  const forward = async (item: unknown): Promise<Response | undefined> => {
    const clientId = (isObject(item) ? item.id : null) as Response['id'];
    if (!isObject(item) || typeof item.method !== 'string')
      return errorResponse(clientId ?? null, -32600, 'invalid request');
    const notification = !('id' in item);
    const id = nextId++;
    const sent = { ...item, id };
    // The transport serializes the request object with JSON.stringify; toJSON makes the body the client's request.
    const carrier = {
      jsonrpc: '2.0',
      method: item.method,
      params: [],
      id,
      toJSON: () => sent,
    } as JsonRpcRequest;
    const outcome = await transport.send(carrier);
    if (notification) return undefined;
    if (outcome.kind !== 'response')
      return errorResponse(clientId, -32000, `upstream ${label}: ${outcome.message}`);
    let answer: unknown;
    try {
      answer = JSON.parse(responseText(outcome));
    } catch {
      answer = undefined;
    }
    if (!isObject(answer) || !('result' in answer || 'error' in answer))
      return errorResponse(
        clientId,
        -32000,
        `upstream ${label} answered ${item.method} with ${outcome.status === null ? 'a message' : `HTTP ${outcome.status}`} that is not a JSON-RPC response`,
      );
    return { ...(answer as unknown as Response), id: clientId };
  };
  return {
    async request(body) {
      if (!Array.isArray(body)) return forward(body);
      const out: Response[] = [];
      for (const item of body) {
        const r = await forward(item);
        if (r) out.push(r);
      }
      return out.length ? out : undefined;
    },
  };
}
