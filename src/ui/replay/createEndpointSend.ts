import { buildRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { RpcSend } from '../../core/fixture/captureFixture.ts';
import type { Transport } from '../../io/transport/transport.ts';
import { checkPrestateResult, readRpcReply } from './readRpcReply.ts';

/**
 * A `send` for captureFixtureJson over the request panel's own transport (the embedded node's worker, HTTP(S)
 * with basic auth, or WS(S)): one JSON-RPC call per invocation, rejecting with a plain message on any failure.
 */
export function createEndpointSend(transport: Transport, signal: AbortSignal): RpcSend {
  let id = 0;
  return async (method, params) => {
    const request = buildRequest(method, params, 'ethereum', ++id);
    const reply = await transport.send(request, { signal });
    const result = readRpcReply(reply, method, request.id);
    const tracer = (params[1] as { tracer?: unknown } | undefined)?.tracer;
    return method === 'debug_traceTransaction' && tracer === 'prestateTracer'
      ? checkPrestateResult(result)
      : result;
  };
}
