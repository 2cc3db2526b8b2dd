import type { TransportOutcome } from '../core/rpc/transportOutcome.ts';
import type { JsonRpcRequest } from '../core/rpc/jsonRpc.ts';
import { buildRequest, serializeRequest } from '../core/rpc/jsonRpc.ts';
import { classifyResponse } from '../core/rpc/classifyResponse.ts';
import type { Endpoint, ProbeView } from '../state/appState.ts';
import { sendToEndpoint } from './sendToEndpoint.ts';

type ProbeReport = Omit<ProbeView, 'endpointId' | 'running'>;
type ProbeFn = (
  send: (request: JsonRpcRequest) => Promise<TransportOutcome>,
  options?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

// Globbed so the page builds while the probe logic is being written.
const probeMods = import.meta.glob<{ probeNode?: ProbeFn }>('../core/rpc/probeNode.ts', { eager: true });
const probeNode = Object.values(probeMods)[0]?.probeNode;

async function sendOutcome(endpoint: Endpoint, request: JsonRpcRequest): Promise<TransportOutcome> {
  const reply = await sendToEndpoint(
    endpoint,
    serializeRequest(request),
    'application/json',
    AbortSignal.timeout(30_000),
  );
  if (reply.kind === 'no-response') return reply;
  const r = reply.response;
  return {
    kind: 'response',
    status: r.status,
    headers: r.headers,
    bodyText: new TextDecoder().decode(r.body),
    durationMs: r.durationMs,
    sizeBytes: r.body.byteLength,
  };
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : v === undefined || v === null ? undefined : JSON.stringify(v);
}

function evidenceLines(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.map((e) =>
    typeof e === 'string'
      ? e
      : e && typeof e === 'object'
        ? Object.values(e).map(String).join(' — ')
        : String(e),
  );
}

/** Probes an endpoint for JavaScript-tracer support and returns the report card's content. */
export async function runProbe(endpoint: Endpoint): Promise<ProbeReport> {
  const send = (request: JsonRpcRequest) => sendOutcome(endpoint, request);
  if (probeNode) {
    try {
      const r = await probeNode(send);
      return {
        verdict: text(r.verdictText ?? r.summary ?? r.verdict) ?? 'No verdict',
        clientVersion: text(r.clientVersion),
        latestBlock: text(r.latestBlock ?? r.blockNumber),
        evidence: evidenceLines(r.evidence),
      };
    } catch (e) {
      return { verdict: `The probe failed: ${(e as Error).message}`, evidence: [] };
    }
  }
  // Without the full probe: identify the node only.
  const version = classifyResponse(await send(buildRequest('web3_clientVersion', [])), {
    method: 'web3_clientVersion',
  });
  const block = classifyResponse(await send(buildRequest('eth_blockNumber', [])), {
    method: 'eth_blockNumber',
  });
  return {
    verdict: 'Tracer support not tested (the probe logic is not part of this build)',
    clientVersion: version.kind === 'ok' ? text(version.result) : undefined,
    latestBlock: block.kind === 'ok' ? text(block.result) : undefined,
    evidence: [`web3_clientVersion: ${version.message}`, `eth_blockNumber: ${block.message}`],
  };
}
