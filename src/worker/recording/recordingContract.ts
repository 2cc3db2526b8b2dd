// The recording worker's contract (recording.worker.ts): an inspected run's recording stays in that worker, and the
// page's Inspector asks it for the rows in view, a step's detail and positions, so that scrolling a 100,000-step
// recording costs the rows drawn, not the recording's size. Plain data only crosses.
import type { HookCall, InspectedStep } from '../../evm/host/inspectTypes.ts';
import type { HookName } from '../../evm/host/traceDebug.ts';
import type { ThisAtResult } from '../../evm/host/thisAt.ts';
import type { StepFilter } from './buildStepRows.ts';

/** What the page keeps of a recording: its counts and what the status line and the breakpoint list show. */
export interface RecordingSummary {
  /** Recorded steps. */
  steps: number;
  hookCalls: number;
  /** Steps the EVM ran, recorded or not. */
  totalSteps: number;
  /** More steps ran than were recorded. */
  truncated: boolean;
  maxSteps: number;
  /** The step of the first breakpoint hit, or null. */
  firstHit: number | null;
  breakpointErrors: { breakpointId: string; message: string }[];
}

/** One row of the Inspector's step list as drawn: a step, or a hook call other than `step` after its step. */
export type StepRowView =
  | (Pick<InspectedStep, 'op' | 'pc' | 'depth' | 'gas' | 'cost' | 'contract'> & {
      kind: 'step';
      step: number;
      /** A breakpoint matched at this step. */
      hit: boolean;
      /** The top of the stack (0x hex), or '' when it is empty. */
      stackTop: string;
    })
  | {
      kind: 'call';
      /** The step the call belongs to. */
      step: number;
      hook: HookName;
      /** How many changes it made to `this`. */
      changes: number;
      /** Its changes were too many to record. */
      capped: boolean;
    };

/** What the detail pane shows of a step (without `this`, which {@link RecordingQueries.thisAt} rebuilds). */
export interface StepDetailView {
  step: InspectedStep;
  /** The step's hook calls (its `step` call first, then enter/exit/fault). */
  calls: HookCall[];
  /** The breakpoints that matched there. */
  hits: string[];
}

/** What the page may ask about a recording (over the port {@link RecordingWorkerApi.load} gives). */
export interface RecordingQueries {
  /** How many rows pass `filter`. */
  count(filter: StepFilter): number;
  /** The rows `start` to `start + count` of those that pass `filter` (at most 500). */
  rows(filter: StepFilter, start: number, count: number): StepRowView[];
  /** The position of step `step`'s own row among the rows that pass `filter`, or -1. */
  positionOf(filter: StepFilter, step: number): number;
  /** A step's detail, or null when the recording has no such step. */
  detail(step: number): StepDetailView | null;
  /** `this` after step `step` (-1: after setup). */
  thisAt(step: number): Promise<ThisAtResult>;
  /** The breakpoints that matched at `step`. */
  hitsAt(step: number): string[];
  /** The first breakpoint hit after step `from`, or null. */
  nextHit(from: number): number | null;
  /** The step of the next hook call after step `from`, or null. */
  nextHookCall(from: number): number | null;
  /** The step where call frame `frame` (depth-first number) starts, or null. */
  stepOfFrame(frame: number): number | null;
  /** The step where the call frame at `path` (child indexes) starts, or null. */
  stepOfFramePath(path: number[]): number | null;
}

/** The recording worker's contract. */
export interface RecordingWorkerApi {
  /**
   * Waits for the one message the node worker posts on `port` (an inspected run's InspectReport, or null when the
   * run recorded nothing) and keeps it as the worker's recording, in place of the previous one; resolves to its
   * summary and a port answering {@link RecordingQueries}, or null. Nothing but that one message is read from `port`.
   */
  load(port: MessagePort): Promise<{ summary: RecordingSummary; port: MessagePort } | null>;
}
