/** Who a trace is run for: one connection (an HTTP keep-alive connection or a WebSocket). */
export interface TraceClient {
  /** Names the client in log lines, e.g. `HTTP 127.0.0.1:51234`. */
  id: string;
  /**
   * Aborted once the client has gone (its connection closed): its waiting traces are dropped, its running ones
   * ended, and the rest of its batches never started.
   */
  signal: AbortSignal;
}
