// Runs a worker script inside an opaque-origin iframe under a no-network CSP (sandbox.html) and gives the page a
// MessagePort to it. The page never holds the worker: removing the iframe ends it.
import sandboxPageUrl from './sandbox.html?url&no-inline';
import type { SandboxStatusMessage } from './sandboxProtocol.ts';

/** A worker started in the sandbox iframe. */
export interface SandboxedWorker {
  /** The page's end of the channel; the worker receives the other end in a `sandbox-port` message. */
  port: MessagePort;
  /** Resolves once the worker was created in the sandbox; rejects with an Error when it could not be. */
  ready: Promise<void>;
  /** The iframe (hidden) that owns the worker. */
  iframe: HTMLIFrameElement;
  /** Closes the port and removes the iframe, which ends the worker (safe to call twice). */
  terminate(): void;
}

/** Options for {@link startSandboxedWorker}. */
export interface SandboxOptions {
  /** Where the hidden iframe goes (default: document.body). */
  container?: HTMLElement;
  /** How long start-up (getting the code, loading the iframe) may take (default 20 s). */
  startTimeoutMs?: number;
}

function createIframe(container: HTMLElement): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  // allow-scripts only: no allow-same-origin, so the frame and its worker get an opaque origin.
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.setAttribute('tabindex', '-1');
  iframe.title = 'Embedded node sandbox';
  iframe.style.display = 'none';
  iframe.src = sandboxPageUrl;
  container.append(iframe);
  return iframe;
}

function loaded(iframe: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => iframe.addEventListener('load', () => resolve(), { once: true }));
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * Creates a hidden `<iframe sandbox="allow-scripts">` on sandbox.html and, once `code` (a self-contained module
 * script) is known, has the iframe start it as a blob worker; the worker inherits the iframe's opaque origin and CSP.
 */
export function startSandboxedWorker(code: Promise<string>, options: SandboxOptions = {}): SandboxedWorker {
  const channel = new MessageChannel();
  const iframe = createIframe(options.container ?? document.body);
  let stopped = false;
  let onStatus: ((e: MessageEvent) => void) | null = null;
  const start = async (): Promise<void> => {
    const [text] = await Promise.all([code, loaded(iframe)]);
    if (stopped) throw new Error('it was stopped before it started');
    const status = new Promise<void>((resolve, reject) => {
      onStatus = (e: MessageEvent) => {
        if (e.source !== iframe.contentWindow) return;
        const data = e.data as SandboxStatusMessage;
        if (data?.type === 'sandbox-ready') resolve();
        else if (data?.type === 'sandbox-error') {
          console.error(`Embedded node sandbox: ${data.message}`);
          reject(new Error(String(data.message)));
        }
      };
      window.addEventListener('message', onStatus);
    });
    // '*': an opaque origin has no name to target; only this iframe's window receives the port.
    iframe.contentWindow!.postMessage({ type: 'sandbox-start', code: text }, '*', [channel.port2]);
    await status;
  };
  const ready = withTimeout(start(), options.startTimeoutMs ?? 20_000, 'Starting').catch((err: Error) => {
    throw new Error(`Embedded node sandbox: ${err.message}`);
  });
  ready.catch(() => {}); // callers see the rejection through `ready`; never an unhandled one
  return {
    port: channel.port1,
    ready,
    iframe,
    terminate: () => {
      stopped = true;
      if (onStatus) window.removeEventListener('message', onStatus);
      channel.port1.close();
      iframe.remove(); // discarding the document also ends the worker it created
    },
  };
}
