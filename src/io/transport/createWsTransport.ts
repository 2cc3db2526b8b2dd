import { type JsonRpcRequest, serializeRequest } from '../../core/rpc/jsonRpc.ts';
import { maskEndpoint } from '../../core/rpc/maskEndpoint.ts';
import { requestTimeLimit } from '../../core/rpc/requestTimeLimit.ts';
import { type TransportOutcome, textResponse } from '../../core/rpc/transportOutcome.ts';
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

/**
 * Creates a JSON-RPC transport over one WebSocket: several requests may be in flight (answers are matched by id);
 * when the connection closes or drops, every pending request gets a clear failure, and the next send reconnects.
 */
export function createWsTransport(o: WsTransportOptions): Transport {
  const Impl = o.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructorLike }).WebSocket;
  const split = splitUrlCredentials(o.url);
  const user = o.user || split.user;
  const password = (o.user ? o.password : split.password) ?? '';
  const host = (() => {
    try {
      return new URL(maskEndpoint(o.url)).host;
    } catch {
      return maskEndpoint(o.url);
    }
  })();
  const pending = new Map<string, Pending>();
  // Ids given up on (timed out or cancelled): their late answers are dropped instead of being taken for another
  // request's. Bounded, oldest first out.
  const abandoned = new Set<string>();
  let socket: WebSocketLike | undefined;
  let opening: Promise<TransportOutcome | undefined> | undefined;

  const fail = wsFailure;

  function abandon(key: string, outcome: TransportOutcome) {
    if (!pending.has(key)) return;
    abandoned.add(key);
    if (abandoned.size > 256) abandoned.delete(abandoned.values().next().value as string);
    settle(key, outcome);
  }

  function settle(key: string, outcome: TransportOutcome) {
    const p = pending.get(key);
    if (!p) return;
    clearTimeout(p.timer);
    pending.delete(key);
    p.resolve(outcome);
  }

  function onMessage(data: unknown) {
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
    if (key !== undefined && abandoned.delete(key)) return;
    if (key === undefined || !pending.has(key)) {
      if (pending.size !== 1) return;
      key = pending.keys().next().value as string;
    }
    const p = pending.get(key)!;
    settle(key, textResponse(text, { status: null, durationMs: performance.now() - p.start }));
  }

  function onClose(code: number, reason: string) {
    socket = undefined;
    opening = undefined;
    const why = `The WebSocket connection to ${host} closed (code ${code}${reason ? `, ${reason}` : ''}) before the node answered; the next request reconnects`;
    for (const [key, p] of [...pending]) settle(key, fail('closed', why, p.start));
  }

  async function open(start: number): Promise<TransportOutcome | undefined> {
    if (!Impl)
      return fail(
        'network',
        'This environment has no WebSocket; pass WebSocketImpl (e.g. the ws package)',
        start,
      );
    if (user !== undefined && !o.supportsHeaders) return fail('auth-unsupported', browserAuthMessage, start);
    const headers = user !== undefined ? { Authorization: basicAuthHeader(user, password) } : undefined;
    const opened = await openWebSocket({ Impl, url: split.url, host, headers, start, onMessage, onClose });
    if ('problem' in opened) return opened.problem;
    socket = opened.socket;
    return undefined;
  }

  async function send(request: JsonRpcRequest, opts: SendOptions = {}): Promise<TransportOutcome> {
    const start = performance.now();
    const key = JSON.stringify(request.id);
    abandoned.delete(key);
    if (pending.has(key))
      return fail(
        'network',
        `A request with id ${key} is already in flight on this WebSocket; use distinct ids`,
        start,
      );
    if (opts.signal?.aborted) return fail('aborted', cancelledMessage, start);
    const limit = requestTimeLimit(request, o.timeoutMs);
    // The id is reserved before connecting, so concurrent sends with the same id are refused too.
    const outcome = new Promise<TransportOutcome>((resolve) => {
      const timer =
        limit.ms === null
          ? undefined
          : setTimeout(
              () => abandon(key, fail('timeout', timeoutMessage(host, limit, ' over WebSocket'), start)),
              limit.ms,
            );
      pending.set(key, { resolve, start, timer });
    });
    opts.signal?.addEventListener('abort', () => abandon(key, fail('aborted', cancelledMessage, start)), {
      once: true,
    });
    if (!socket) {
      opening ??= open(start);
      const problem = await opening;
      opening = undefined;
      if (problem) settle(key, problem);
    }
    if (pending.has(key)) {
      try {
        socket!.send(serializeRequest(request));
      } catch (e) {
        settle(
          key,
          fail('closed', `Sending over the WebSocket to ${host} failed: ${(e as Error).message}`, start),
        );
      }
    }
    return outcome;
  }

  return {
    send,
    close() {
      socket?.close(1000, 'closed by the client');
      socket = undefined;
    },
  };
}
