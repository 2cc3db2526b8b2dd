// Worker side of the sandbox: the node worker, started by the sandbox iframe, serves comlink on the MessagePort the
// page sent along (the page has no handle on a worker the iframe created).
import type { Endpoint } from 'comlink';
import type { SandboxPortMessage } from './sandboxProtocol.ts';

/** The subset of a worker scope this needs (a fake one in unit tests). */
export interface PortReceiver {
  addEventListener(
    type: 'message',
    listener: (e: { data: unknown; ports?: readonly unknown[] }) => void,
  ): void;
  removeEventListener(type: 'message', listener: (e: { data: unknown }) => void): void;
  /** Tells the sandbox iframe the worker is serving (it reports `sandbox-ready` to the page then). */
  postMessage(message: unknown): void;
}

function isPortMessage(data: unknown): data is SandboxPortMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'sandbox-port' &&
    typeof (data as { port?: { postMessage?: unknown } }).port?.postMessage === 'function'
  );
}

/**
 * Waits for the first `sandbox-port` message on `scope`, then calls `serve(port)` once and posts
 * `{ type: 'sandbox-worker-ready' }` on `scope`; other messages are ignored.
 */
export function acceptSandboxPort(scope: PortReceiver, serve: (port: Endpoint) => void): void {
  const onMessage = (e: { data: unknown }) => {
    if (!isPortMessage(e.data)) return;
    scope.removeEventListener('message', onMessage);
    const port = e.data.port;
    serve(port as unknown as Endpoint);
    port.start();
    scope.postMessage({ type: 'sandbox-worker-ready' });
  };
  scope.addEventListener('message', onMessage);
}
