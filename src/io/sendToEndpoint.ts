import type { Remote } from 'comlink';
import type { NodeWorkerApi, RawResponse } from '../worker/contracts.ts';
import {
  createSandboxedNodeWorker,
  type SandboxedNodeWorker,
} from '../worker/sandbox/createSandboxedNodeWorker.ts';
import type { Endpoint } from '../core/rpc/endpoint.ts';
import type { TransportFailure } from '../core/rpc/transportOutcome.ts';
import { maskEndpoint, secretMask } from '../core/rpc/maskEndpoint.ts';
import { parseGoDuration } from '../core/rpc/parseGoDuration.ts';
import { createWsTransport } from './transport/createWsTransport.ts';

/** What sending one request gives: the response with its body as bytes, or why there is none. */
export type RawReply = { kind: 'response'; response: RawResponse } | TransportFailure;

let embedded: SandboxedNodeWorker | null = null;
// The fixture the embedded node serves (null: the demo chain), so that a restarted worker serves it again.
let servedFixture: string | null = null;

/** The embedded node's calls, whichever worker currently answers them. */
export type EmbeddedNodeClient = NodeWorkerApi;

function currentWorker(): Remote<NodeWorkerApi> {
  if (!embedded) {
    embedded = createSandboxedNodeWorker();
    // After a cancel the new worker comes back with what the old one served; calls made meanwhile wait for it
    // (the worker switches its node before it answers anything else).
    if (servedFixture !== null) void embedded.api.loadFixture(servedFixture).catch(() => undefined);
  }
  return embedded.api;
}

const client: EmbeddedNodeClient = {
  request: (body) => currentWorker().request(body),
  demoDefaults: () => currentWorker().demoDefaults(),
  loadFixture: async (json) => {
    const defaults = await currentWorker().loadFixture(json);
    servedFixture = json;
    return defaults;
  },
  resetToDemo: async () => {
    servedFixture = null;
    return currentWorker().resetToDemo();
  },
};

/**
 * The embedded node (its worker is started on first use, and again after a cancel terminated it, serving the same
 * fixture). It runs in an opaque-origin sandboxed iframe with a no-network CSP, and tracer code runs in a QuickJS
 * realm inside it (see src/worker/sandbox/README.md and src/evm/host/README.md).
 */
export function getEmbeddedNode(): EmbeddedNodeClient {
  return client;
}

// User tracer code runs in the node worker: a cancelled (maybe endless) trace is stopped by terminating it.
function stopEmbeddedNode(): void {
  embedded?.terminate();
  embedded = null;
}

function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

/** Why an endpoint whose key was not kept on this device is not sent to. */
export const forgottenKeyMessage =
  "Not sent: the API key in this endpoint's URL was not remembered on this device. Edit the endpoint and paste " +
  'the full URL again (tick "Remember secrets on this device" to keep it).';

/** Path of the dev/preview server's forwarding route (src/devserver). */
export const forwardPath = '/__forward';

/** What the page says when a fetch got no response at all: the browser does not tell a dead node from CORS. */
export function noResponseMessage(where: string, browserText: string): string {
  return (
    `No response: the node is unreachable, or it does not allow this page's origin (CORS); the browser cannot ` +
    `tell which (${where}: ${browserText}). Check the URL, port and TLS certificate; let the node or its proxy ` +
    `allow this page (geth: --http.corsdomain); or, when the playground runs from \`vite\` or \`vite preview\` on ` +
    `this machine, tick "Use the local forwarding route" for this endpoint.`
  );
}

async function sendHttp(
  e: Endpoint,
  body: string,
  contentType: string,
  signal: AbortSignal,
  started: number,
): Promise<RawReply> {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (e.user) headers.Authorization = basicAuth(e.user, e.password);
  // The route on the server this page came from passes the request on: same origin, so no CORS in the way.
  if (e.forward) headers['X-Forward-To'] = e.url;
  const limitMs = httpLimitMs(body);
  const timer = limitMs === null ? null : AbortSignal.timeout(limitMs);
  try {
    const res = await fetch(e.forward ? forwardPath : e.url, {
      method: 'POST',
      headers,
      body,
      // The limit covers reading the body too: a node that sends headers and then stalls is abandoned as well.
      signal: timer ? AbortSignal.any([signal, timer]) : signal,
      credentials: 'omit',
      cache: 'no-store',
    });
    const bytes = await res.arrayBuffer();
    const h: Record<string, string> = {};
    res.headers.forEach((v, k) => (h[k.toLowerCase()] = v));
    return {
      kind: 'response',
      response: { status: res.status, headers: h, body: bytes, durationMs: performance.now() - started },
    };
  } catch (err) {
    const durationMs = performance.now() - started;
    if (signal.aborted) return { kind: 'no-response', reason: 'aborted', message: 'Cancelled', durationMs };
    const where = e.forward ? `the forwarding route ${forwardPath}` : maskEndpoint(e.url);
    if (timer?.aborted)
      return {
        kind: 'no-response',
        reason: 'timeout',
        message: `No complete answer from ${maskEndpoint(e.url)} within ${(limitMs ?? 0) / 1000} s (the tracer timeout plus a margin); the request was abandoned`,
        durationMs,
      };
    return {
      kind: 'no-response',
      reason: 'network',
      message: e.forward
        ? `No response from ${where} (${(err as Error).message}): is the dev/preview server that served this page still running?`
        : noResponseMessage(where, (err as Error).message),
      durationMs,
    };
  }
}

async function sendEmbedded(body: string, signal: AbortSignal, started: number): Promise<RawReply> {
  const node = getEmbeddedNode();
  const elapsed = () => performance.now() - started;
  const cancelled = new Promise<RawReply>((resolve) =>
    signal.addEventListener('abort', () => {
      stopEmbeddedNode();
      resolve({
        kind: 'no-response',
        reason: 'aborted',
        message: 'Cancelled (the embedded node was restarted)',
        durationMs: elapsed(),
      });
    }),
  );
  const run = (async (): Promise<RawReply> => {
    try {
      const reply = await node.request(JSON.parse(body));
      const bytes = new TextEncoder().encode(JSON.stringify(reply ?? null)).buffer as ArrayBuffer;
      return {
        kind: 'response',
        response: {
          status: null, // no HTTP in between, as for a WebSocket message
          headers: { 'content-type': 'application/json' },
          body: bytes,
          durationMs: elapsed(),
        },
      };
    } catch (err) {
      return {
        kind: 'no-response',
        reason: 'network',
        message: `Embedded node: ${(err as Error).message}`,
        durationMs: elapsed(),
      };
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watchdog = new Promise<RawReply>((resolve) => {
    const limit = watchdogMs(body);
    timer = setTimeout(() => {
      stopEmbeddedNode();
      resolve({
        kind: 'no-response',
        reason: 'timeout',
        message: `The embedded node did not answer within ${Math.round(limit / 1000)} s (tracer timeout plus a margin); it was stopped and restarted`,
        durationMs: elapsed(),
      });
    }, limit);
  });
  return Promise.race([run, cancelled, watchdog]).finally(() => clearTimeout(timer));
}

// The node enforces the tracer's own timeout; this page-side limit catches what instrumentation cannot interrupt.
const watchdogMarginMs = 10_000;

/** How long the page waits for the embedded node: the request's Go-duration timeout (geth default 5s) plus a margin. */
export function watchdogMs(body: string): number {
  let timeout: unknown;
  try {
    const params = (JSON.parse(body) as { params?: unknown[] }).params ?? [];
    const last = params[params.length - 1] as { timeout?: unknown } | null;
    timeout = last && typeof last === 'object' ? last.timeout : undefined;
  } catch {
    return 5_000 + watchdogMarginMs;
  }
  const parsed = typeof timeout === 'string' ? parseGoDuration(timeout) : null;
  const ms = parsed?.ok ? Number(parsed.value / 1_000_000n) : 5_000;
  return Math.max(0, ms) + watchdogMarginMs;
}

/**
 * How long the page waits for an HTTP node: {@link watchdogMs} (the request's timeout plus a margin), or no limit
 * for block traces, where geth applies the timeout to each transaction (the user cancels those).
 */
export function httpLimitMs(body: string): number | null {
  let method: unknown;
  try {
    method = (JSON.parse(body) as { method?: unknown }).method;
  } catch {
    method = undefined;
  }
  if (typeof method === 'string' && method.startsWith('debug_traceBlock')) return null;
  return watchdogMs(body);
}

async function sendWs(
  e: Endpoint,
  body: string,
  contentType: string,
  signal: AbortSignal,
): Promise<RawReply> {
  const transport = createWsTransport({
    url: e.wsUrl,
    user: e.user || undefined,
    password: e.password || undefined,
  });
  try {
    const outcome = await transport.send(body, { signal, contentType });
    if (outcome.kind === 'no-response') return outcome;
    const bytes = new TextEncoder().encode(outcome.bodyText).buffer as ArrayBuffer;
    return {
      kind: 'response',
      response: {
        status: outcome.status,
        headers: outcome.headers,
        body: bytes,
        durationMs: outcome.durationMs,
      },
    };
  } finally {
    transport.close?.();
  }
}

/** Sends `body` to the endpoint (HTTP POST or the embedded node); never throws. */
export function sendToEndpoint(
  e: Endpoint,
  body: string,
  contentType: string,
  signal: AbortSignal,
): Promise<RawReply> {
  const started = performance.now();
  if (e.kind === 'embedded') return sendEmbedded(body, signal, started);
  const url = e.preferWs && e.wsUrl ? e.wsUrl : e.url;
  if (url.includes(secretMask))
    return Promise.resolve({
      kind: 'no-response',
      reason: 'network',
      message: forgottenKeyMessage,
      durationMs: 0,
    });
  return e.preferWs && e.wsUrl
    ? sendWs(e, body, contentType, signal)
    : sendHttp(e, body, contentType, signal, started);
}
