import { hexToBytes } from '@ethereumjs/util';
import type { RealmFactory } from '../host/realm/tracerRealm.ts';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import { checkArity, decodeBlockNumber, decodeBlockNumberOrHash, decodeHash } from '../node/params.ts';
import type { BlockSelector } from '../node/params.ts';
import { checkCallFunds, prepareCallOn } from '../node/prepareCall.ts';
import { serverError } from '../node/rpcError.ts';
import { type BlockTraceEntry, runTrace } from '../node/runTrace.ts';
import {
  type TemplateSource,
  type TraceConfig,
  builtinTracerCode,
  decodeTraceConfig,
  nativeTracerNames,
  unsupportedNativeTracer,
} from '../node/traceConfig.ts';
import { type UpstreamBlock, chainIdOf, fetchNodeConfig, loadUpstreamBlock } from './loadUpstreamBlock.ts';
import { runSpeculatively } from './runSpeculatively.ts';
import {
  type PrestateSource,
  type UpstreamReader,
  type UpstreamTraceOptions,
  type UpstreamStateCache,
  cachedState,
  runBlockPrefix,
  traceUpstreamTx,
} from './traceUpstreamTx.ts';

/** How traces on an upstream's state run. */
export interface UpstreamTraceSettings {
  /** Overrides the fork the chain id or the header's shape gives (`serve --hardfork`). */
  hardfork?: string;
  /** State fetched before, by block hash (kept across requests). */
  cache?: UpstreamStateCache;
  /** The realm JS tracers run in. */
  createRealm?: RealmFactory;
  /** Reads tracer templates, for geth's built-in tracer names. */
  templates?: TemplateSource;
  /** Whether the upstream serves prestateTracer, learnt once (see traceUpstreamTx); absent: standard methods only. */
  prestate?: PrestateSource;
  /** Blocks rebuilt and states before a transaction, kept across requests (see traceUpstreamTx). */
  blocks?: UpstreamTraceOptions['blocks'];
  snapshots?: UpstreamTraceOptions['snapshots'];
}

/** What each handler traces with: the upstream (one request's reader) and the settings. */
export interface UpstreamTraceContext extends UpstreamTraceSettings {
  up: UpstreamReader;
}

/** A trace method on an upstream's state: params in, the result out; throws RpcError with geth's texts. */
export type UpstreamTraceHandler = (ctx: UpstreamTraceContext, params: unknown) => Promise<unknown>;

/** What the upstream lacks, as a JSON-RPC server error (-32000) with its one line. */
async function asRpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof UpstreamError) throw serverError(e.message);
    throw e;
  }
}

/** The block a selector names, with full transactions and the chain id, in one round trip; undefined: none. */
async function fetchBlock(up: UpstreamReader, sel: BlockSelector): Promise<[unknown, bigint]> {
  const call =
    sel.kind === 'hash'
      ? { method: 'eth_getBlockByHash', params: [sel.hash, true] }
      : {
          method: 'eth_getBlockByNumber',
          params: [sel.kind === 'number' ? `0x${sel.number.toString(16)}` : sel.tag, true],
        };
  const [block, chainId] = await up.batch([call, { method: 'eth_chainId', params: [] }]);
  return [block, chainIdOf(chainId)];
}

/** geth's block trace on the upstream's state: each transaction traced on the state the ones before it left. */
async function traceBlock(
  up: UpstreamReader,
  found: unknown,
  chainId: bigint,
  rawConfig: unknown,
  settings: UpstreamTraceSettings,
  notFound: string,
): Promise<BlockTraceEntry[]> {
  if (found === null || found === undefined) throw serverError(notFound);
  const cfg = decodeTraceConfig(rawConfig, 1);
  // geth runs built-in tracers on its sequential path, where a failure fails the whole call.
  if (
    cfg.tracer !== undefined &&
    cfg.tracer !== 'prestateTracer' &&
    nativeTracerNames.has(cfg.tracer) &&
    builtinTracerCode(cfg.tracer, settings.templates) === undefined
  )
    throw serverError(unsupportedNativeTracer(cfg.tracer));
  const nodeConfig = await fetchNodeConfig(up, chainId, settings.hardfork);
  const b = await loadUpstreamBlock(found, chainId, { hardfork: settings.hardfork, nodeConfig });
  if (b.number === 0n) throw serverError('genesis is not traceable');
  const { state, warm } = cachedState(settings.cache, b.parentHash);
  const { value } = await runSpeculatively(
    { up, common: b.rules.common, state, stateAt: b.parentHash, block: b.block, blockHash: b.hash, warm },
    async (vm, sm, traced) => {
      const out: BlockTraceEntry[] = [];
      for (const [i, tx] of b.txs.entries()) {
        if (traced) {
          const context = { blockHash: hexToBytes(b.hash as `0x${string}`), txIndex: i, txHash: tx.hash() };
          const copy = await vm.shallowCopy();
          try {
            out.push({
              txHash: b.txHashes[i],
              result: await runTrace(
                { vm: copy, tx, block: b.block },
                cfg,
                context,
                settings.createRealm,
                settings.templates,
              ),
            });
          } catch (e) {
            out.push({ txHash: b.txHashes[i], error: (e as Error).message });
          }
        }
        if (!(await runBlockPrefix(vm, sm, [tx], 1, b))) return out;
      }
      return out;
    },
  );
  return value;
}

/** debug_traceCall on the upstream's state after the selected block (or before its transaction `txIndex`). */
async function traceCall(up: UpstreamReader, p: unknown, settings: UpstreamTraceSettings): Promise<unknown> {
  const params = checkArity(p, 2, 3);
  const selector = decodeBlockNumberOrHash(params[1], 1);
  const cfg: TraceConfig = decodeTraceConfig(params[2], 2, 'TraceCallConfig');
  if (selector.kind === 'tag' && selector.tag === 'pending')
    throw serverError('tracing on top of pending is not supported');
  const [found, chainId] = await fetchBlock(up, selector);
  if (found === null || found === undefined)
    throw serverError(selector.kind === 'hash' ? 'header for hash not found' : 'header not found');
  const txIndex = cfg.txIndex === undefined ? undefined : Number(cfg.txIndex);
  const b: UpstreamBlock = await loadUpstreamBlock(found, chainId, {
    hardfork: settings.hardfork,
    nodeConfig: await fetchNodeConfig(up, chainId, settings.hardfork),
    txCount: txIndex ?? 0,
  });
  if (txIndex !== undefined && txIndex >= b.txHashes.length)
    throw serverError(`tx index ${txIndex} out of range for block ${b.hash}`);
  // State after the block itself, or (txIndex) the parent's plus the block's transactions before txIndex.
  const stateAt = txIndex === undefined ? b.hash : b.parentHash;
  const { state } = cachedState(settings.cache, stateAt);
  const { value } = await runSpeculatively(
    {
      up,
      common: b.rules.common,
      state,
      stateAt,
      block: b.block,
      blockHash: b.hash,
      // Traced from the first run: a call's untraced run would cost as much as the traced one.
      warm: true,
      systemCalls: txIndex !== undefined,
    },
    async (vm, sm) => {
      if (txIndex !== undefined && !(await runBlockPrefix(vm, sm, b.txs, txIndex, b))) return undefined;
      const run = await prepareCallOn(
        vm,
        b.rules.common,
        b.block,
        params[0],
        cfg.stateOverrides,
        cfg.blockOverrides,
      );
      await checkCallFunds(run);
      return runTrace({ ...run, call: true }, cfg, undefined, settings.createRealm, settings.templates);
    },
  );
  return value;
}

/**
 * debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash and debug_traceCall run here on an
 * upstream node's state, read with standard methods only (traceUpstreamTx, runSpeculatively): geth's params, configs
 * and error texts, the tracer (JS, struct logger, prestateTracer) run as the embedded node runs it. What the upstream
 * lacks is a -32000 error with one line naming it.
 */
export const upstreamTraceHandlers: Readonly<Record<string, UpstreamTraceHandler>> = {
  debug_traceTransaction: async (settings, p) => {
    const params = checkArity(p, 1, 2);
    const hash = decodeHash(params[0], 0);
    const cfg = decodeTraceConfig(params[1], 1);
    return asRpc(
      async () =>
        (
          await traceUpstreamTx(settings.up, {
            txHash: hash,
            hardfork: settings.hardfork,
            cache: settings.cache,
            prestate: settings.prestate,
            blocks: settings.blocks,
            snapshots: settings.snapshots,
            trace: (run, context) => runTrace(run, cfg, context, settings.createRealm, settings.templates),
          })
        ).result,
    );
  },
  debug_traceCall: (settings, p) => asRpc(() => traceCall(settings.up, p, settings)),
  debug_traceBlockByNumber: async (settings, p) => {
    const params = checkArity(p, 1, 2);
    const sel = decodeBlockNumber(params[0], 0);
    if (sel.kind === 'tag' && sel.tag === 'pending')
      throw serverError('tracing on top of pending is not supported');
    return asRpc(async () => {
      const [found, chainId] = await fetchBlock(settings.up, sel);
      const missing = sel.kind === 'number' ? `block #${sel.number} not found` : 'header not found';
      return traceBlock(settings.up, found, chainId, params[1], settings, missing);
    });
  },
  debug_traceBlockByHash: async (settings, p) => {
    const params = checkArity(p, 1, 2);
    const hash = decodeHash(params[0], 0);
    return asRpc(async () => {
      const [found, chainId] = await fetchBlock(settings.up, { kind: 'hash', hash, requireCanonical: false });
      return traceBlock(settings.up, found, chainId, params[1], settings, `block ${hash} not found`);
    });
  },
};
