import { type DecodedRpcError, decodeRpcError } from './decodeRpcError.ts';
import type { JsonRpcId } from './jsonRpc.ts';
import { parseRpcBody } from './parseRpcBody.ts';
import { htmlTitle, httpError, isHtml, otherHttpError, preview } from './classifyHttpError.ts';
import { type TransportFailure, type TransportOutcome, responseText } from './transportOutcome.ts';

/** One failed transaction inside a successful block trace (`[{txHash, error}]`). */
export interface BlockTxError {
  index: number;
  txHash?: string;
  error: DecodedRpcError;
}

/** Timing and size of a response that arrived. */
export interface ResponseMeta {
  httpStatus: number | null;
  durationMs: number;
  sizeBytes: number;
}

/** A node answer interpreted. Every kind carries a plain-words `message`; each fault gets a distinct one. */
export type RpcResult =
  | ({ kind: 'ok'; result: unknown; txErrors: BlockTxError[]; message: string } & ResponseMeta)
  | { kind: 'unreachable'; reason: TransportFailure['reason']; message: string; durationMs: number }
  | ({
      kind: 'http-error';
      status: number;
      retryAfter?: string;
      bodyPreview: string;
      message: string;
    } & ResponseMeta)
  | ({ kind: 'invalid-json'; bodyPreview: string; message: string } & ResponseMeta)
  | ({ kind: 'id-mismatch'; expectedId: JsonRpcId; receivedId: unknown; message: string } & ResponseMeta)
  | ({ kind: 'batch-instead-of-object'; items: unknown[]; message: string } & ResponseMeta)
  | ({ kind: 'rpc-error'; error: DecodedRpcError; recovered?: string; message: string } & ResponseMeta);

/** What the classifier needs besides the outcome. */
export interface ClassifyOptions {
  /** The id that was sent; a different id in the answer is reported. */
  expectedId?: JsonRpcId;
  /** The method that was called (named in messages). */
  method?: string;
}

// The transport already words the failure (in a browser, with the CORS explanation: see maybeCors).
function unreachable(o: TransportFailure): RpcResult {
  return { kind: 'unreachable', reason: o.reason, message: o.message, durationMs: o.durationMs };
}

/**
 * Finds per-transaction errors in a block trace result. Only `debug_traceBlock*` results are per-transaction lists:
 * for any other named method an array of objects with an `error` field (a flat call trace of a reverting
 * transaction, a tracer's own list) is the tracer's output, not a failure.
 */
export function findBlockTxErrors(result: unknown, method?: string): BlockTxError[] {
  if (!Array.isArray(result)) return [];
  if (method !== undefined && !method.startsWith('debug_traceBlock')) return [];
  const out: BlockTxError[] = [];
  result.forEach((entry, index) => {
    if (!entry || typeof entry !== 'object' || !('error' in entry)) return;
    const e = entry as { txHash?: unknown; error?: unknown };
    if (e.error === null || e.error === undefined) return;
    const item: BlockTxError = { index, error: decodeRpcError(e.error, method) };
    if (typeof e.txHash === 'string') item.txHash = e.txHash;
    out.push(item);
  });
  return out;
}

function fromJson(value: unknown, meta: ResponseMeta, o: ClassifyOptions): RpcResult {
  if (Array.isArray(value)) {
    return {
      kind: 'batch-instead-of-object',
      items: value,
      ...meta,
      message: `The node answered with a batch (an array of ${value.length}) to a single request`,
    };
  }
  if (!value || typeof value !== 'object') {
    return {
      kind: 'invalid-json',
      bodyPreview: preview(JSON.stringify(value)),
      ...meta,
      message: 'The body is JSON but not a JSON-RPC response object',
    };
  }
  const v = value as Record<string, unknown>;
  const hasError = v.error !== undefined && v.error !== null;
  if (!hasError && !('result' in v)) {
    return {
      kind: 'invalid-json',
      bodyPreview: preview(JSON.stringify(value)),
      ...meta,
      message: 'The body is JSON but has neither result nor error: not a JSON-RPC response',
    };
  }
  const idOk = o.expectedId === undefined || v.id === o.expectedId || (hasError && v.id === null);
  if (!idOk) {
    return {
      kind: 'id-mismatch',
      expectedId: o.expectedId!,
      receivedId: v.id,
      ...meta,
      message: `The response id ${JSON.stringify(v.id)} does not match the request id ${JSON.stringify(o.expectedId)}: a proxy mixed up responses`,
    };
  }
  if (hasError) {
    const error = decodeRpcError(v.error, o.method);
    if ('result' in v && v.result !== null) {
      return {
        kind: 'rpc-error',
        error,
        recovered: 'both result and error',
        ...meta,
        message: `${error.message} (the node sent both a result and an error; the error is shown)`,
      };
    }
    return { kind: 'rpc-error', error, ...meta, message: error.message };
  }
  const txErrors = findBlockTxErrors(v.result, o.method);
  const message = txErrors.length
    ? `Success, but ${txErrors.length} transaction${txErrors.length === 1 ? '' : 's'} of the block failed to trace`
    : 'Success';
  return { kind: 'ok', result: v.result, txErrors, ...meta, message };
}

/** Interprets a transport outcome as a JSON-RPC answer. */
export function classifyResponse(outcome: TransportOutcome, options: ClassifyOptions = {}): RpcResult {
  if (outcome.kind === 'no-response') return unreachable(outcome);
  const meta: ResponseMeta = {
    httpStatus: outcome.status,
    durationMs: outcome.durationMs,
    sizeBytes: outcome.body.byteLength,
  };
  const status = outcome.status ?? 200;
  const early = httpError(outcome, meta, status);
  if (early) return early;
  if ((status < 200 || status >= 300) && isHtml(outcome)) return otherHttpError(outcome, meta, status);
  const parsed = parseRpcBody(responseText(outcome));
  if (parsed.kind === 'recovered') {
    const error = decodeRpcError(parsed.value.error, options.method);
    return {
      kind: 'rpc-error',
      error,
      recovered: parsed.how,
      ...meta,
      message: `${error.message} (recovered from a ${parsed.how})`,
    };
  }
  if (parsed.kind === 'invalid') {
    if (status < 200 || status >= 300) return otherHttpError(outcome, meta, status);
    if (isHtml(outcome)) {
      const title = htmlTitle(responseText(outcome));
      return {
        kind: 'invalid-json',
        bodyPreview: preview(responseText(outcome)),
        ...meta,
        message: `The server sent an HTML page${title ? ` ("${title}")` : ''} instead of JSON-RPC: wrong URL, or a login/captcha page in between`,
      };
    }
    return {
      kind: 'invalid-json',
      bodyPreview: preview(responseText(outcome)),
      ...meta,
      message: parsed.reason,
    };
  }
  const result = fromJson(parsed.value, meta, options);
  if (result.kind !== 'rpc-error' && result.kind !== 'ok' && (status < 200 || status >= 300)) {
    return otherHttpError(outcome, meta, status);
  }
  return result;
}
