import type { Remote } from 'comlink';
import { wrap } from 'comlink';
import type { Endpoint } from '../state/appState.ts';
import type { TransportFailure } from '../core/rpc/transportOutcome.ts';
import { maskEndpoint } from '../core/rpc/maskEndpoint.ts';
import type { RawResponse } from './parseReply.worker.ts';

/** What sending one request gives: the response with its body as bytes, or why there is none. */
export type RawReply = { kind: 'response'; response: RawResponse } | TransportFailure;

/** The part of the embedded node worker's contract the page uses. */
export interface EmbeddedNode {
  request(body: string): Promise<unknown>;
  demoDefaults(): Promise<unknown>;
}

// Globbed so the page builds while the embedded node is being written; loaded on first use.
const nodeWorkers = import.meta.glob<new () => Worker>('../worker/node.worker.ts', {
  query: '?worker',
  import: 'default',
});
let embedded: Promise<Remote<EmbeddedNode> | null> | null = null;

/** The embedded node (started on first use), or null when it is not part of this build. */
export function getEmbeddedNode(): Promise<Remote<EmbeddedNode> | null> {
  embedded ??= (async () => {
    const load = Object.values(nodeWorkers)[0];
    if (!load) return null;
    const NodeWorker = await load();
    return wrap<EmbeddedNode>(new NodeWorker());
  })();
  return embedded;
}

function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
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
  try {
    const res = await fetch(e.url, {
      method: 'POST',
      headers,
      body,
      signal,
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
    return {
      kind: 'no-response',
      reason: 'network',
      message: `No response from ${maskEndpoint(e.url)} (${(err as Error).message})`,
      durationMs,
      maybeCors: true,
    };
  }
}

async function sendEmbedded(body: string, signal: AbortSignal, started: number): Promise<RawReply> {
  const node = await getEmbeddedNode();
  const elapsed = () => performance.now() - started;
  if (!node)
    return {
      kind: 'no-response',
      reason: 'network',
      message: 'The embedded node is not part of this build',
      durationMs: 0,
    };
  const cancelled = new Promise<RawReply>((resolve) =>
    signal.addEventListener('abort', () =>
      resolve({ kind: 'no-response', reason: 'aborted', message: 'Cancelled', durationMs: elapsed() }),
    ),
  );
  const run = (async (): Promise<RawReply> => {
    try {
      const reply = await node.request(body);
      const text = typeof reply === 'string' ? reply : JSON.stringify(reply);
      const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer;
      return {
        kind: 'response',
        response: {
          status: 200,
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
  return Promise.race([run, cancelled]);
}

/** Sends `body` to the endpoint (HTTP POST or the embedded node); never throws. */
export function sendToEndpoint(
  e: Endpoint,
  body: string,
  contentType: string,
  signal: AbortSignal,
): Promise<RawReply> {
  const started = performance.now();
  return e.kind === 'embedded'
    ? sendEmbedded(body, signal, started)
    : sendHttp(e, body, contentType, signal, started);
}
