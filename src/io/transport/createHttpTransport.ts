import { contentTypeOf, serializeRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import { badPortMessage, badPorts, portOf } from '../../core/rpc/endpoint/badPorts.ts';
import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { type TimeLimit, requestTimeLimit } from '../../core/rpc/protocol/requestTimeLimit.ts';
import type { FailureReason, TransportOutcome } from '../../core/rpc/protocol/transportOutcome.ts';
import { basicAuthHeader, isBrowserLike, splitUrlCredentials } from './basicAuth.ts';
import { type SendOptions, type Transport, cancelledMessage, timeoutMessage } from './transport.ts';

export type { Transport } from './transport.ts';

/** Options of {@link createHttpTransport}. */
export interface HttpTransportOptions {
  url: string;
  user?: string;
  password?: string;
  /** Time limit for the whole exchange, body included; default: the policy of requestTimeLimit. */
  timeoutMs?: number;
  /** Responses above this many bytes are not buffered (default 200 MB). */
  maxBytes?: number;
  /**
   * Send to this path of the page's own server instead (the dev/preview server's forwarding route), naming the
   * node in an `X-Forward-To` header: same origin, so no CORS in the way.
   */
  forwardPath?: string;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** Default response size cap: 200 MB. */
export const defaultMaxBytes = 200 * 1024 * 1024;

interface ErrorWithCause {
  name?: string;
  message?: string;
  code?: string;
  cause?: ErrorWithCause;
}

function failureReason(e: unknown): FailureReason {
  const err = e as ErrorWithCause;
  const code = err?.cause?.code ?? err?.code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  if (/CERT|TLS|SSL/i.test(code) || /certificate/i.test(err?.cause?.message ?? '')) return 'tls';
  return 'network';
}

function describeFailure(reason: FailureReason, host: string, e: unknown, limit: TimeLimit): string {
  const detail = (e as ErrorWithCause)?.cause?.message ?? (e as Error)?.message ?? String(e);
  switch (reason) {
    case 'refused':
      return `Connection refused by ${host}: nothing listens there (node down or wrong port)`;
    case 'dns':
      return `Host ${host} was not found (DNS lookup failed)`;
    case 'reset':
      return `The connection to ${host} closed before a complete response arrived`;
    case 'tls':
      return `TLS/certificate problem talking to ${host}: ${detail}`;
    case 'timeout':
      return timeoutMessage(host, limit);
    case 'aborted':
      return cancelledMessage;
    default:
      return isBrowserLike() ? noResponseInBrowser(host, detail) : `No response from ${host}: ${detail}`;
  }
}

/** What a browser's fetch failure means: the browser does not tell a dead node from a CORS refusal. */
function noResponseInBrowser(host: string, detail: string): string {
  return (
    `No response: the node is unreachable, or it does not allow this page's origin (CORS); the browser cannot ` +
    `tell which (${host}: ${detail}). Check the URL, port and TLS certificate (an http:// node cannot be reached ` +
    `from an https:// page); let the node or its proxy allow this page (geth: --http.corsdomain); or, when the playground runs from \`vite\` or \`vite preview\` on ` +
    `this machine, tick "Use the local forwarding route" for this endpoint.`
  );
}

/** Reads a body, counting bytes; stops at `maxBytes`. A body of declared length is read whole (off the main thread). */
async function readCapped(
  res: Response,
  maxBytes: number,
): Promise<{ body: ArrayBuffer } | { tooLarge: number; declared: boolean }> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return { tooLarge: declared, declared: true };
  }
  // A declared length may be a lie (or refer to the compressed body): the read below is still capped.
  if (Number.isFinite(declared) && !res.headers.get('content-encoding')) {
    const body = await res.arrayBuffer();
    return body.byteLength > maxBytes ? { tooLarge: body.byteLength, declared: false } : { body };
  }
  const reader = res.body?.getReader();
  if (!reader) return { body: new ArrayBuffer(0) };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { tooLarge: size, declared: false };
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return { body: all.buffer };
}

/** One transport's settings, fixed when it is created. */
interface Http {
  o: HttpTransportOptions;
  /** The URL without credentials. */
  url: string;
  user: string | undefined;
  password: string;
  maxBytes: number;
  fetchImpl: typeof fetch;
  /** The URL's port when fetch bars it (and no forwarding route is used), else null. */
  blockedPort: number | null;
  /** The endpoint's host with any secret masked, for messages. */
  host: string;
}

function createHttp(o: HttpTransportOptions): Http {
  const split = splitUrlCredentials(o.url);
  // fetch never sends to a port it bars and says only that it failed: name the port (in a browser, not CORS).
  const port = portOf(split.url);
  let host = maskEndpoint(split.url);
  try {
    host = new URL(host).host;
  } catch {
    // keep the masked text
  }
  return {
    o,
    url: split.url,
    user: o.user || split.user,
    password: (o.user ? o.password : split.password) ?? '',
    maxBytes: o.maxBytes ?? defaultMaxBytes,
    fetchImpl: o.fetch ?? globalThis.fetch.bind(globalThis),
    blockedPort: !o.forwardPath && port !== null && badPorts.has(port) ? port : null,
    host,
  };
}

/** The outcome of a request that got no response, worded for its reason. */
function failureOutcome(
  http: Http,
  reason: FailureReason,
  e: unknown,
  limit: TimeLimit,
  start: number,
): TransportOutcome {
  const { o, blockedPort } = http;
  return {
    kind: 'no-response',
    reason,
    message:
      o.forwardPath && reason === 'network'
        ? `No response from the forwarding route ${o.forwardPath} (${(e as Error)?.message}): is the dev/preview server that served this page still running?`
        : reason !== 'aborted' && reason !== 'timeout' && blockedPort !== null
          ? badPortMessage(blockedPort)
          : describeFailure(reason, http.host, e, limit),
    durationMs: performance.now() - start,
    ...(reason === 'network' && !o.forwardPath && isBrowserLike() && blockedPort === null
      ? { maybeCors: true }
      : {}),
  };
}

function requestHeaders(http: Http, request: Parameters<Transport['send']>[0]): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': contentTypeOf(request) };
  if (http.user !== undefined) headers.Authorization = basicAuthHeader(http.user, http.password);
  if (http.o.forwardPath) headers['X-Forward-To'] = http.url;
  return headers;
}

/** Reads the response's body (capped) into the outcome. */
async function responseOutcome(http: Http, res: Response, start: number): Promise<TransportOutcome> {
  const { maxBytes } = http;
  const read = await readCapped(res, maxBytes);
  if ('tooLarge' in read) {
    const message = `The response from ${http.host} is larger than ${Math.round(maxBytes / 1048576)} MB; reading stopped at ${read.tooLarge} bytes${read.declared ? ' (declared length)' : ''} (trace a smaller range or return less from result)`;
    return {
      kind: 'no-response',
      reason: 'too-large',
      message,
      durationMs: performance.now() - start,
      status: res.status,
      sizeBytes: read.tooLarge,
    };
  }
  const responseHeaders: Record<string, string> = {};
  res.headers.forEach((v, k) => (responseHeaders[k.toLowerCase()] = v));
  return {
    kind: 'response',
    status: res.status,
    headers: responseHeaders,
    body: read.body,
    durationMs: performance.now() - start,
  };
}

async function send(
  http: Http,
  request: Parameters<Transport['send']>[0],
  opts: SendOptions = {},
): Promise<TransportOutcome> {
  const start = performance.now();
  const limit = requestTimeLimit(request, http.o.timeoutMs);
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    limit.ms === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, limit.ms);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  const headers = requestHeaders(http, request);
  const failure = (reason: FailureReason, e: unknown) => failureOutcome(http, reason, e, limit, start);
  try {
    if (opts.signal?.aborted) return failure('aborted', undefined);
    const res = await http.fetchImpl(http.o.forwardPath ?? http.url, {
      method: 'POST',
      headers,
      body: serializeRequest(request),
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
    });
    return await responseOutcome(http, res, start);
  } catch (e) {
    if (timedOut) return failure('timeout', e);
    if (opts.signal?.aborted) return failure('aborted', e);
    return failure(failureReason(e), e);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Creates an HTTP(S) JSON-RPC transport: POST with basic auth (from options or `user:pass@` in the URL), the time
 * limit of requestTimeLimit covering the body, cancellation through `signal`, and a size cap counted while reading.
 */
export function createHttpTransport(o: HttpTransportOptions): Transport {
  const http = createHttp(o);
  return { send: (request, opts) => send(http, request, opts) };
}
