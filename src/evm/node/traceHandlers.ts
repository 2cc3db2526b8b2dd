import type { Handler, NodeContext } from './nodeContext.ts';
import { requireBlock } from './nodeContext.ts';
import { checkArity, decodeBlockNumber, decodeBlockNumberOrHash, decodeHash } from './params.ts';
import type { BlockSelector } from './params.ts';
import { checkCallFunds, prepareCall } from './prepareCall.ts';
import { serverError } from './rpcError.ts';
import {
  builtinTracerCode,
  decodeTraceConfig,
  nativeTracerNames,
  unsupportedNativeTracer,
} from './traceConfig.ts';
import { contextOf, runTrace, traceBlockEntries, vmBeforeTx } from './runTrace.ts';
import type { ChainBlock } from './chainTypes.ts';

async function traceBlock(
  ctx: NodeContext,
  entry: ChainBlock | undefined,
  rawConfig: unknown,
  notFound: string,
) {
  if (!entry) throw serverError(notFound);
  if (entry.number === ctx.chain.blocks[0].number) throw serverError('genesis is not traceable');
  const cfg = decodeTraceConfig(rawConfig, 1);
  // geth runs built-in tracers on its sequential path, where a failure fails the whole call.
  if (
    cfg.tracer !== undefined &&
    cfg.tracer !== 'prestateTracer' &&
    nativeTracerNames.has(cfg.tracer) &&
    builtinTracerCode(cfg.tracer, ctx.templates) === undefined
  ) {
    throw serverError(unsupportedNativeTracer(cfg.tracer));
  }
  return traceBlockEntries(ctx.chain, entry, cfg, ctx.createRealm, ctx.templates);
}

/** debug_traceTransaction, debug_traceCall, debug_traceBlockByNumber, debug_traceBlockByHash. */
export const traceHandlers: Record<string, Handler> = {
  debug_traceTransaction: async (ctx, p) => {
    const params = checkArity(p, 1, 2);
    const hash = decodeHash(params[0], 0);
    const cfg = decodeTraceConfig(params[1], 1);
    const t = ctx.chain.txByHash(hash);
    if (!t) throw serverError('transaction not found');
    const entry = ctx.chain.blockByNumber(t.blockNumber)!;
    const vm = await vmBeforeTx(ctx.chain, entry, t.index);
    return runTrace(
      { vm, tx: t.tx, block: entry.block },
      cfg,
      contextOf(t),
      ctx.createRealm,
      ctx.templates,
      ctx.traceDebug,
    );
  },
  debug_traceCall: async (ctx, p) => {
    const params = checkArity(p, 2, 3);
    const selector: BlockSelector = decodeBlockNumberOrHash(params[1], 1);
    const cfg = decodeTraceConfig(params[2], 2, 'TraceCallConfig');
    if (selector.kind === 'tag' && selector.tag === 'pending')
      throw serverError('tracing on top of pending is not supported');
    const base = requireBlock(ctx.chain, selector);
    let vmBefore;
    if (cfg.txIndex !== undefined) {
      if (cfg.txIndex >= BigInt(base.txs.length)) {
        throw serverError(`tx index ${cfg.txIndex} out of range for block ${base.hash}`);
      }
      vmBefore = await vmBeforeTx(ctx.chain, base, Number(cfg.txIndex));
    }
    const run = await prepareCall(ctx, params[0], selector, cfg.stateOverrides, cfg.blockOverrides, vmBefore);
    await checkCallFunds(run);
    return runTrace({ ...run, call: true }, cfg, undefined, ctx.createRealm, ctx.templates, ctx.traceDebug);
  },
  debug_traceBlockByNumber: async (ctx, p) => {
    const params = checkArity(p, 1, 2);
    const sel = decodeBlockNumber(params[0], 0);
    if (sel.kind === 'tag' && sel.tag === 'pending')
      throw serverError('tracing on top of pending is not supported');
    if (sel.kind === 'number') {
      return traceBlock(
        ctx,
        ctx.chain.blockByNumber(sel.number),
        params[1],
        `block #${sel.number} not found`,
      );
    }
    return traceBlock(ctx, requireBlock(ctx.chain, sel), params[1], 'header not found');
  },
  debug_traceBlockByHash: async (ctx, p) => {
    const params = checkArity(p, 1, 2);
    const hash = decodeHash(params[0], 0);
    return traceBlock(ctx, ctx.chain.blockByHash(hash), params[1], `block ${hash} not found`);
  },
};
