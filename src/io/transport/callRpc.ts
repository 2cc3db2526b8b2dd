import { type RpcResult, classifyResponse } from '../../core/rpc/classifyResponse.ts';
import { type JsonRpcRequest, serializeRequest } from '../../core/rpc/jsonRpc.ts';
import type { TransportOutcome } from '../../core/rpc/transportOutcome.ts';
import type { Transport } from './createHttpTransport.ts';

/** The raw outcome and its interpretation for one request. */
export interface RpcExchange {
  request: JsonRpcRequest;
  outcome: TransportOutcome;
  result: RpcResult;
}

/** Sends one request over a transport and classifies the answer (id checked, method named in messages). */
export async function callRpc(
  transport: Transport,
  request: JsonRpcRequest,
  options: { signal?: AbortSignal; contentType?: string } = {},
): Promise<RpcExchange> {
  const contentType = options.contentType ?? (request.jsonrpc === '1.0' ? 'text/plain' : 'application/json');
  const outcome = await transport.send(serializeRequest(request), { signal: options.signal, contentType });
  return {
    request,
    outcome,
    result: classifyResponse(outcome, { expectedId: request.id, method: request.method }),
  };
}
