/**
 * What a transport reports for one request, before any JSON-RPC interpretation. Produced by src/io/transport and
 * by anything else that can carry a request (the embedded node, a test double); read by classifyResponse.
 */
export type TransportOutcome = TransportResponse | TransportFailure;

/** A response arrived (HTTP status, or `null` for a WebSocket message). */
export interface TransportResponse {
  kind: 'response';
  status: number | null;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as received (UTF-8 bytes): an ArrayBuffer so that the page can hand it to a worker without a copy. */
  body: ArrayBuffer;
  durationMs: number;
}

/** Why no usable response arrived. */
export type FailureReason =
  | 'refused'
  | 'dns'
  | 'reset'
  | 'timeout'
  | 'aborted'
  | 'too-large'
  | 'tls'
  | 'closed'
  | 'auth-unsupported'
  | 'network';

/** No (complete) response: the request failed or was stopped. */
export interface TransportFailure {
  kind: 'no-response';
  reason: FailureReason;
  /** Plain-words description, already naming the endpoint (masked) where useful. */
  message: string;
  durationMs: number;
  /** For `too-large`: the HTTP status and the byte count at which reading stopped. */
  status?: number;
  sizeBytes?: number;
  /**
   * True when the request ran in a browser, where a CORS refusal looks exactly like a network error (the message
   * already says so; the flag lets a view offer the forwarding route).
   */
  maybeCors?: boolean;
}

const decoded = new WeakMap<ArrayBuffer, string>();

/** A response's body as text (decoded once per body, however many readers ask). */
export function responseText(r: Pick<TransportResponse, 'body'>): string {
  let text = decoded.get(r.body);
  if (text === undefined) {
    text = new TextDecoder().decode(r.body);
    decoded.set(r.body, text);
  }
  return text;
}

/** A response whose body arrived as text (a WebSocket message, the embedded node's answer, a test's body). */
export function textResponse(
  text: string,
  meta: { status?: number | null; headers?: Record<string, string>; durationMs?: number } = {},
): TransportResponse {
  const body = new TextEncoder().encode(text).buffer as ArrayBuffer;
  decoded.set(body, text);
  return {
    kind: 'response',
    status: meta.status === undefined ? 200 : meta.status,
    headers: meta.headers ?? {},
    body,
    durationMs: meta.durationMs ?? 0,
  };
}
