import type { Remote } from 'comlink';
import { wrap } from 'comlink';
import type { Endpoint } from '../state/appState.ts';

/** The raw outcome of sending one request: the reply text, or why there is none. */
export type RawReply =
  | { kind: 'reply'; httpStatus: number; text: string; durationMs: number }
  | { kind: 'failed'; reason: 'network' | 'cancelled' | 'timeout'; message: string; durationMs: number };

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
    const text = await res.text();
    return { kind: 'reply', httpStatus: res.status, text, durationMs: performance.now() - started };
  } catch (err) {
    const durationMs = performance.now() - started;
    if (signal.aborted) return { kind: 'failed', reason: 'cancelled', message: 'Cancelled', durationMs };
    return {
      kind: 'failed',
      reason: 'network',
      message: `${(err as Error).message}. The node may be down, the URL wrong, or the node may not allow requests from this page (CORS).`,
      durationMs,
    };
  }
}

async function sendEmbedded(body: string, signal: AbortSignal, started: number): Promise<RawReply> {
  const node = await getEmbeddedNode();
  if (!node)
    return {
      kind: 'failed',
      reason: 'network',
      message: 'The embedded node is not available in this build.',
      durationMs: 0,
    };
  const cancelled = new Promise<RawReply>((resolve) =>
    signal.addEventListener('abort', () =>
      resolve({
        kind: 'failed',
        reason: 'cancelled',
        message: 'Cancelled',
        durationMs: performance.now() - started,
      }),
    ),
  );
  const run = (async (): Promise<RawReply> => {
    try {
      const reply = await node.request(body);
      const text = typeof reply === 'string' ? reply : JSON.stringify(reply);
      return { kind: 'reply', httpStatus: 200, text, durationMs: performance.now() - started };
    } catch (err) {
      return {
        kind: 'failed',
        reason: 'network',
        message: `Embedded node: ${(err as Error).message}`,
        durationMs: performance.now() - started,
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
