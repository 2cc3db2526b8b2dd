import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import type { ReplayDebugFlags, TraceDebugReport } from '../../evm/host/traceDebug.ts';
import { checkReadOnlyCalls } from '../../core/upstream/checkReadOnlyCalls.ts';
import { describeChildExit } from './describeChildExit.ts';
import { fetchForTraceChild, type StateFetcher } from './fetchForTraceChild.ts';
import { forkTraceChild } from './forkTraceChild.ts';
import type { EndpointReplayReport, FromTraceChild } from './FromTraceChild.ts';
import { killProcessTree } from './killProcessTree.ts';
import { profileWarmUpMs } from './runReplayInChild.ts';
import type { ToTraceChild } from './ToTraceChild.ts';

/** State requests one replay may make (traceUpstreamTx gives up after 64 state fetches, plus its own few). */
const maxStateRequests = 256;

/** What `tracer replay --endpoint` runs: the transaction, the tracer (absent: the struct logger) and the limits. */
export interface EndpointReplayJob {
  txHash: string;
  hardfork?: string;
  tracer?: string;
  tracerConfig?: unknown;
  /** Go duration, default 5s. */
  timeout?: string;
  /** V8 heap cap of the trace process in MB (default 512). */
  memoryLimitMb?: number;
  /** How long after the timeout a trace process that computes without a word is killed, in ms (default 2000). */
  graceMs?: number;
  /** `--console`/`--profile`: the run's console lines and hook times come back in the outcome's `debug`. */
  debug?: ReplayDebugFlags;
}

/**
 * The outcome: the result as indented JSON and its cost, or the error text (`tracerError`: geth's text for a tracer
 * failure; otherwise what the upstream lacks, or why a request of the trace process was refused).
 */
export type EndpointReplayOutcome = (
  | { ok: true; text: string; report: EndpointReplayReport }
  | { ok: false; message: string; tracerError: boolean }
) & { debug?: TraceDebugReport };

/**
 * Runs one traceUpstreamTx in a fresh trace process (`forkTraceChild`), as `runReplayInChild` runs a fixture, so
 * that a hostile tracer cannot crash, hang or fill the CLI. The process has no network and no credentials: it asks
 * for state with `state` messages, which this parent checks (fetchForTraceChild: read-only state methods only; any
 * other request ends the replay, unsent) and fetches through `upstream`; a failed fetch is answered with the upstream's
error, which the trace process reports. The kill timer (timeout + `graceMs`) runs
 * only while the process computes, not while the parent fetches for it.
 */
export function runEndpointReplayInChild(
  job: EndpointReplayJob,
  upstream: StateFetcher,
): Promise<EndpointReplayOutcome> {
  let budgetMs: number;
  try {
    budgetMs = Math.max(0, parseTimeoutMs(job.timeout));
  } catch {
    budgetMs = 0; // The trace process answers the duration's error at once.
  }
  const child = forkTraceChild(job.memoryLimitMb ?? 512);
  return new Promise((resolve) => {
    let outcome: EndpointReplayOutcome | undefined;
    let timer: NodeJS.Timeout | undefined;
    const post = (m: ToTraceChild) => child.process.send(m, undefined, undefined, () => {});
    const finish = (o: EndpointReplayOutcome) => {
      outcome ??= o;
      clearTimeout(timer);
      resolve(outcome);
      // Done with it. (Not disconnect(): a parent-side disconnect leaves 'close' unemitted.)
      killProcessTree(child.process);
    };
    // Only the first arming covers the trace process warming QuickJS up for a profile (see profileWarmUpMs).
    let warmUp = profileWarmUpMs(job.debug);
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => finish({ ok: false, message: 'execution timeout', tracerError: true }),
        budgetMs + (job.graceMs ?? 2000) + warmUp,
      );
      warmUp = 0;
    };
    let requests = 0;
    const fetchFor = async (request: number, asked: unknown) => {
      let answers: unknown[];
      try {
        if (++requests > maxStateRequests)
          throw new Error(`the trace process asked for state more than ${maxStateRequests} times: refused`);
        checkReadOnlyCalls(asked);
      } catch (e) {
        return finish({ ok: false, message: (e as Error).message, tracerError: false });
      }
      try {
        answers = await fetchForTraceChild(asked, upstream);
      } catch (e) {
        // The upstream's fault, for the trace to word (it tells a reorganised chain from a pruned node).
        if (outcome) return;
        post({ type: 'state', request, error: (e as Error)?.message ?? String(e) });
        return arm();
      }
      if (outcome) return;
      post({ type: 'state', request, answers });
      arm();
    };
    child.process.on('message', (m: FromTraceChild) => {
      if (outcome) return;
      if (m.type === 'hello') {
        const { txHash, hardfork, tracer, tracerConfig, timeout, debug } = job;
        post({ type: 'replayEndpoint', id: 1, txHash, hardfork, tracer, tracerConfig, timeout, debug });
        arm();
      } else if (m.type === 'state') {
        clearTimeout(timer);
        void fetchFor(m.request, m.calls);
      } else if (m.type === 'replayed') {
        if (!m.ok) finish({ ok: false, message: m.message, tracerError: m.tracerError, debug: m.debug });
        else if (m.report) finish({ ok: true, text: m.text, report: m.report, debug: m.debug });
        else
          finish({ ok: false, message: 'the trace process answered without a report', tracerError: false });
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
