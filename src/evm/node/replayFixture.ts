import { runNamedTracer } from './runNamedTracer.ts';
import type { TemplateSource } from './traceConfig.ts';
import { buildFixtureRun } from './buildFixtureRun.ts';
import type { Fixture } from '../../core/fixture/fixtureTypes.ts';
import type { RealmFactory } from '../host/realm/tracerRealm.ts';
import type { TraceDebugOptions } from '../host/traceDebug.ts';

/** What to run on a fixture: JavaScript tracer source (or `prestateTracer`), its config and time limit. */
export interface ReplayOptions {
  tracer: string;
  /** Overrides the fixture's own tracerConfig when given. */
  tracerConfig?: unknown;
  /** Go duration string, default "5s". */
  timeout?: string;
  /** The realm the tracer runs in (default: QuickJS). */
  createRealm?: RealmFactory;
  /** Reads tracer templates, so that geth's built-in tracer names (callTracer…) run their templates. */
  templates?: TemplateSource;
  /** A debugging run's console and profile (see JsTraceOptions.debug). */
  debug?: TraceDebugOptions;
}

/**
 * Replays a fixture's transaction on its pre-state with a tracer, like geth's tracetest harness: block context from
 * `context`, sender recovered from the signature, no tracer Context (no blockHash/txHash). Resolves to the tracer's
 * result; rejects with a TracerError carrying geth's text.
 */
export async function replayFixture(fixture: Fixture, options: ReplayOptions): Promise<unknown> {
  const run = await buildFixtureRun(fixture);
  const tracerConfig = options.tracerConfig !== undefined ? options.tracerConfig : fixture.tracerConfig;
  return runNamedTracer(
    { vm: run.vm, tx: run.tx, block: run.block },
    {
      tracer: options.tracer,
      tracerConfig,
      timeout: options.timeout,
      createRealm: options.createRealm,
      templates: options.templates,
      debug: options.debug,
    },
  );
}
