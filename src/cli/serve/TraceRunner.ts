/** Where the server sends `debug_trace*` requests instead of answering them on its own thread. */
export interface TraceRunner {
  /**
   * Answers one trace request object (never a batch). Resolves to the JSON-RPC response text, or undefined for a
   * notification; never rejects (failures are JSON-RPC errors).
   */
  trace(request: Record<string, unknown>): Promise<string | undefined>;
  /** Records a raw transaction that the server's own node accepted, so that every trace process applies it too. */
  journal(rawTx: string): void;
}
