import { probeNode, type ProbeReport } from '../core/rpc/probe/probe.ts';
import { dialectCanaries } from '../core/rpc/probe/probeDialect.ts';
import { reportingProbeSends } from './probeProgress.ts';
import type { Endpoint } from '../core/rpc/endpoint/endpoint.ts';
import { embeddedNodeHandle } from './embeddedNode.ts';
import { transportForEndpoint } from './transportForEndpoint.ts';
import { createProbeSender } from './transport/createProbeSender.ts';

/** Probes an endpoint for JavaScript-tracer support from the page (src/ui/endpoints/describeProbe.ts words the report). */
export async function runProbe(endpoint: Endpoint): Promise<ProbeReport> {
  const transport = transportForEndpoint(endpoint, embeddedNodeHandle);
  try {
    // Version, block number, canary, negative control, then the dialect battery.
    const expected = 4 + dialectCanaries.length;
    return await probeNode(reportingProbeSends(endpoint.id, createProbeSender(transport), expected));
  } finally {
    transport.close?.();
  }
}
