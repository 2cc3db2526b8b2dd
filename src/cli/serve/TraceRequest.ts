/** A `debug_trace*` request on its way to a trace process. */
export interface TraceRequest {
  /** The request object, as parsed by the server (for routing, its id and its timeout). */
  body: Record<string, unknown>;
  /**
   * The request's JSON text exactly as the client sent it (for a batch item, its slice of the batch). This, not
   * `body`, is what a trace process is sent: a string cannot fail to serialize, however deeply the client nested it.
   */
  text: string;
}
