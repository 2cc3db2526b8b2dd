import type { VM } from '@ethereumjs/vm';
import type { SyncStateReader } from './syncStateReader.ts';
import { createRealmTracer } from './createRealmTracer.ts';
import { parseTimeoutMs } from './parseTimeout.ts';
import { defaultRealmFactory } from './realm/defaultRealmFactory.ts';
import { runGethTrace } from './runGethTrace.ts';
import { createStructLoggerHooks } from './structLogger.ts';
import { measureReferenceStep } from './measureReferenceStep.ts';
import type { ReferenceStep, TraceDebugOptions } from './traceDebug.ts';
import type { RealmFactory } from './realm/tracerRealm.ts';
import { TracerError, type JsTraceOptions, type StructLoggerConfig, type TraceRun } from './traceTypes.ts';

export { TracerError };
export type { JsTraceOptions, StructLoggerConfig, TraceRun };

/**
 * Runs the transaction with a custom JS tracer, with geth's semantics (fresh runtime, hook order, accessor types,
 * uncatchable accessor errors, timeout). Resolves to the tracer's result as a geth-encoded JSON value, or rejects
 * with {@link TracerError} whose message is geth's text (`tracing failed: …` for pre-execution failures).
 * The run mutates `run.vm`'s state; its state manager must offer the synchronous reads of SyncStateManager.
 */
export async function traceWithJsTracer(run: TraceRun, options: JsTraceOptions): Promise<unknown> {
  const timeoutMs = parseTimeoutMs(options.timeout);
  const state = syncReader(run.vm);
  // geth decodes tracerConfig into a json.RawMessage (a JSON null stays the text `null`) and turns only an empty one
  // into `{}` (tracers.directory.New).
  const configJson = options.tracerConfig === undefined ? '{}' : JSON.stringify(options.tracerConfig);
  const createRealm = options.createRealm ?? (await defaultRealmFactory());
  // A profile measures the reference step first, before the tracer's deadline starts.
  const debug = options.debug?.profile ? await withReference(options.debug, createRealm) : options.debug;
  const hooks = await createRealmTracer({
    code: options.tracer,
    configJson,
    state,
    context: options.context,
    createRealm,
    deadline: Date.now() + timeoutMs,
    memoryBytes: options.memoryBytes ?? defaultMemoryBytes,
    debug,
  });
  try {
    await runGethTrace(run, hooks);
    const res = hooks.callResult();
    if (!res.ok) throw new TracerError(res.error);
    return res.value;
  } finally {
    hooks.dispose();
  }
}

/** The debug options with the reference step (see measureReferenceStep) added to the profile they report. */
async function withReference(
  debug: TraceDebugOptions,
  createRealm: RealmFactory,
): Promise<TraceDebugOptions> {
  let reference: ReferenceStep | undefined;
  try {
    reference = await measureReferenceStep(createRealm);
  } catch {
    // No reference (the realm could not be made for it): the estimate falls back to the engines' measured ratio.
    return debug;
  }
  return {
    ...debug,
    report: (r) => debug.report(r.profile ? { ...r, profile: { ...r.profile, reference } } : r),
  };
}

/** The memory cap of one trace's realm unless the caller sets another. */
export const defaultMemoryBytes = 256 * 1024 * 1024;

/**
 * geth's default struct logger: `{gas, failed, returnValue, structLogs:[{pc, op, gas, gasCost, depth, stack?,
 * memory?, storage?, refund?, error?, returnData?}]}` with the logger options.
 */
export async function traceWithStructLogger(
  run: TraceRun,
  config: StructLoggerConfig = {},
): Promise<unknown> {
  const hooks = createStructLoggerHooks(config, syncReader(run.vm));
  const res = await runGethTrace(run, hooks);
  return hooks.output(res);
}

function syncReader(vm: VM): SyncStateReader {
  const sm = vm.stateManager as unknown as Partial<SyncStateReader>;
  if (typeof sm.getBalanceSync !== 'function') {
    throw new TracerError('the traced VM needs a SyncStateManager (src/evm/state/createSyncStateManager.ts)');
  }
  return sm as SyncStateReader;
}
