import { proxy, type Remote } from 'comlink';
import type { NodeWorkerApi } from '../worker/contracts.ts';
import {
  createSandboxedNodeWorker,
  type SandboxedNodeWorker,
} from '../worker/sandbox/createSandboxedNodeWorker.ts';
import type { EmbeddedNodeHandle } from './transport/createEmbeddedTransport.ts';

let embedded: SandboxedNodeWorker | null = null;
// The fixture the embedded node serves (null: the demo chain), so that a restarted worker serves it again.
let servedFixture: string | null = null;

/** The embedded node's calls, whichever worker currently answers them. */
export type EmbeddedNodeClient = NodeWorkerApi;

function currentWorker(): Remote<NodeWorkerApi> {
  if (!embedded) {
    embedded = createSandboxedNodeWorker();
    // After a restart the new worker comes back with what the old one served; calls made meanwhile wait for it
    // (the worker switches its node before it answers anything else).
    if (servedFixture !== null) void embedded.api.loadFixture(servedFixture).catch(() => undefined);
  }
  return embedded.api;
}

// User tracer code runs in the node worker: a cancelled (maybe endless) trace is stopped by terminating it.
function restart(): void {
  embedded?.terminate();
  embedded = null;
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
  // The worker calls `ask` back across the boundary (comlink proxy): it gets a function, not the page's transport.
  traceOnUpstream: (request, ask, cacheKey) => currentWorker().traceOnUpstream(request, proxy(ask), cacheKey),
  debugTrace: (request, options) => currentWorker().debugTrace(request, options),
};

/**
 * The embedded node (its worker is started on first use, and again after a cancel terminated it, serving the same
 * fixture). It runs in an opaque-origin sandboxed iframe with a no-network CSP, and tracer code runs in a QuickJS
 * realm inside it (see src/worker/sandbox/README.md and src/evm/host/README.md).
 */
export function getEmbeddedNode(): EmbeddedNodeClient {
  return client;
}

/** The embedded node as its transport sees it (see createEmbeddedTransport). */
export const embeddedNodeHandle: EmbeddedNodeHandle = {
  request: (request) => client.request(request),
  restart,
};
