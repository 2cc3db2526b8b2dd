// Parses JSON-RPC reply text off the main thread; only a summary (or a small value) comes back.
import { expose, type Endpoint } from 'comlink';
import { summarizeReply, type ReplySummary } from './summarizeReply.ts';

/** The reply parser worker's contract. */
export interface ParseReplyApi {
  /** Decodes UTF-8 bytes and summarizes the reply. */
  parse(bytes: ArrayBuffer): ReplySummary;
}

const api: ParseReplyApi = { parse: (bytes) => summarizeReply(new TextDecoder().decode(bytes)) };

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') expose(api, self as unknown as Endpoint);
