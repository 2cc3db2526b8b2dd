// Parses and classifies JSON-RPC replies off the main thread; only a summary (or a small value) comes back.
import { expose, transfer, type Endpoint } from 'comlink';
import type { ClassifyOptions } from '../core/rpc/classifyResponse.ts';
import { summarizeReply, type ReplySummary } from './summarizeReply.ts';

/** A response as received, with its body still as bytes. */
export interface RawResponse {
  status: number | null;
  headers: Record<string, string>;
  body: ArrayBuffer;
  durationMs: number;
}

/** The reply parser worker's contract. */
export interface ParseReplyApi {
  /** Decodes the UTF-8 body, classifies the reply and summarizes it; the body bytes are handed back (transferred). */
  parse(response: RawResponse, options: ClassifyOptions): { summary: ReplySummary; body: ArrayBuffer };
}

const api: ParseReplyApi = {
  parse(response, options) {
    const bodyText = new TextDecoder().decode(response.body);
    const summary = summarizeReply(
      {
        kind: 'response',
        status: response.status,
        headers: response.headers,
        bodyText,
        durationMs: response.durationMs,
        sizeBytes: response.body.byteLength,
      },
      options,
    );
    return transfer({ summary, body: response.body }, [response.body]);
  },
};

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') expose(api, self as unknown as Endpoint);
