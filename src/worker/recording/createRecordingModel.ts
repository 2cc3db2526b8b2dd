import type { HookCall, InspectReport } from '../../evm/host/inspectTypes.ts';
import type { RecordingQueries, RecordingSummary, StepRowView } from './recordingContract.ts';
import { buildStepRows, filterStepRows, rowOfStep, type StepFilter } from './buildStepRows.ts';
import { createThisTimeline } from './createThisTimeline.ts';
import { hitsAt, nextHit, nextHookCall, stepOfFrame, stepOfFramePath } from './navigateRecording.ts';

/** Rows one {@link RecordingQueries.rows} call gives at most. */
export const maxRowsPerCall = 500;

/** A recording with the Inspector's questions answered over it (where it is kept: the recording worker). */
export interface RecordingModel extends RecordingQueries {
  summary: RecordingSummary;
}

/** The summary of a report: its counts, first hit and breakpoint errors. */
export function summarizeRecording(report: InspectReport): RecordingSummary {
  return {
    steps: report.steps.length,
    hookCalls: report.hookCalls.length,
    totalSteps: report.totalSteps,
    truncated: report.truncated,
    maxSteps: report.maxSteps,
    firstHit: nextHit(report, -1),
    breakpointErrors: report.breakpointErrors,
  };
}

/** The first index in `calls` (ordered by step) whose step is `step` or more. */
function firstCallAt(calls: readonly HookCall[], step: number): number {
  let [lo, hi] = [0, calls.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (calls[mid].step < step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The row view of row `row` (a step index, or `-(hook call index) - 1`). */
function rowView(report: InspectReport, hitSteps: ReadonlySet<number>, row: number): StepRowView {
  if (row < 0) {
    const call = report.hookCalls[-row - 1];
    return {
      kind: 'call',
      step: call.step,
      hook: call.hook,
      changes: call.changes.length,
      capped: !!call.capped,
    };
  }
  const s = report.steps[row];
  return {
    kind: 'step',
    step: row,
    hit: hitSteps.has(row),
    op: s.op,
    pc: s.pc,
    depth: s.depth,
    gas: s.gas,
    cost: s.cost,
    contract: s.contract,
    stackTop: s.stack[0] ?? '',
  };
}

/**
 * The Inspector's model of a report: its rows built once, the rows that pass the last filter asked about kept, and
 * every answer as plain data sized by what the page draws (rows in view, one step's detail).
 */
export function createRecordingModel(report: InspectReport): RecordingModel {
  const rows = buildStepRows(report);
  const hitSteps = new Set(report.hits.map((x) => x.step));
  const timeline = createThisTimeline(report);
  let last: { key: string; shown: Int32Array } = { key: '', shown: rows };
  const shown = (filter: StepFilter): Int32Array => {
    const key = JSON.stringify([filter.op, filter.depth, filter.contract, filter.pc]);
    if (key !== last.key) last = { key, shown: filterStepRows(report, rows, filter) };
    return last.shown;
  };
  const callsOf = (step: number) => {
    const out: HookCall[] = [];
    for (let i = firstCallAt(report.hookCalls, step); report.hookCalls[i]?.step === step; i++)
      out.push(report.hookCalls[i]);
    return out;
  };
  return {
    summary: summarizeRecording(report),
    count: (filter) => shown(filter).length,
    rows: (filter, start, count) =>
      Array.from(shown(filter).subarray(Math.max(0, start), start + Math.min(count, maxRowsPerCall)), (r) =>
        rowView(report, hitSteps, r),
      ),
    positionOf: (filter, step) => rowOfStep(shown(filter), step),
    detail: (step) => {
      const s = report.steps[step];
      return s ? { step: s, calls: callsOf(step), hits: hitsAt(report, step) } : null;
    },
    thisAt: (step) => timeline.at(step),
    hitsAt: (step) => hitsAt(report, step),
    nextHit: (from) => nextHit(report, from),
    nextHookCall: (from) => nextHookCall(report, from),
    stepOfFrame: (frame) => stepOfFrame(report, frame),
    stepOfFramePath: (path) => stepOfFramePath(report, path),
  };
}
