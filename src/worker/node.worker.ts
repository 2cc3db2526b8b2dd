// The embedded-node worker: a real EVM answering geth-style JSON-RPC, off the main thread. User tracer code runs
// here, so the page can terminate and recreate this worker when a trace hangs past its timeout.
import { expose, type Endpoint } from 'comlink';
import { createEmbeddedNode } from '../evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../evm/node/createEmbeddedNode.ts';
import type { FixtureDefaults } from '../core/fixture/fixtureTypes.ts';
import type { DemoDefaults } from '../evm/node/demoDefaults.ts';
import { loadFixture } from '../core/fixture/loadFixture.ts';
import bigIntSource from 'big-integer/BigInteger.min.js?raw';
import { createQuickJsRealmFactory } from '../evm/host/realm/createQuickJsRealm.ts';
import { acceptSandboxPort, type PortReceiver } from './sandbox/acceptSandboxPort.ts';
import { lockDownGlobals } from './sandbox/lockDownGlobals.ts';
import { sandboxedWorkerName } from './sandbox/sandboxProtocol.ts';
import { answerUpstreamTrace, createUpstreamStateCache } from './sandbox/answerUpstreamTrace.ts';
import type { NodeWorkerApi } from './contracts.ts';
import type { TemplateSource } from '../evm/node/traceConfig.ts';
import type { TraceDebugReport } from '../evm/host/traceDebug.ts';

// The tracer templates, so that geth's built-in tracer names (callTracer…) run the templates that reproduce them.
const templateFiles = import.meta.glob<string>('/tracer-templates/*.js', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const templates: TemplateSource = (id) => templateFiles[`/tracer-templates/${id}.js`];

// Tracer code runs in QuickJS (WebAssembly): its own heap with a hard cap and an engine-checked deadline, so no
// tracer can take this worker, the sandbox iframe or the tab down.
const createRealm = createQuickJsRealmFactory(bigIntSource);

/** Creates the API object around a lazily started node (start-up begins at once, in the background). */
export function createNodeWorkerApi(): NodeWorkerApi {
  let node: Promise<EmbeddedNode> = createEmbeddedNode({ createRealm, templates });
  const upstreamCache = createUpstreamStateCache();
  return {
    request: async (body) => (await node).request(body),
    demoDefaults: async () => (await node).demoDefaults,
    loadFixture: async (json) => {
      const previous = node;
      const next = createEmbeddedNode({ fixture: loadFixture(json), createRealm, templates });
      // Requests that arrive while the fixture loads wait for it (a fixture that fails leaves the old node).
      node = next.catch(() => previous);
      return (await next).demoDefaults as FixtureDefaults;
    },
    resetToDemo: async () => {
      node = createEmbeddedNode({ createRealm, templates });
      return (await node).demoDefaults as DemoDefaults;
    },
    // Another node's state, asked of the page call by call: this worker has no network (see lockDownGlobals).
    traceOnUpstream: (request, ask, cacheKey) =>
      answerUpstreamTrace(request, ask, { createRealm, cache: upstreamCache(cacheKey) }),
    debugTrace: async (request, options) => {
      let report: TraceDebugReport | undefined;
      const debug = {
        console: true,
        profile: true,
        inspect: options.inspect,
        report: (r: TraceDebugReport) => (report = r),
      };
      const response = await (await node).requestWithDebug(request, debug);
      if (options.recording) return { response, ...postRecording(options.recording, report) };
      return report ? { response, report } : { response };
    },
  };
}

/**
 * Posts a run's recording on `port` (null when it recorded nothing) and closes it: the recording goes to the page's
 * recording worker and not through the page. Gives the report without it.
 */
function postRecording(
  port: MessagePort,
  report: TraceDebugReport | undefined,
): { report?: TraceDebugReport } {
  port.postMessage(report?.inspect ?? null);
  port.close();
  if (!report) return {};
  const { inspect: _sent, ...rest } = report;
  return { report: rest };
}

/** Exposes the API on `endpoint` (a worker scope, or a MessagePort in Node tests). */
export function serve(endpoint: Endpoint): NodeWorkerApi {
  const api = createNodeWorkerApi();
  expose(api, endpoint);
  return api;
}

declare const WorkerGlobalScope: unknown;
// comlink's expose() on the Node global would throw; only a real worker serves itself. User tracer code runs here:
// it must find no network or storage globals, and in the sandbox iframe comlink talks over the page's port.
if (typeof WorkerGlobalScope !== 'undefined') {
  lockDownGlobals(self);
  if (self.name === sandboxedWorkerName) acceptSandboxPort(self as unknown as PortReceiver, serve);
  else serve(self as unknown as Endpoint);
}
