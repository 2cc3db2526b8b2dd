import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import type { ReplayDebugFlags, TraceDebugReport } from '../../evm/host/traceDebug.ts';
import { describeChildExit } from './describeChildExit.ts';
import { forkTraceChild } from './forkTraceChild.ts';
import type { FromTraceChild } from './FromTraceChild.ts';
import { killProcessTree } from './killProcessTree.ts';
import type { ToTraceChild } from './ToTraceChild.ts';

/** What `tracer replay` runs: the fixture's JSON text and the tracer, plus the limits. */
export interface ReplayJob {
  fixture: string;
  tracer: string;
  tracerConfig?: unknown;
  /** Go duration, default 5s. */
  timeout?: string;
  /** V8 heap cap of the trace process in MB (default 512). */
  memoryLimitMb?: number;
  /** How long after the timeout a trace that has not answered is killed, in ms (default 2000). */
  graceMs?: number;
  /** `--console`/`--profile`: the run's console lines and hook times come back in the outcome's `debug`. */
  debug?: ReplayDebugFlags;
}

/**
 * The outcome: the result as indented JSON, or the error text (`tracerError`: geth's text for a tracer failure); with
 * `debug` asked, the console lines and profile of the run (absent when the process died or was killed).
 */
export type ReplayOutcome = (
  { ok: true; text: string } | { ok: false; message: string; tracerError: boolean }
) & {
  debug?: TraceDebugReport;
};

/**
 * Runs one `replayFixture` in a fresh trace process (`forkTraceChild`), so that a hostile or broken tracer cannot
 * reach, block or crash the CLI: killed after its timeout plus `graceMs` (`execution timeout`), out-of-memory deaths
 * reported as `tracer exceeded its memory limit`, any other death as `the trace process stopped unexpectedly (…)`.
 */
export function runReplayInChild(job: ReplayJob): Promise<ReplayOutcome> {
  let budgetMs: number;
  try {
    budgetMs = Math.max(0, parseTimeoutMs(job.timeout));
  } catch {
    budgetMs = 0; // The trace process answers the duration's error at once.
  }
  const child = forkTraceChild(job.memoryLimitMb ?? 512);
  return new Promise((resolve) => {
    let outcome: ReplayOutcome | undefined;
    let timer: NodeJS.Timeout | undefined;
    const post = (m: ToTraceChild) => child.process.send(m, undefined, undefined, () => {});
    child.process.on('message', (m: FromTraceChild) => {
      if (m.type === 'hello') {
        const { fixture, tracer, tracerConfig, timeout, debug } = job;
        post({ type: 'replay', id: 1, fixture, tracer, tracerConfig, timeout, debug });
        timer = setTimeout(
          () => {
            outcome ??= { ok: false, message: 'execution timeout', tracerError: true };
            killProcessTree(child.process);
          },
          budgetMs + (job.graceMs ?? 2000) + profileWarmUpMs(job.debug),
        );
      } else if (m.type === 'replayed') {
        outcome ??= m.ok
          ? { ok: true, text: m.text, debug: m.debug }
          : { ok: false, message: m.message, tracerError: m.tracerError, debug: m.debug };
        clearTimeout(timer);
        resolve(outcome);
        // Done with it. (Not disconnect(): a parent-side disconnect leaves 'close' unemitted.)
        killProcessTree(child.process);
      }
    });
    child.process.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      resolve(
        outcome ?? {
          ok: false,
          message: describeChildExit({ code, signal, stderr: child.stderrTail() }),
          tracerError: true,
        },
      );
    });
  });
}

/**
 * Time the kill timer allows a `--profile` run before its deadline starts: the trace process first warms QuickJS up
 * (about 0.3 s; seconds on a loaded machine), which no timeout of the tracer's counts.
 */
export function profileWarmUpMs(debug: ReplayDebugFlags | undefined): number {
  return debug?.profile ? 3000 : 0;
}
