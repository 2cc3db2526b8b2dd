import { classifyResponse, type ClassifyOptions, type RpcResult } from '../core/rpc/classifyResponse.ts';
import type { TransportOutcome } from '../core/rpc/transportOutcome.ts';

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
  /** Pretty-printed start of a large result. */
  preview?: string;
  /** Per-transaction errors of a block trace. */
  txErrors: { txHash: string; error: string }[];
  /** Raw error detail (node text, body preview). */
  detail?: string;
  /** For tracer errors, the node's error text (what mapNodeErrorToSource reads). */
  tracerErrorText?: string;
}

/** Replies above this many bytes are shown as a preview (the whole text stays downloadable). */
export const largeReplyBytes = 2_000_000;
// Laying out more text than this in the page costs a long main-thread task.
const previewChars = 60_000;

/** Classifies an outcome (in a worker for large replies) and keeps only what the page should receive. */
export function summarizeReply(outcome: TransportOutcome, options: ClassifyOptions = {}): ReplySummary {
  const r = classifyResponse(outcome, options);
  const base = {
    kind: r.kind,
    message: r.message,
    durationMs: r.durationMs,
    sizeBytes: 'sizeBytes' in r ? r.sizeBytes : 0,
    httpStatus: 'httpStatus' in r && r.httpStatus !== null ? r.httpStatus : undefined,
    txErrors: [] as ReplySummary['txErrors'],
  };
  if (r.kind === 'ok') {
    const txErrors = r.txErrors.map((t) => ({
      txHash: t.txHash ?? `transaction #${t.index}`,
      error: t.error.message,
    }));
    if (r.sizeBytes <= largeReplyBytes) return { ...base, txErrors, value: r.result };
    const pretty = JSON.stringify(r.result, null, 2) ?? 'null';
    const preview =
      pretty.length > previewChars
        ? pretty.slice(0, previewChars) + '\n… (preview cut here: download for the whole result)'
        : pretty;
    return { ...base, txErrors, preview };
  }
  if (r.kind === 'rpc-error') {
    const tracerError = /^tracer-/.test(r.error.category) || r.error.category === 'timeout';
    return {
      ...base,
      detail: r.error.rpcMessage,
      tracerErrorText: tracerError ? r.error.rpcMessage : undefined,
    };
  }
  if (r.kind === 'http-error' || r.kind === 'invalid-json') return { ...base, detail: r.bodyPreview };
  return base;
}
