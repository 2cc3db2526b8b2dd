import { type Endpoint, forwardPath } from '../core/rpc/endpoint/endpoint.ts';
import { secretMask } from '../core/rpc/endpoint/maskEndpoint.ts';
import { type EmbeddedNodeHandle, createEmbeddedTransport } from './transport/createEmbeddedTransport.ts';
import { createHttpTransport } from './transport/createHttpTransport.ts';
import { createWsTransport } from './transport/createWsTransport.ts';
import { type Transport, createFailingTransport } from './transport/transport.ts';

/** Why an endpoint whose key was not kept on this device is not sent to. */
export const forgottenKeyMessage =
  "Not sent: the API key in this endpoint's URL was not remembered on this device. Edit the endpoint and paste " +
  'the full URL again (tick "Remember secrets on this device" to keep it).';

/**
 * The page's transport for a saved endpoint: the embedded node (`embedded`: the page passes io/embeddedNode.ts's
 * handle), its WebSocket URL when preferred, or HTTP(S) (through the dev/preview server's forwarding route when
 * ticked), with the endpoint's basic auth. Close it after use.
 */
export function transportForEndpoint(e: Endpoint, embedded: EmbeddedNodeHandle): Transport {
  if (e.kind === 'embedded') return createEmbeddedTransport(embedded);
  const ws = e.preferWs && e.wsUrl ? e.wsUrl : null;
  const url = ws ?? e.url;
  if (url.includes(secretMask)) return createFailingTransport(forgottenKeyMessage);
  const auth = { user: e.user || undefined, password: e.password || undefined };
  return ws
    ? createWsTransport({ url: ws, ...auth })
    : createHttpTransport({ url, ...auth, forwardPath: e.forward ? forwardPath : undefined });
}
