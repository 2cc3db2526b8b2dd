import { serializeRequest } from '../../core/rpc/jsonRpc.ts';
import type { ProbeSend } from '../../core/rpc/probe.ts';
import type { Transport } from './createHttpTransport.ts';

/** Adapts a transport to the probe: each request is serialized and sent as is. */
export function createProbeSender(transport: Transport, signal?: AbortSignal): ProbeSend {
  return (_method, _params, request) => transport.send(serializeRequest(request), { signal });
}
