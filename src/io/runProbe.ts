import { probeNode, type ProbeReport } from '../core/rpc/probe.ts';
import type { Endpoint } from '../core/rpc/endpoint.ts';
import { embeddedNodeHandle } from './embeddedNode.ts';
import { transportForEndpoint } from './transportForEndpoint.ts';
import { createProbeSender } from './transport/createProbeSender.ts';

/** Probes an endpoint for JavaScript-tracer support from the page (src/ui/describeProbe.ts words the report). */
export async function runProbe(endpoint: Endpoint): Promise<ProbeReport> {
  const transport = transportForEndpoint(endpoint, embeddedNodeHandle);
  try {
    return await probeNode(createProbeSender(transport));
  } finally {
    transport.close?.();
  }
}
