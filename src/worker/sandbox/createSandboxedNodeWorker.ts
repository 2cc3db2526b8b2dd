// Page side of the sandbox: starts the embedded node worker inside an opaque-origin iframe under a no-network CSP, so
// the user tracer code it runs can read no saved endpoint or credential and send nothing anywhere.
import { wrap, type Remote } from 'comlink';
import type { NodeWorkerApi } from '../contracts.ts';
import builtWorkerUrl from '../node.worker.ts?worker&url';
import { checkSelfContainedScript } from './checkSelfContainedScript.ts';
import { gateRemote } from './gateRemote.ts';
import { devNodeWorkerPath } from './sandboxProtocol.ts';
import { startSandboxedWorker, type SandboxOptions } from './startSandboxedWorker.ts';

export type { SandboxOptions };

/** A running embedded node: its API, when it is ready, and how to stop it. */
export interface SandboxedNodeWorker {
  /** The node's comlink API; every call waits for start-up and rejects with a clear message when start-up failed. */
  api: Remote<NodeWorkerApi>;
  /** Resolves once the worker was created in the sandbox; rejects (with an Error) when it could not be. */
  ready: Promise<void>;
  /** Always true: the worker runs in the sandbox iframe, under the dev server as in the built app. */
  sandboxed: true;
  /** Stops the worker and removes the iframe (safe to call twice). */
  terminate(): void;
}

/**
 * The node worker as one self-contained script: the built worker chunk, or under the dev server the bundle that
 * src/devserver/sandboxDevPlugin.ts makes on demand (the dev server serves the worker itself as many ES modules).
 */
export const nodeWorkerUrl: string = import.meta.env.DEV
  ? `${import.meta.env.BASE_URL.replace(/\/$/, '')}${devNodeWorkerPath}`
  : builtWorkerUrl;

/** Fetches the node worker (one self-contained script, no imports or exports) as text. */
export async function fetchNodeWorkerCode(url: string = nodeWorkerUrl): Promise<string> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`could not load the embedded node's code (${url}: HTTP ${res.status})`);
  const code = await res.text();
  const problem = checkSelfContainedScript(code, url);
  if (problem) throw new Error(problem);
  return code;
}

// Restarts (after a cancel or a hung tracer) reuse the code; a failed fetch is retried next time.
let cachedCode: Promise<string> | null = null;
function nodeWorkerCode(): Promise<string> {
  cachedCode ??= fetchNodeWorkerCode().catch((err: unknown) => {
    cachedCode = null;
    throw err;
  });
  return cachedCode;
}

/**
 * Starts the embedded node worker in a sandbox: a hidden `<iframe sandbox="allow-scripts">` (opaque origin) whose
 * CSP allows no network creates the worker from a blob of the built worker code; comlink talks to it over a
 * MessagePort. Returns at once (calls wait for start-up); `terminate()` removes the worker and the iframe. The same
 * under the Vite dev server, whose plugin serves the worker as one script ({@link nodeWorkerUrl}).
 */
export function createSandboxedNodeWorker(options: SandboxOptions = {}): SandboxedNodeWorker {
  const sandbox = startSandboxedWorker(nodeWorkerCode(), options);
  return {
    api: gateRemote(wrap<NodeWorkerApi>(sandbox.port), sandbox.ready),
    ready: sandbox.ready,
    sandboxed: true,
    terminate: sandbox.terminate,
  };
}
