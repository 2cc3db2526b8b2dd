import type { RealmFactory } from '../host/realm/tracerRealm.ts';
import type { TraceDebugOptions } from '../host/traceDebug.ts';
import type { Chain, ChainBlock } from './chainTypes.ts';
import type { BlockSelector } from './params.ts';
import type { TemplateSource } from './traceConfig.ts';
import { serverError } from './rpcError.ts';
import type { SubscriptionScope } from './createSubscriptionSession.ts';

/** What every RPC handler gets: the chain plus node-wide settings. */
export interface NodeContext {
  chain: Chain;
  clientVersion: string;
  /** Serializes mining (eth_sendRawTransaction) so that two requests never mine on the same head. */
  lock: <T>(work: () => Promise<T>) => Promise<T>;
  /** The realm JS tracers run in (default: QuickJS; Node's CLI uses its V8-context realm). */
  createRealm?: RealmFactory;
  /** Reads tracer templates, for geth's built-in tracer names (absent: those names get a clear error). */
  templates?: TemplateSource;
  /** The connection's subscriptions (eth_subscribe); absent over HTTP, where geth answers `notifications not supported`. */
  subscriptions?: SubscriptionScope;
  /** A debugging run's console, profile and recording for the one JS trace of this request (the page's Debug panel). */
  traceDebug?: TraceDebugOptions;
}

/** A JSON-RPC method implementation: params in, JSON-able result out; throws RpcError. */
export type Handler = (ctx: NodeContext, params: unknown) => Promise<unknown>;

/**
 * Finds the block a selector names, or undefined when there is none. The embedded node has no pending block and
 * instant finality, so pending/safe/finalized name the head.
 */
export function findBlock(chain: Chain, sel: BlockSelector): ChainBlock | undefined {
  if (sel.kind === 'hash') return chain.blockByHash(sel.hash);
  if (sel.kind === 'number') return chain.blockByNumber(sel.number);
  return sel.tag === 'earliest' ? chain.blocks[0] : chain.head();
}

/** Like {@link findBlock} but throws geth's `header not found` / `header for hash not found`. */
export function requireBlock(chain: Chain, sel: BlockSelector): ChainBlock {
  const b = findBlock(chain, sel);
  if (!b) throw serverError(sel.kind === 'hash' ? 'header for hash not found' : 'header not found');
  return b;
}

/** Runs tasks one at a time in arrival order. */
export function createLock(): NodeContext['lock'] {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
