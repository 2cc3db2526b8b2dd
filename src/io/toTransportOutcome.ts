import type { TransportOutcome } from '../core/rpc/transportOutcome.ts';
import type { RawReply } from './sendToEndpoint.ts';

/** The page's sending path's reply (body as bytes) as the transport outcome the JSON-RPC classifier reads. */
export function toTransportOutcome(reply: RawReply): TransportOutcome {
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
