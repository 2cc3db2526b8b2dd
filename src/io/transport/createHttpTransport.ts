import { maskEndpoint } from '../../core/rpc/maskEndpoint.ts';
import type { FailureReason, TransportOutcome } from '../../core/rpc/transportOutcome.ts';
import { basicAuthHeader, isBrowserLike, splitUrlCredentials } from './basicAuth.ts';

/** Options of {@link createHttpTransport}. */
export interface HttpTransportOptions {
  url: string;
  user?: string;
  password?: string;
  /** Time limit for the whole exchange, body included (default 30 s). */
  timeoutMs?: number;
  /** Responses above this many bytes are not buffered (default 200 MB). */
  maxBytes?: number;
  /** Content-Type of requests (default application/json; Bitcoin-style endpoints use text/plain). */
  contentType?: string;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** A transport that POSTs one request body and reports what came back. Never throws. */
export interface Transport {
  send(body: string, options?: { signal?: AbortSignal; contentType?: string }): Promise<TransportOutcome>;
  close?(): void;
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

function describeFailure(reason: FailureReason, host: string, e: unknown, timeoutMs: number): string {
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
      return `No complete answer from ${host} within ${timeoutMs / 1000} s; the request was abandoned`;
    case 'aborted':
      return 'The request was cancelled';
    default:
      return `No response from ${host}: ${detail}`;
  }
}

/** Reads a body stream, counting bytes; stops at `maxBytes`. */
async function readCapped(
  res: Response,
  maxBytes: number,
): Promise<{ text: string; size: number } | { tooLarge: number }> {
  const reader = res.body?.getReader();
  if (!reader) return { text: '', size: 0 };
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { tooLarge: size };
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), size };
}

/**
 * Creates an HTTP(S) JSON-RPC transport: POST with basic auth (from options or `user:pass@` in the URL), a time limit
 * covering the body, cancellation through `signal`, and a size cap counted while streaming.
 */
export function createHttpTransport(o: HttpTransportOptions): Transport {
  const split = splitUrlCredentials(o.url);
  const user = o.user ?? split.user;
  const password = o.password ?? split.password ?? '';
  const timeoutMs = o.timeoutMs ?? 30_000;
  const maxBytes = o.maxBytes ?? defaultMaxBytes;
  const fetchImpl = o.fetch ?? globalThis.fetch.bind(globalThis);
  let host = maskEndpoint(o.url);
  try {
    host = new URL(maskEndpoint(o.url)).host;
  } catch {
    // keep the masked text
  }

  async function send(
    body: string,
    opts: { signal?: AbortSignal; contentType?: string } = {},
  ): Promise<TransportOutcome> {
    const start = performance.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const headers: Record<string, string> = {
      'Content-Type': opts.contentType ?? o.contentType ?? 'application/json',
    };
    if (user !== undefined) headers.Authorization = basicAuthHeader(user, password);
    const failure = (reason: FailureReason, e: unknown): TransportOutcome => ({
      kind: 'no-response',
      reason,
      message: describeFailure(reason, host, e, timeoutMs),
      durationMs: performance.now() - start,
      ...(reason === 'network' && isBrowserLike() ? { maybeCors: true } : {}),
    });
    try {
      if (opts.signal?.aborted) return failure('aborted', undefined);
      const res = await fetchImpl(split.url, { method: 'POST', headers, body, signal: controller.signal });
      // A declared length above the cap is refused before reading anything.
      const declared = Number(res.headers.get('content-length') ?? NaN);
      const read = declared > maxBytes ? { tooLarge: declared } : await readCapped(res, maxBytes);
      if (declared > maxBytes) await res.body?.cancel().catch(() => {});
      if ('tooLarge' in read) {
        const message = `The response from ${host} is larger than ${Math.round(maxBytes / 1048576)} MB; reading stopped at ${read.tooLarge} bytes${declared > maxBytes ? ' (declared length)' : ''} (trace a smaller range or return less from result)`;
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
        bodyText: read.text,
        durationMs: performance.now() - start,
        sizeBytes: read.size,
      };
    } catch (e) {
      if (timedOut) return failure('timeout', e);
      if (opts.signal?.aborted) return failure('aborted', e);
      return failure(failureReason(e), e);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }
  return { send };
}
