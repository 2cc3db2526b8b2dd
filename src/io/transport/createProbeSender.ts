import type { ProbeSend } from '../../core/rpc/probe/probe.ts';
import type { Transport } from './transport.ts';

/** Adapts a transport to the probe: each request object is handed to the transport as is. */
export function createProbeSender(transport: Transport, signal?: AbortSignal): ProbeSend {
  return (_method, _params, request) => transport.send(request, { signal });
}
