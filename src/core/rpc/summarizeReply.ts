import {
  classifyResponse,
  type ClassifyOptions,
  type ResponseMeta,
  type RpcResult,
} from './classifyResponse.ts';
import { type TransportOutcome, type TransportResponse, responseText } from './transportOutcome.ts';

/** What the result viewer needs from a classified reply: small values whole, large ones as a preview. */
export interface ReplySummary {
  kind: RpcResult['kind'];
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
  /** For tracer errors, the node's error text (what mapNodeErrorToSource reads). */
  tracerErrorText?: string;
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
export function summarizeReply(outcome: TransportOutcome, options: ClassifyOptions = {}): ReplySummary {
  return summarizeReplyKeepingValue(outcome, options).summary;
}

/** Like summarizeReply, and also gives a large result's parsed value (which the summary leaves out). */
export function summarizeReplyKeepingValue(
  outcome: TransportOutcome,
  options: ClassifyOptions = {},
): { summary: ReplySummary; largeValue?: unknown } {
  return summarizeClassified(classifyResponse(outcome, options), outcome);
}

function summarizeClassified(
  r: RpcResult,
  outcome: TransportOutcome,
): { summary: ReplySummary; largeValue?: unknown } {
  // Every kind but 'unreachable' carries the response meta; a WebSocket message has status null.
  const meta: Partial<ResponseMeta> = r;
  const base = {
    kind: r.kind,
    message: r.message,
    durationMs: r.durationMs,
    sizeBytes: meta.sizeBytes ?? 0,
    httpStatus: meta.httpStatus ?? undefined,
    txErrors: [] as ReplySummary['txErrors'],
  };
  if (r.kind === 'ok') {
    const txErrors = r.txErrors.map((t) => ({
      txHash: t.txHash ?? `transaction #${t.index}`,
      error: t.error.message,
      index: t.index,
    }));
    if (r.sizeBytes <= largeReplyBytes) return { summary: { ...base, txErrors, value: r.result } };
    // Pretty-printing 50 MB would cost seconds: the preview is the raw text's start, the tree shows the rest.
    // An 'ok' came from a response, and its text (over 2 MB, so over 500,000 characters) is longer than the preview.
    const preview = responseText(outcome as TransportResponse).slice(0, previewChars) + '…';
    return { summary: { ...base, txErrors, preview }, largeValue: r.result };
  }
  if (r.kind === 'rpc-error') {
    const tracerError = r.error.category.startsWith('tracer-') || r.error.category === 'timeout';
    return {
      summary: {
        ...base,
        detail: r.error.rpcMessage,
        tracerErrorText: tracerError ? r.error.rpcMessage : undefined,
      },
    };
  }
  if (r.kind === 'http-error' || r.kind === 'invalid-json')
    return { summary: { ...base, detail: r.bodyPreview } };
  return { summary: base };
}
