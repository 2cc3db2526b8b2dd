import { type JsonRpcRequest, serializeRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { requestTimeLimit } from '../../core/rpc/protocol/requestTimeLimit.ts';
import { type TransportOutcome, textResponse } from '../../core/rpc/protocol/transportOutcome.ts';
import { basicAuthHeader, splitUrlCredentials } from './basicAuth.ts';
import { type SendOptions, type Transport, cancelledMessage, timeoutMessage } from './transport.ts';
import {
  type WebSocketConstructorLike,
  type WebSocketLike,
  openWebSocket,
  wsFailure,
} from './openWebSocket.ts';

export type { WebSocketConstructorLike, WebSocketLike } from './openWebSocket.ts';

/** Options of {@link createWsTransport}. */
export interface WsTransportOptions {
  url: string;
  user?: string;
  password?: string;
  /** Per-request time limit; default: the policy of requestTimeLimit. */
  timeoutMs?: number;
  /** The constructor to use: the global WebSocket by default; in Node pass the `ws` package's WebSocket. */
  WebSocketImpl?: WebSocketConstructorLike;
  /**
   * Whether the constructor can send HTTP headers on the upgrade request (true for `ws` in Node). Basic auth over
   * WebSocket needs this: browsers cannot set an Authorization header on a WebSocket, and current Chromium no longer
   * sends credentials written into the URL (`wss://user:pass@host/`), so in a browser basic auth over WSS fails.
   */
  supportsHeaders?: boolean;
}

interface Pending {
  resolve: (o: TransportOutcome) => void;
  start: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const browserAuthMessage =
  'Basic auth over WebSocket is not possible from a browser: it cannot set an Authorization header on a WebSocket, ' +
  'and Chromium no longer sends user:password written into a wss:// URL. Use the https:// endpoint with basic auth instead';

/** One transport's settings and connection state, shared by the functions below. */
interface Ws {
  o: WsTransportOptions;
  Impl: WebSocketConstructorLike | undefined;
  /** The URL without credentials. */
  url: string;
  user: string | undefined;
  password: string;
  /** The endpoint's host with any secret masked, for messages. */
  host: string;
  pending: Map<string, Pending>;
  // Ids given up on (timed out or cancelled): their late answers are dropped instead of being taken for another
  // request's. Bounded, oldest first out.
  abandoned: Set<string>;
  socket?: WebSocketLike;
  opening?: Promise<TransportOutcome | undefined>;
}

const fail = wsFailure;

function maskedHost(url: string): string {
  try {
    return new URL(maskEndpoint(url)).host;
  } catch {
    return maskEndpoint(url);
  }
}

function abandon(ws: Ws, key: string, outcome: TransportOutcome): void {
  if (!ws.pending.has(key)) return;
  ws.abandoned.add(key);
  if (ws.abandoned.size > 256) ws.abandoned.delete(ws.abandoned.values().next().value as string);
  settle(ws, key, outcome);
}

function settle(ws: Ws, key: string, outcome: TransportOutcome): void {
  const p = ws.pending.get(key);
  if (!p) return;
  clearTimeout(p.timer);
  ws.pending.delete(key);
  p.resolve(outcome);
}

function onMessage(ws: Ws, data: unknown): void {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer);
  let key: string | undefined;
  try {
    const parsed = JSON.parse(text) as { id?: unknown; method?: string } | { id?: unknown }[];
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    if (first && first.id !== undefined && first.id !== null) key = JSON.stringify(first.id);
    if (!Array.isArray(parsed) && parsed.method === 'eth_subscription') return;
  } catch {
    // not JSON: hand it to the only waiting request, if there is exactly one
  }
  if (key !== undefined && ws.abandoned.delete(key)) return;
  if (key === undefined || !ws.pending.has(key)) {
    if (ws.pending.size !== 1) return;
    key = ws.pending.keys().next().value as string;
  }
  const p = ws.pending.get(key)!;
  settle(ws, key, textResponse(text, { status: null, durationMs: performance.now() - p.start }));
}

function onClose(ws: Ws, code: number, reason: string): void {
  ws.socket = undefined;
  ws.opening = undefined;
  const why = `The WebSocket connection to ${ws.host} closed (code ${code}${reason ? `, ${reason}` : ''}) before the node answered; the next request reconnects`;
  for (const [key, p] of [...ws.pending]) settle(ws, key, fail('closed', why, p.start));
}

/** Connects; undefined once the socket is open, else the failure every waiting request gets. */
async function open(ws: Ws, start: number): Promise<TransportOutcome | undefined> {
  const { Impl, user, host } = ws;
  if (!Impl)
    return fail(
      'network',
      'This environment has no WebSocket; pass WebSocketImpl (e.g. the ws package)',
      start,
    );
  if (user !== undefined && !ws.o.supportsHeaders) return fail('auth-unsupported', browserAuthMessage, start);
  const headers = user !== undefined ? { Authorization: basicAuthHeader(user, ws.password) } : undefined;
  const opened = await openWebSocket({
    Impl,
    url: ws.url,
    host,
    headers,
    start,
    onMessage: (data) => onMessage(ws, data),
    onClose: (code, reason) => onClose(ws, code, reason),
  });
  if ('problem' in opened) return opened.problem;
  ws.socket = opened.socket;
  return undefined;
}

/** Reserves `key` for a request, with its time limit; resolves with the request's outcome. */
function reserve(ws: Ws, key: string, request: JsonRpcRequest, start: number): Promise<TransportOutcome> {
  const limit = requestTimeLimit(request, ws.o.timeoutMs);
  return new Promise<TransportOutcome>((resolve) => {
    const timer =
      limit.ms === null
        ? undefined
        : setTimeout(
            () => abandon(ws, key, fail('timeout', timeoutMessage(ws.host, limit, ' over WebSocket'), start)),
            limit.ms,
          );
    ws.pending.set(key, { resolve, start, timer });
  });
}

async function send(ws: Ws, request: JsonRpcRequest, opts: SendOptions = {}): Promise<TransportOutcome> {
  const start = performance.now();
  const key = JSON.stringify(request.id);
  ws.abandoned.delete(key);
  if (ws.pending.has(key))
    return fail(
      'network',
      `A request with id ${key} is already in flight on this WebSocket; use distinct ids`,
      start,
    );
  if (opts.signal?.aborted) return fail('aborted', cancelledMessage, start);
  // The id is reserved before connecting, so concurrent sends with the same id are refused too.
  const outcome = reserve(ws, key, request, start);
  opts.signal?.addEventListener('abort', () => abandon(ws, key, fail('aborted', cancelledMessage, start)), {
    once: true,
  });
  if (!ws.socket) {
    ws.opening ??= open(ws, start);
    const problem = await ws.opening;
    ws.opening = undefined;
    if (problem) settle(ws, key, problem);
  }
  if (ws.pending.has(key)) {
    try {
      ws.socket!.send(serializeRequest(request));
    } catch (e) {
      settle(
        ws,
        key,
        fail('closed', `Sending over the WebSocket to ${ws.host} failed: ${(e as Error).message}`, start),
      );
    }
  }
  return outcome;
}

/**
 * Creates a JSON-RPC transport over one WebSocket: several requests may be in flight (answers are matched by id);
 * when the connection closes or drops, every pending request gets a clear failure, and the next send reconnects.
 */
export function createWsTransport(o: WsTransportOptions): Transport {
  const split = splitUrlCredentials(o.url);
  const ws: Ws = {
    o,
    Impl: o.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructorLike }).WebSocket,
    url: split.url,
    user: o.user || split.user,
    password: (o.user ? o.password : split.password) ?? '',
    host: maskedHost(o.url),
    pending: new Map(),
    abandoned: new Set(),
  };
  return {
    send: (request, opts) => send(ws, request, opts),
    close() {
      ws.socket?.close(1000, 'closed by the client');
      ws.socket = undefined;
    },
  };
}
