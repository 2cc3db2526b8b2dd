import { buildDemoChain } from './buildDemoChain.ts';
import { builtDemoSnapshot } from './builtDemoSnapshot.ts';
import { type DemoChainSnapshot, restoreDemoChain } from './demoChainSnapshot.ts';
import { callHandlers } from './callHandlers.ts';
import type { Chain } from './chainTypes.ts';
import { buildDemoDefaults } from './demoDefaults.ts';
import type { DemoDefaults } from './demoDefaults.ts';
import { ethHandlers } from './ethHandlers.ts';
import type { Fixture, FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';
import { type EmbeddedFamily, embeddedMethods } from '../../core/rpc/methods/methods.ts';
import { buildFixtureChain } from './buildFixtureChain.ts';
import { handleJsonRpc } from './handleJsonRpc.ts';
import type { JsonRpcResponse } from './handleJsonRpc.ts';
import type { Handler, NodeContext } from './nodeContext.ts';
import { createLock } from './nodeContext.ts';
import { traceHandlers } from './traceHandlers.ts';
import { filterHandlers } from './filterHandlers.ts';
import { devHandlers } from './devHandlers.ts';
import { createSubscriptionSession } from './createSubscriptionSession.ts';
import type { SubscriptionNotification } from './createSubscriptionSession.ts';
import type { RealmFactory } from '../host/realm/tracerRealm.ts';
import type { TraceDebugOptions } from '../host/traceDebug.ts';
import type { TemplateSource } from './traceConfig.ts';

/** What web3_clientVersion answers: says plainly that this is the playground's node, with geth-compatible RPC. */
export const embeddedClientVersion = 'TracerPlayground/v0.1.0/embedded-geth-compatible/ethereumjs-10';

/** Options of {@link createEmbeddedNode}. */
export interface EmbeddedNodeOptions {
  /** Serve a fixture's pre-state with its transaction mined in the block after genesis, instead of the demo chain. */
  fixture?: Fixture;
  /** The realm JS tracers run in (default: QuickJS, for the browser; Node's CLI passes `createVmRealm`). */
  createRealm?: RealmFactory;
  /** Reads tracer templates, so that geth's built-in tracer names (callTracer…) run their templates. */
  templates?: TemplateSource;
  /** The demo chain as a snapshot to restore (default: the CLI build's, when running from it); else it is built. */
  demoSnapshot?: DemoChainSnapshot;
}

/** A JSON-RPC node running in this thread. */
export interface EmbeddedNode {
  /** Answers a JSON-RPC request object or batch (undefined for notifications only). */
  request(body: unknown): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined>;
  /**
   * As {@link EmbeddedNode.request}, running its JS trace (debug_traceTransaction, debug_traceCall) as a debugging
   * run: `debug.report` gets the console lines, profile and recording once the trace is over.
   */
  requestWithDebug(
    body: unknown,
    debug: TraceDebugOptions,
  ): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined>;
  /** Request-panel defaults for the demo chain; for a fixture node: its transaction and block. */
  demoDefaults: DemoDefaults | FixtureDefaults;
  /** The chain (for tests and tools). */
  chain: Chain;
  /**
   * Opens a connection that can take notifications (a WebSocket): its requests may subscribe (eth_subscribe), and
   * the notifications go to `notify` once the reply naming the subscription is out (see {@link NodeConnection}).
   */
  connect(notify: (message: SubscriptionNotification) => void): NodeConnection;
}

/** A connection of {@link EmbeddedNode.connect}. */
export interface NodeConnection {
  /** Answers a body like {@link EmbeddedNode.request}; the ids of the subscriptions it creates go in `created`. */
  request(body: unknown, created?: string[]): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined>;
  /** The replies naming `created` are sent: their subscriptions' notifications may follow. */
  release(created: readonly string[]): void;
  /** The connection closed: its subscriptions are dropped. */
  close(): void;
}

/** The handler files, by the family names the method table (src/core/rpc/methods/methods.ts) uses. */
export const handlerFamilies: Readonly<Record<EmbeddedFamily, Readonly<Record<string, Handler>>>> = {
  eth: ethHandlers,
  call: callHandlers,
  trace: traceHandlers,
  filter: filterHandlers,
  dev: devHandlers,
};

/** What the node dispatches on: each method the table says it serves, answered by its family's handler. */
function buildDispatch(): Record<string, Handler> {
  const out: Record<string, Handler> = {};
  for (const [method, family] of Object.entries(embeddedMethods)) {
    const handler = Object.prototype.hasOwnProperty.call(handlerFamilies[family], method)
      ? handlerFamilies[family][method]
      : undefined;
    if (!handler)
      throw new Error(`the method table says ${family} handlers answer ${method}, but they do not`);
    out[method] = handler;
  }
  return out;
}

const handlers = buildDispatch();

/**
 * Creates the embedded node: the deterministic demo chain (or a fixture's chain) and geth-compatible JSON-RPC
 * (eth_*, net_version, web3_clientVersion, debug_trace*). DOM-free: runs in a worker, in Node tests and in the CLI.
 */
export async function createEmbeddedNode(options: EmbeddedNodeOptions = {}): Promise<EmbeddedNode> {
  let chain: Chain;
  let defaults: DemoDefaults | FixtureDefaults;
  if (options.fixture) {
    const built = await buildFixtureChain(options.fixture);
    chain = built.chain;
    defaults = built.defaults;
  } else {
    const snapshot = options.demoSnapshot ?? builtDemoSnapshot;
    const demo = snapshot ? await restoreDemoChain(snapshot) : await buildDemoChain();
    chain = demo.chain;
    defaults = buildDemoDefaults(demo);
  }
  const ctx: NodeContext = {
    chain,
    clientVersion: embeddedClientVersion,
    lock: createLock(),
    createRealm: options.createRealm,
    templates: options.templates,
  };
  const connect = (notify: (message: SubscriptionNotification) => void): NodeConnection => {
    const session = createSubscriptionSession(chain, notify);
    return {
      request: (body, created = []) =>
        handleJsonRpc({ ...ctx, subscriptions: session.scope(created) }, handlers, body),
      release: (created) => session.release(created),
      close: () => session.close(),
    };
  };
  return {
    request: (body) => handleJsonRpc(ctx, handlers, body),
    requestWithDebug: (body, traceDebug) => handleJsonRpc({ ...ctx, traceDebug }, handlers, body),
    demoDefaults: defaults,
    chain,
    connect,
  };
}
