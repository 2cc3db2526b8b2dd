import { createVM } from '@ethereumjs/vm';
import { traceWithJsTracer } from '../host/traceTransaction.ts';
import { TracerError } from '../host/traceTypes.ts';
import type { JsTraceOptions, TraceRun } from '../host/traceTypes.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import { runMuxTracer } from './muxTracer.ts';
import { parsePrestateConfig, runPrestateTracer } from './prestateTracer.ts';
import {
  type TemplateSource,
  builtinTracerCode,
  nativeTracerNames,
  unsupportedNativeTracer,
} from './traceConfig.ts';

/** A tracer to run by name or source, as `debug_trace*`'s config gives it. */
export interface NamedTracer extends JsTraceOptions {
  /** Reads tracer templates, for geth's built-in names (callTracer…); absent: those names get a clear error. */
  templates?: TemplateSource;
}

/** A run of the same transaction on a fresh VM over a copy of `run`'s pre-state (the original is not touched). */
async function freshRun(run: TraceRun, pre: SyncStateManager): Promise<TraceRun> {
  const vm = await createVM({
    common: run.vm.common.copy(),
    stateManager: pre.copy(),
    blockchain: run.vm.blockchain,
  });
  return { ...run, vm };
}

/**
 * Runs one tracer as geth's tracers.DefaultDirectory.New resolves its name: `muxTracer` (geth's native mux, each
 * tracer of its config on the same transaction), `prestateTracer` (built in; with diffMode, the prestate template),
 * another built-in name (its template, or a clear error), anything else as JavaScript source. Rejects with a
 * TracerError carrying geth's text. The run mutates `run.vm`'s state.
 */
export async function runNamedTracer(run: TraceRun, tracer: NamedTracer): Promise<unknown> {
  if (tracer.tracer === 'muxTracer') {
    const pre = (run.vm.stateManager as SyncStateManager).copy();
    return runMuxTracer(tracer.tracerConfig, async (name, config) =>
      runNamedTracer(await freshRun(run, pre), { ...tracer, tracer: name, tracerConfig: config }),
    );
  }
  const builtin = builtinTracerCode(tracer.tracer, tracer.templates, tracer.tracerConfig);
  if (tracer.tracer === 'prestateTracer' && builtin === undefined) {
    const pre = (run.vm.stateManager as SyncStateManager).copy();
    return runPrestateTracer(run, pre, parsePrestateConfig(tracer.tracerConfig));
  }
  if (builtin === undefined && nativeTracerNames.has(tracer.tracer))
    throw new TracerError(unsupportedNativeTracer(tracer.tracer));
  return traceWithJsTracer(run, { ...tracer, tracer: builtin ?? tracer.tracer });
}
