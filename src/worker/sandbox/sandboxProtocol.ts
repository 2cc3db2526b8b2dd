// The names the page, the sandbox iframe and the sandboxed worker agree on. sandbox.html repeats them by hand (it is
// a static file); test/unit/sandbox checks that it does.

/** The `name` the sandbox iframe gives the node worker: tells node.worker.ts to wait for its port. */
export const sandboxedWorkerName = 'sandboxed-embedded-node';

/**
 * Where the dev server (src/devserver/sandboxDevPlugin.ts) serves the node worker bundled as one classic script,
 * relative to the app's base; the built app uses the worker chunk instead.
 */
export const devNodeWorkerPath = '/__sandbox/node-worker.js';

/** The message the page posts to the iframe: the worker's code and the port comlink will talk over. */
export interface SandboxStartMessage {
  type: 'sandbox-start';
  code: string;
}

/** What the iframe posts back to the page (its parent) when the worker cannot start or fails. */
export interface SandboxStatusMessage {
  type: 'sandbox-ready' | 'sandbox-error';
  message?: string;
}

/** The message the iframe posts to the worker: the page's port, transferred. */
export interface SandboxPortMessage {
  type: 'sandbox-port';
  port: MessagePort;
}

/** What the worker posts to the iframe once it serves comlink on the port. */
export interface SandboxWorkerReadyMessage {
  type: 'sandbox-worker-ready';
}
