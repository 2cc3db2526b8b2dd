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
  bodyText: string;
  durationMs: number;
  sizeBytes: number;
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
  /** True when the request ran in a browser, where a CORS refusal looks exactly like a network error. */
  maybeCors?: boolean;
}
