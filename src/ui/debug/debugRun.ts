import type { InspectOptions } from '../../evm/host/inspectTypes.ts';
import type { TraceDebugReport } from '../../evm/host/traceDebug.ts';
import type { RecordingQueries, RecordingSummary } from '../../worker/recording/recordingContract.ts';

/** {@link RecordingQueries} as the page asks them: across a worker boundary, each answer a promise. */
export type RecordingClient = {
  [K in keyof RecordingQueries]: (
    ...args: Parameters<RecordingQueries[K]>
  ) => Promise<Awaited<ReturnType<RecordingQueries[K]>>>;
};

/** A run's recording as the page holds it: its summary, and the questions the worker that keeps it answers. */
export interface Recording {
  summary: RecordingSummary;
  queries: RecordingClient;
}

/** What the page asks of a debugging run on its embedded node. */
export interface DebugRunOptions {
  /** Record the steps, `this` after each hook call and breakpoint hits (absent: console and profile only). */
  inspect?: InspectOptions;
}

/** What a debugging run gives back: the node's JSON-RPC answer and the run's debug report. */
export interface DebugRunAnswer {
  response: unknown;
  /** The run's report; its `inspect` is absent when the recording is kept elsewhere (`recording`). */
  report?: TraceDebugReport;
  /** The recording, kept off the page's main thread (a run with `inspect` that recorded steps). */
  recording?: Recording | null;
}

/** Runs a JSON-RPC trace request on the embedded node with a console, a profile and, on request, a recording. */
export type DebugRunner = (request: unknown, options: DebugRunOptions) => Promise<DebugRunAnswer>;

/** One debugging run as the Console and Inspector panels show it. */
export interface DebugRun {
  /** Increases with every run (panels redraw on a new one). */
  seq: number;
  /** The tracer text the embedded node ran (the cost warning holds only for that tracer). */
  tracerCode: string;
  /** The request's `timeout` as given (undefined: geth's default 5s). */
  timeout?: string;
  /** The request's method and first parameter, for headings. */
  label: string;
  response: unknown;
  report: TraceDebugReport;
  /** The run's recording (absent or null: the run recorded nothing). */
  recording?: Recording | null;
}
