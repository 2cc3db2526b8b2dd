import { createCachingFetcher } from './createCachingFetcher.ts';
import { createUpstreamForwarder } from './createUpstreamForwarder.ts';
import type { ServeOptions } from './parseServeOptions.ts';
import { createUpstreamClient } from '../../io/upstream/createUpstreamClient.ts';
import { readStateByNumber } from '../../io/upstream/readStateByNumber.ts';
import { createTransport } from '../../io/transport/createTransport.ts';
import type { WebSocketConstructorLike } from '../../io/transport/createWsTransport.ts';
import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';

/** What `serve --upstream` talks to: see {@link connectUpstream}. */
export type UpstreamConnection = ReturnType<typeof connect>;

function connect(u: NonNullable<ServeOptions['upstream']>, ws: WebSocketConstructorLike | undefined) {
  const transport = createTransport({
    url: u.url,
    user: u.user,
    password: u.password,
    WebSocketImpl: ws,
    supportsHeaders: true,
  });
  const label = maskEndpoint(u.url);
  const client = createUpstreamClient(transport, { label, batches: /^https?:/i.test(u.url) });
  return {
    transport,
    label,
    forwarder: createUpstreamForwarder(transport, label),
    fetcher: createCachingFetcher(readStateByNumber(client)),
  };
}

/**
 * The upstream of `serve --upstream`: one transport for both the forwarded requests and the trace processes' state
 * (which goes through a cache of answers pinned to a block hash).
 */
export async function connectUpstream(u: NonNullable<ServeOptions['upstream']>): Promise<UpstreamConnection> {
  const ws = /^wss?:/i.test(u.url)
    ? ((await import('ws')).default as unknown as WebSocketConstructorLike)
    : undefined;
  return connect(u, ws);
}
