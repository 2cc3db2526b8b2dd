import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkForwardRequest, loopGuardHeader } from './checkForwardRequest.ts';

/** A connect-style middleware, as vite's dev and preview servers take it. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Options of {@link createForwardMiddleware}. */
export interface ForwardMiddlewareOptions {
  /** Off: every request gets 403 with a message saying how to turn it on. Default: on unless TRACER_FORWARD=0. */
  enabled?: boolean;
  /** Largest request body forwarded (default 10 MB). */
  maxRequestBytes?: number;
  /** Time limit for the whole upstream exchange (default 5 minutes, longer than a node's own trace timeout). */
  timeoutMs?: number;
}

// Response headers worth passing on; WWW-Authenticate is renamed so the browser shows no login dialog.
// Content-Encoding is handled apart (see upstreamEncoding); Content-Length is never copied (the body is streamed).
const passedHeaders = ['content-type', 'retry-after'];

// The codings fetch (undici) decodes itself. It asks only for those (Accept-Encoding), so a node applies no other;
// with any other coding in the list (even `identity`) it decodes nothing and the bytes come through as sent.
const decodedCodings = new Set(['gzip', 'x-gzip', 'deflate', 'br', 'zstd']);

/**
 * The Content-Encoding to send with the body fetch gives us: none when fetch has already decoded it (every coding
 * is one it decodes), the upstream's own when the bytes come through as they were.
 */
function upstreamEncoding(up: Response): string | undefined {
  const value = up.headers.get('content-encoding');
  if (!value) return undefined;
  const codings = value.split(',').map((c) => c.trim().toLowerCase());
  return codings.every((c) => decodedCodings.has(c)) ? undefined : value;
}

function reply(res: ServerResponse, status: number, message: string, reason: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Forward-Error': reason });
  res.end(message + '\n');
}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Copies a fetch body to the response, waiting for the client when it is slower than the node. */
async function pipeBody(up: Response, res: ServerResponse) {
  const reader = up.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const };
    if (chunk.done) break;
    if (!res.write(chunk.value)) await new Promise((r) => res.once('drain', r));
  }
  res.end();
}

function describeFetchError(e: unknown, host: string, timedOut: boolean): string {
  if (timedOut) return `no complete answer from ${host} in time; the request was abandoned`;
  const err = e as { message?: string; cause?: { code?: string; message?: string } };
  if (err?.cause?.code === 'ECONNREFUSED') return `connection refused by ${host}: nothing listens there`;
  return `could not reach ${host}: ${err?.cause?.message ?? err?.message ?? String(e)}`;
}

async function forward(req: IncomingMessage, res: ServerResponse, o: Required<ForwardMiddlewareOptions>) {
  const decision = checkForwardRequest({
    method: req.method,
    remoteAddress: req.socket.remoteAddress,
    localPort: req.socket.localPort,
    headers: req.headers,
  });
  if (!decision.ok) return reply(res, decision.status, decision.message, 'refused');
  const body = await readBody(req, o.maxRequestBytes);
  if (!body)
    return reply(
      res,
      413,
      `Forwarding route: the request body is over ${o.maxRequestBytes} bytes`,
      'too-large',
    );
  const headers: Record<string, string> = {
    'Content-Type': req.headers['content-type'] ?? 'application/json',
    [loopGuardHeader]: '1',
  };
  if (req.headers.authorization) headers.Authorization = req.headers.authorization;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), o.timeoutMs);
  res.on('close', () => controller.abort());
  try {
    const up = await fetch(decision.target, {
      method: 'POST',
      headers,
      body: new Uint8Array(body),
      redirect: 'manual',
      signal: controller.signal,
    });
    const out: Record<string, string> = {};
    for (const name of passedHeaders) {
      const v = up.headers.get(name);
      if (v) out[name] = v;
    }
    const encoding = upstreamEncoding(up);
    if (encoding) out['content-encoding'] = encoding;
    const challenge = up.headers.get('www-authenticate');
    if (challenge) out['X-Forward-WWW-Authenticate'] = challenge;
    res.writeHead(up.status, out);
    await pipeBody(up, res);
  } catch (e) {
    const message = `Forwarding route: ${describeFetchError(e, decision.target.host, timedOut)}`;
    if (!res.headersSent) reply(res, 502, message, 'unreachable');
    else res.destroy();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The `/__forward` route: POSTs the request body to the node URL in `X-Forward-To` (http/https only) with the
 * request's Authorization, and answers with the node's status and body. Serves only loopback clients whose Host and
 * Origin are this server (no other web site can use it), never forwards to itself, answers no CORS preflight.
 */
export function createForwardMiddleware(options: ForwardMiddlewareOptions = {}): Middleware {
  const o: Required<ForwardMiddlewareOptions> = {
    enabled: options.enabled ?? process.env.TRACER_FORWARD !== '0',
    maxRequestBytes: options.maxRequestBytes ?? 10 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 300_000,
  };
  return (req, res, next) => {
    if (!o.enabled)
      return reply(
        res,
        403,
        'Forwarding route: turned off (TRACER_FORWARD=0 when the dev server started)',
        'off',
      );
    forward(req, res, o).catch(next);
  };
}
