import { type RpcResult, classifyResponse } from '../../core/rpc/protocol/classifyResponse.ts';
import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { TransportOutcome } from '../../core/rpc/protocol/transportOutcome.ts';
import type { SendOptions, Transport } from './transport.ts';

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
  options: SendOptions = {},
): Promise<RpcExchange> {
  const outcome = await transport.send(request, options);
  return {
    request,
    outcome,
    result: classifyResponse(outcome, { expectedId: request.id, method: request.method }),
  };
}
