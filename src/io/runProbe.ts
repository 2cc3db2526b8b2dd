import type { TransportOutcome } from '../core/rpc/transportOutcome.ts';
import type { JsonRpcRequest } from '../core/rpc/jsonRpc.ts';
import { serializeRequest } from '../core/rpc/jsonRpc.ts';
import { probeNode, type ProbeReport } from '../core/rpc/probe.ts';
import type { Endpoint } from '../core/rpc/endpoint.ts';
import { sendToEndpoint } from './sendToEndpoint.ts';
import { toTransportOutcome } from './toTransportOutcome.ts';

async function sendOutcome(endpoint: Endpoint, request: JsonRpcRequest): Promise<TransportOutcome> {
  const contentType = request.jsonrpc === '1.0' ? 'text/plain' : 'application/json';
  const reply = await sendToEndpoint(
    endpoint,
    serializeRequest(request),
    contentType,
    AbortSignal.timeout(30_000),
  );
  return toTransportOutcome(reply);
}

/** Probes an endpoint for JavaScript-tracer support from the page (src/ui/describeProbe.ts words the report). */
export function runProbe(endpoint: Endpoint): Promise<ProbeReport> {
  return probeNode((_method, _params, request) => sendOutcome(endpoint, request));
}
