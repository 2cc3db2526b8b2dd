import type { Breakpoint } from '../../evm/host/inspectTypes.ts';
import { anyConsoleLine, type ConsoleFilter } from './filterConsoleLines.ts';
import type { DebugRun, DebugRunAnswer, DebugRunner } from './debugRun.ts';
import { noStepFilter, type StepFilter } from '../../worker/recording/buildStepRows.ts';

/** What the Console and Inspector panels share: the last debugging run and what the user chose in it. */
export interface DebugState {
  run: DebugRun | null;
  running: boolean;
  /** Why the last run could not be made (the tracer has errors, the request is not a trace…). */
  error: string | null;
  /** The step shown in the inspector's detail pane (null: none). */
  selected: number | null;
  /** The breakpoint hit the inspector stopped at (null: not stopped at one). */
  stoppedAt: number | null;
  /** The inspector went on past the last hit (or to the end): the run's result is shown. */
  finished: boolean;
  breakpoints: Breakpoint[];
  consoleFilter: ConsoleFilter;
  stepFilter: StepFilter;
}

/** What a debugging run is made of: the request (a trace with its tracer) and its tracer text and timeout. */
export interface DebugRequest {
  request: unknown;
  tracerCode: string;
  timeout?: string;
  label: string;
}

/** The shared debugging session (see {@link DebugState}). */
export interface DebugSession {
  get(): DebugState;
  update(patch: Partial<DebugState>): void;
  subscribe(fn: (s: DebugState, prev: DebugState) => void): () => void;
  /**
   * Runs `what` on the embedded node with a console, a profile and a recording with the breakpoints (`record`; without
   * it, console and profile only), and stops at the first hit. `what` is a string when the request cannot be made.
   */
  start(what: DebugRequest | string, record: boolean): Promise<void>;
  /** Shows a run made elsewhere (Run on the embedded node) as the last run, unless a debugging run is under way. */
  show(what: DebugRequest, answer: DebugRunAnswer): void;
}

/** The steps a page recording keeps at most (the report says so when a run has more). */
export const pageMaxSteps = 100_000;

/** Creates the session over a runner (the page: the embedded node's worker). */
export function createDebugSession(runner: DebugRunner): DebugSession {
  let state: DebugState = {
    run: null,
    running: false,
    error: null,
    selected: null,
    stoppedAt: null,
    finished: false,
    breakpoints: [],
    consoleFilter: anyConsoleLine,
    stepFilter: noStepFilter,
  };
  const subs = new Set<(s: DebugState, prev: DebugState) => void>();
  let seq = 0;
  const update = (patch: Partial<DebugState>) => {
    const prev = state;
    state = { ...state, ...patch };
    for (const fn of subs) fn(state, prev);
  };
  const showAnswer = (what: DebugRequest, answer: DebugRunAnswer, patch: Partial<DebugState>) => {
    const run: DebugRun = {
      seq,
      ...what,
      response: answer.response,
      report: answer.report ?? {},
      recording: answer.recording ?? null,
    };
    const hit = run.recording?.summary.firstHit ?? null;
    const selected = hit ?? (run.recording ? 0 : null);
    update({ ...patch, run, error: null, stoppedAt: hit, finished: false, selected });
  };
  return {
    get: () => state,
    show(what, answer) {
      if (state.running) return;
      seq++;
      showAnswer(what, answer, {});
    },
    update,
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    async start(what, record) {
      if (state.running) return;
      if (typeof what === 'string') return update({ error: what });
      const mine = ++seq;
      update({ running: true, error: null });
      const inspect = record ? { maxSteps: pageMaxSteps, breakpoints: state.breakpoints } : undefined;
      try {
        const answer = await runner(what.request, inspect ? { inspect } : {});
        if (mine === seq) showAnswer(what, answer, { running: false });
      } catch (e) {
        if (mine === seq)
          update({ running: false, error: `The debugging run failed: ${(e as Error).message}` });
      }
    },
  };
}
