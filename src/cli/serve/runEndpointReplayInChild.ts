import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import type { ReplayDebugFlags, TraceDebugReport } from '../../evm/host/traceDebug.ts';
import { checkReadOnlyCalls } from '../../core/upstream/checkReadOnlyCalls.ts';
import { describeChildExit } from './describeChildExit.ts';
import { fetchForTraceChild, type StateFetcher } from './fetchForTraceChild.ts';
import { forkTraceChild, type TraceChildProcess } from './forkTraceChild.ts';
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

/** One replay in flight: its process, its kill timer and its outcome once known. */
interface Replay {
  job: EndpointReplayJob;
  upstream: StateFetcher;
  child: TraceChildProcess;
  budgetMs: number;
  /** Only the first arming covers the trace process warming QuickJS up for a profile (see profileWarmUpMs). */
  warmUpMs: number;
  requests: number;
  outcome?: EndpointReplayOutcome;
  timer?: NodeJS.Timeout;
  resolve: (outcome: EndpointReplayOutcome) => void;
}

/** The request's timeout in ms; 0 when it does not parse (the trace process answers the duration's error at once). */
function budgetOf(job: EndpointReplayJob): number {
  try {
    return Math.max(0, parseTimeoutMs(job.timeout));
  } catch {
    return 0;
  }
}

function post(replay: Replay, m: ToTraceChild): void {
  replay.child.process.send(m, undefined, undefined, () => {});
}

function finish(replay: Replay, o: EndpointReplayOutcome): void {
  replay.outcome ??= o;
  clearTimeout(replay.timer);
  replay.resolve(replay.outcome);
  // Done with it. (Not disconnect(): a parent-side disconnect leaves 'close' unemitted.)
  killProcessTree(replay.child.process);
}

/** (Re)starts the kill timer: the process computes from now on. */
function arm(replay: Replay): void {
  clearTimeout(replay.timer);
  replay.timer = setTimeout(
    () => finish(replay, { ok: false, message: 'execution timeout', tracerError: true }),
    replay.budgetMs + (replay.job.graceMs ?? 2000) + replay.warmUpMs,
  );
  replay.warmUpMs = 0;
}

/** Answers a `state` message: checked, fetched upstream, answered (or the replay ends, refused). */
async function fetchFor(replay: Replay, request: number, asked: unknown): Promise<void> {
  let answers: unknown[];
  try {
    if (++replay.requests > maxStateRequests)
      throw new Error(`the trace process asked for state more than ${maxStateRequests} times: refused`);
    checkReadOnlyCalls(asked);
  } catch (e) {
    return finish(replay, { ok: false, message: (e as Error).message, tracerError: false });
  }
  try {
    answers = await fetchForTraceChild(asked, replay.upstream);
  } catch (e) {
    // The upstream's fault, for the trace to word (it tells a reorganised chain from a pruned node).
    if (replay.outcome) return;
    post(replay, { type: 'state', request, error: (e as Error)?.message ?? String(e) });
    return arm(replay);
  }
  if (replay.outcome) return;
  post(replay, { type: 'state', request, answers });
  arm(replay);
}

function onMessage(replay: Replay, m: FromTraceChild): void {
  if (replay.outcome) return;
  if (m.type === 'hello') {
    const { txHash, hardfork, tracer, tracerConfig, timeout, debug } = replay.job;
    post(replay, { type: 'replayEndpoint', id: 1, txHash, hardfork, tracer, tracerConfig, timeout, debug });
    arm(replay);
  } else if (m.type === 'state') {
    clearTimeout(replay.timer);
    void fetchFor(replay, m.request, m.calls);
  } else if (m.type === 'replayed') {
    if (!m.ok) finish(replay, { ok: false, message: m.message, tracerError: m.tracerError, debug: m.debug });
    else if (m.report) finish(replay, { ok: true, text: m.text, report: m.report, debug: m.debug });
    else
      finish(replay, {
        ok: false,
        message: 'the trace process answered without a report',
        tracerError: false,
      });
  }
}

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
  const budgetMs = budgetOf(job);
  const child = forkTraceChild(job.memoryLimitMb ?? 512);
  return new Promise((resolve) => {
    const replay: Replay = {
      job,
      upstream,
      child,
      budgetMs,
      warmUpMs: profileWarmUpMs(job.debug),
      requests: 0,
      resolve,
    };
    child.process.on('message', (m: FromTraceChild) => onMessage(replay, m));
    child.process.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(replay.timer);
      resolve(
        replay.outcome ?? {
          ok: false,
          message: describeChildExit({ code, signal, stderr: child.stderrTail() }),
          tracerError: true,
        },
      );
    });
  });
}
