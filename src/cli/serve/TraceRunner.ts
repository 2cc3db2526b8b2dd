import type { TraceClient } from './TraceClient.ts';
import type { TraceRequest } from './TraceRequest.ts';

/** Where the server sends `debug_trace*` requests instead of answering them on its own thread. */
export interface TraceRunner {
  /**
   * Answers one trace request (never a batch) for `client`. Resolves to the JSON-RPC response text, or undefined for
   * a notification; never rejects (failures are JSON-RPC errors). Once `client.signal` aborts, the request is not run,
   * or is ended if it is running, and what it resolves to is no longer sent anywhere.
   */
  trace(request: TraceRequest, client: TraceClient): Promise<string | undefined>;
  /**
   * Records a change the server's own node made (a raw transaction's hex, or a request such as eth_sendTransaction or a
   * dev control: see journalEntryFor), so that every trace process applies it too, in the same order.
   */
  journal(entry: string): void;
}
