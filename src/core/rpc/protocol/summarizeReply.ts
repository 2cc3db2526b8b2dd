import {
  classifyResponse,
  type ClassifyOptions,
  type ResponseMeta,
  type RpcResult,
} from './classifyResponse.ts';
import type { LineColumn } from './decodeRpcError.ts';
import type { SourceRange } from '../../diagnostics.ts';
import type { FlatTracer } from '../../flatten/flattenTracer.ts';
import { mapSentTracerError } from '../../flatten/mapNodeError.ts';
import { type TransportOutcome, type TransportResponse, responseText } from './transportOutcome.ts';

/**
 * A node's reply as the page and the CLI print it (one model for both; plain data: it comes from the parser worker
 * and History keeps it): the classified outcome, small values whole and large ones as a preview, and a tracer error
 * already mapped to a range of the source that was flattened and sent ({@link placeTracerError}).
 */
export interface Reply {
  kind: RpcResult['kind'];
  /** The method that was called, when known. */
  method?: string;
  /** The classifier's plain-words message. */
  message: string;
  httpStatus?: number;
  durationMs: number;
  sizeBytes: number;
  /** The result when small enough to send to the page. */
  value?: unknown;
  /** The start of a large result's raw text (shown only if its tree cannot be). */
  preview?: string;
  /** A large result's tree, kept in the parser worker: the page asks it for the rows it shows. */
  tree?: ResultTreeHandle;
  /** Per-transaction errors of a block trace (`index`: the transaction's position in the result array). */
  txErrors: { txHash: string; error: string; index: number }[];
  /** Raw error detail (node text, body preview). */
  detail?: string;
  /**
   * The node's tracer error: of an `rpc-error` whose category is a tracer's (syntax, shape, runtime, timeout), or of
   * an `ok` block trace its first failed transaction's.
   */
  tracerError?: ReplyTracerError;
}

/** A node's tracer error, as data. */
export interface ReplyTracerError {
  /** The node's own text. */
  text: string;
  /** The position the text names in the tracer as sent (1-based; line 1 without the `(` the node prepends). */
  sentAt?: LineColumn;
  /** For a runtime error: the JavaScript error, e.g. `TypeError: Cannot read property 'x' of undefined`. */
  jsError?: string;
  /**
   * Where it points in the source the sent tracer was flattened from (through that tracer's own position map, so
   * it stays right when the editor changed since); null when the text names no place in it; absent until placed.
   */
  place?: TracerErrorPlace | null;
}

/** A range of the sent tracer's source, and the node's message without its positions. */
export interface TracerErrorPlace {
  range: SourceRange;
  message: string;
}

/** Where the page reaches a large result's tree (see ResultTreeApi in src/worker/contracts.ts). */
export interface ResultTreeHandle {
  /** A comlink endpoint answering ResultTreeApi for this result only. */
  port: MessagePort;
  /** Rows visible at first (the root expanded). */
  size: number;
}

/** Replies above this many bytes are shown as a lazy tree kept in the worker (the whole text stays downloadable). */
export const largeReplyBytes = 2_000_000;
const previewChars = 2_000;

/** Classifies an outcome (in a worker for large replies) and keeps only what the page should receive. */
export function summarizeReply(outcome: TransportOutcome, options: ClassifyOptions = {}): Reply {
  return summarizeReplyKeepingValue(outcome, options).summary;
}

/** Like summarizeReply, and also gives a large result's parsed value (which the summary leaves out). */
export function summarizeReplyKeepingValue(
  outcome: TransportOutcome,
  options: ClassifyOptions = {},
): { summary: Reply; largeValue?: unknown } {
  const out = summarizeClassified(classifyResponse(outcome, options), outcome);
  if (options.method !== undefined) out.summary.method = options.method;
  return out;
}

/**
 * The reply with its tracer error placed in the source of `tracer`, the flattened tracer that was sent (null when
 * none was: the error stays unplaced). Pure: page and CLI call it on the reply to the request that carried `tracer`.
 */
export function placeTracerError(reply: Reply, tracer: FlatTracer | null): Reply {
  if (!reply.tracerError || !tracer) return reply;
  const place = mapSentTracerError(reply.tracerError.text, tracer);
  return { ...reply, tracerError: { ...reply.tracerError, place } };
}

function summarizeClassified(
  r: RpcResult,
  outcome: TransportOutcome,
): { summary: Reply; largeValue?: unknown } {
  // Every kind but 'unreachable' carries the response meta; a WebSocket message has status null.
  const meta: Partial<ResponseMeta> = r;
  const base = {
    kind: r.kind,
    message: r.message,
    durationMs: r.durationMs,
    sizeBytes: meta.sizeBytes ?? 0,
    httpStatus: meta.httpStatus ?? undefined,
    txErrors: [] as Reply['txErrors'],
  };
  if (r.kind === 'ok') {
    const txErrors = r.txErrors.map((t) => ({
      txHash: t.txHash ?? `transaction #${t.index}`,
      error: t.error.message,
      index: t.index,
    }));
    const first = r.txErrors[0]?.error;
    const tracerError = first ? tracerErrorOf(first.rpcMessage, first.position) : {};
    if (r.sizeBytes <= largeReplyBytes)
      return { summary: { ...base, txErrors, ...tracerError, value: r.result } };
    // Pretty-printing 50 MB would cost seconds: the preview is the raw text's start, the tree shows the rest.
    // An 'ok' came from a response, and its text (over 2 MB, so over 500,000 characters) is longer than the preview.
    const preview = responseText(outcome as TransportResponse).slice(0, previewChars) + '…';
    return { summary: { ...base, txErrors, ...tracerError, preview }, largeValue: r.result };
  }
  if (r.kind === 'rpc-error') {
    const isTracers = r.error.category.startsWith('tracer-') || r.error.category === 'timeout';
    const tracerError = isTracers ? tracerErrorOf(r.error.rpcMessage, r.error.position, r.error.jsError) : {};
    return { summary: { ...base, detail: r.error.rpcMessage, ...tracerError } };
  }
  if (r.kind === 'http-error' || r.kind === 'invalid-json')
    return { summary: { ...base, detail: r.bodyPreview } };
  return { summary: base };
}

function tracerErrorOf(text: string, sentAt?: LineColumn, jsError?: string): Pick<Reply, 'tracerError'> {
  const tracerError: ReplyTracerError = { text };
  if (sentAt) tracerError.sentAt = sentAt;
  if (jsError !== undefined) tracerError.jsError = jsError;
  return { tracerError };
}
