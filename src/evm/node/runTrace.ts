import { runTx } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import { hexToBytes } from '@ethereumjs/util';
import { traceWithStructLogger } from '../host/traceTransaction.ts';
import type { TraceDebugOptions } from '../host/traceDebug.ts';
import { TracerError } from '../host/traceTypes.ts';
import type { TraceRun } from '../host/traceTypes.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import type { Chain, ChainBlock, MinedTx } from './chainTypes.ts';
import { runNamedTracer } from './runNamedTracer.ts';
import { serverError } from './rpcError.ts';
import type { TraceConfig } from './traceConfig.ts';
import type { RealmFactory } from '../host/realm/tracerRealm.ts';
import type { TemplateSource } from './traceConfig.ts';

/** geth's tracer Context of a mined transaction (blockHash, txIndex, txHash). */
export function contextOf(t: MinedTx): { blockHash: Uint8Array; txIndex: number; txHash: Uint8Array } {
  return { blockHash: hexToBytes(t.blockHash), txIndex: t.index, txHash: hexToBytes(t.hash) };
}

/**
 * Runs one trace with the tracer the config selects: none → struct logger, else as runNamedTracer resolves it
 * (`prestateTracer` and `muxTracer` built in, other geth built-in names → their templates or a clear error, anything
 * else → JavaScript tracer). TracerErrors become -32000 errors
 * with geth's text. The run mutates `run.vm`'s state.
 */
export async function runTrace(
  run: TraceRun,
  cfg: TraceConfig,
  context?: ReturnType<typeof contextOf>,
  createRealm?: RealmFactory,
  templates?: TemplateSource,
  debug?: TraceDebugOptions,
): Promise<unknown> {
  try {
    if (cfg.tracer === undefined) return await traceWithStructLogger(run, cfg.logger);
    return await runNamedTracer(run, {
      tracer: cfg.tracer,
      tracerConfig: cfg.tracerConfig,
      timeout: cfg.timeout,
      context,
      createRealm,
      templates,
      debug,
    });
  } catch (e) {
    if (e instanceof TracerError) throw serverError(e.message);
    throw e;
  }
}

/** A VM on the state before transaction `index` of `entry` (parent state plus the block's earlier transactions). */
export async function vmBeforeTx(chain: Chain, entry: ChainBlock, index: number): Promise<VM> {
  const vm = await chain.createVm(chain.stateAfter(entry.number - 1n));
  for (const t of entry.txs.slice(0, index)) {
    await runTx(vm, { tx: t.tx, block: entry.block, skipHardForkValidation: true });
  }
  return vm;
}

/** One entry of a block trace: geth's `txTraceResult`. */
export type BlockTraceEntry = { txHash: string; result: unknown } | { txHash: string; error: string };

/**
 * Traces every transaction of a block in order, each on a copy of the state left by the previous ones (the block's
 * parent state plus its earlier transactions). A failing trace gives `{txHash, error}` and the block trace goes on,
 * like geth's traceBlockParallel for JS tracers.
 */
export async function traceBlockEntries(
  chain: Chain,
  entry: ChainBlock,
  cfg: TraceConfig,
  createRealm?: RealmFactory,
  templates?: TemplateSource,
): Promise<BlockTraceEntry[]> {
  const vm = await chain.createVm(chain.stateAfter(entry.number - 1n));
  const out: BlockTraceEntry[] = [];
  for (const t of entry.txs) {
    const copy = await chain.createVm((vm.stateManager as SyncStateManager).copy());
    try {
      out.push({
        txHash: t.hash,
        result: await runTrace(
          { vm: copy, tx: t.tx, block: entry.block },
          cfg,
          contextOf(t),
          createRealm,
          templates,
        ),
      });
    } catch (e) {
      out.push({ txHash: t.hash, error: (e as Error).message });
    }
    await runTx(vm, { tx: t.tx, block: entry.block, skipHardForkValidation: true });
  }
  return out;
}
