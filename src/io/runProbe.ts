import type { TransportOutcome } from '../core/rpc/transportOutcome.ts';
import type { JsonRpcRequest } from '../core/rpc/jsonRpc.ts';
import { serializeRequest } from '../core/rpc/jsonRpc.ts';
import { probeNode, type JsTracingSupport } from '../core/rpc/probe.ts';
import type { Endpoint } from '../core/rpc/endpoint.ts';
import type { ProbeView } from '../state/appState.ts';
import { sendToEndpoint } from './sendToEndpoint.ts';
import { toTransportOutcome } from './toTransportOutcome.ts';

const verdictTitles: Record<JsTracingSupport, string> = {
  supported: 'JavaScript tracers run on this node',
  ignored: 'The node ignores the tracer (it answers with its default trace)',
  unsupported: 'This node does not run JavaScript tracers',
  'debug-disabled': 'The debug namespace is not available',
  'auth-required': 'The node wants credentials',
  unreachable: 'The node could not be reached',
  ambiguous: 'Could not tell whether JavaScript tracers run',
};

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

/** Probes an endpoint for JavaScript-tracer support and returns the report card's content. */
export async function runProbe(endpoint: Endpoint): Promise<Omit<ProbeView, 'endpointId' | 'running'>> {
  try {
    const r = await probeNode((_method, _params, request) => sendOutcome(endpoint, request));
    return {
      verdict: `${verdictTitles[r.jsTracing]}. ${r.summary}`,
      clientVersion: r.clientVersion,
      latestBlock: r.latestBlock,
      evidence: r.evidence.map((e) => `${e.request.method}: ${e.note} → ${e.message}`),
    };
  } catch (e) {
    return { verdict: `The probe failed: ${(e as Error).message}`, evidence: [] };
  }
}
