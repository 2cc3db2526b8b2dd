import {
  type FailureReason,
  type TransportOutcome,
  textResponse,
} from '../../core/rpc/protocol/transportOutcome.ts';

/** The part of the WebSocket API used here (the browser's WebSocket and the `ws` package both provide it). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'error' | 'close', listener: (event: any) => void): void;
}

/** A WebSocket constructor; `ws` accepts a third `{headers}` argument, browsers ignore extra arguments. */
export type WebSocketConstructorLike = new (
  url: string,
  protocols?: string[],
  options?: { headers?: Record<string, string> },
) => WebSocketLike;

/** What {@link openWebSocket} needs. */
export interface OpenOptions {
  Impl: WebSocketConstructorLike;
  url: string;
  /** Shown in messages (masked). */
  host: string;
  headers?: Record<string, string>;
  start: number;
  onMessage(data: unknown): void;
  /** Called when an opened socket closes or drops. */
  onClose(code: number, reason: string): void;
}

/** A failure outcome measured from `start`. */
export function wsFailure(reason: FailureReason, message: string, start: number): TransportOutcome {
  return { kind: 'no-response', reason, message, durationMs: performance.now() - start };
}

/** The HTTP status in a `ws` "Unexpected server response: 401" error, if any. */
function upgradeStatus(event: { message?: string; error?: { message?: string } }): number | undefined {
  const m = /Unexpected server response: (\d{3})/.exec(event?.message ?? event?.error?.message ?? '');
  return m ? Number(m[1]) : undefined;
}

type ErrorEventLike = { message?: string; error?: { code?: string; message?: string } };

/** Turns an error before `open` into an outcome: an HTTP status for a refused upgrade, else a failure. */
function openError(ev: ErrorEventLike, host: string, start: number): TransportOutcome {
  const status = upgradeStatus(ev);
  const durationMs = performance.now() - start;
  if (status !== undefined) return textResponse('', { status, durationMs });
  if (ev?.error?.code === 'ECONNREFUSED') {
    return wsFailure(
      'refused',
      `Connection refused by ${host}: nothing listens there (node down or wrong port)`,
      start,
    );
  }
  const detail =
    ev?.message ??
    ev?.error?.message ??
    'the browser gives no reason (wrong URL or path, node down, TLS problem, or the upgrade was refused, e.g. 401)';
  return wsFailure('network', `Could not open a WebSocket to ${host}: ${detail}`, start);
}

/** Opens a WebSocket; resolves with the open socket, or with the outcome that explains why it did not open. */
export function openWebSocket(
  o: OpenOptions,
): Promise<{ socket: WebSocketLike } | { problem: TransportOutcome }> {
  return new Promise((resolve) => {
    let ws: WebSocketLike;
    try {
      ws = o.headers ? new o.Impl(o.url, [], { headers: o.headers }) : new o.Impl(o.url);
    } catch (e) {
      return resolve({
        problem: wsFailure(
          'network',
          `Cannot open a WebSocket to ${o.host}: ${(e as Error).message}`,
          o.start,
        ),
      });
    }
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
      resolve({ socket: ws });
    });
    ws.addEventListener('message', (ev: { data: unknown }) => o.onMessage(ev.data));
    ws.addEventListener('error', (ev: ErrorEventLike) => {
      if (!opened) resolve({ problem: openError(ev, o.host, o.start) });
    });
    ws.addEventListener('close', (ev: { code: number; reason?: string }) => {
      if (opened) o.onClose(ev.code, String(ev.reason ?? ''));
      else
        resolve({
          problem: wsFailure(
            'closed',
            `The WebSocket to ${o.host} closed before it opened (code ${ev.code})`,
            o.start,
          ),
        });
    });
  });
}
