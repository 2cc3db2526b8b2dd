import { type HttpTransportOptions, createHttpTransport } from './createHttpTransport.ts';
import { type WsTransportOptions, createWsTransport } from './createWsTransport.ts';
import type { Transport } from './transport.ts';

/** Options of {@link createTransport}: the union of the HTTP and WebSocket options. */
export type TransportOptions = HttpTransportOptions & Omit<WsTransportOptions, keyof HttpTransportOptions>;

/** An HTTP transport for http(s):// URLs, a WebSocket transport for ws(s):// URLs. */
export function createTransport(o: TransportOptions): Transport {
  return /^wss?:/i.test(o.url) ? createWsTransport(o) : createHttpTransport(o);
}
