import type { InspectReport } from '../../evm/host/inspectTypes.ts';

/**
 * Moving through a recorded run as a debugger would (the run is over: these only choose what to show, so they cannot
 * change the tracer's result). Each returns the step to stop at, or null when there is none after `from`.
 */

/** The first breakpoint hit after step `from` (`-1`: from the start). */
export function nextHit(report: Pick<InspectReport, 'hits'>, from: number): number | null {
  for (const hit of report.hits) if (hit.step > from) return hit.step;
  return null;
}

/** The breakpoints that matched at `step`. */
export function hitsAt(report: Pick<InspectReport, 'hits'>, step: number): string[] {
  return report.hits.filter((h) => h.step === step).map((h) => h.breakpointId);
}

/**
 * The step of the next hook call after step `from` other than a plain `step` call (enter, exit, fault), or the next
 * step when the tracer has a step hook and the next call is the next step's.
 */
export function nextHookCall(report: Pick<InspectReport, 'hookCalls'>, from: number): number | null {
  for (const call of report.hookCalls) if (call.step > from) return call.step;
  return null;
}

/**
 * The step a call frame starts at: frame 0 is the transaction's own (step 0); frame N (depth-first order, N ≥ 1) is
 * the one the Nth `enter` call opened, and its first step is the one after that call's step (the CALL itself for a
 * frame that ran no code). Null when the recording
 * has no such frame (fewer enter calls, or the frame's first step is past the recording's bound).
 */
export function stepOfFrame(
  report: Pick<InspectReport, 'hookCalls' | 'steps'>,
  frame: number,
): number | null {
  if (!Number.isInteger(frame) || frame < 0) return null;
  if (frame === 0) return report.steps.length > 0 ? 0 : null;
  let n = 0;
  for (const call of report.hookCalls) {
    if (call.hook !== 'enter' || ++n < frame) continue;
    // A frame without code (a transfer, a precompile) has no step of its own: its CALL stands for it.
    const first = report.steps[call.step + 1];
    const opener = report.steps[call.step];
    if (first && opener && first.depth > opener.depth) return call.step + 1;
    return opener ? call.step : null;
  }
  return null;
}

/**
 * The step where the call frame at `path` starts (child indexes from the transaction's own frame, as the result
 * views' `frame-select` event gives it; `[]` is that frame): the enter/exit calls of the recording rebuild the tree
 * depth-first, so the frame is the one whose `enter` call comes at that place. Null when the recording has no such
 * frame.
 */
export function stepOfFramePath(
  report: Pick<InspectReport, 'hookCalls' | 'steps'>,
  path: readonly number[],
): number | null {
  if (path.length === 0) return report.steps.length > 0 ? 0 : null;
  // children[d]: how many frames were entered so far under the open frame at depth d (0: the transaction's own).
  const children = [0];
  let matched = 0;
  let n = 0;
  for (const call of report.hookCalls) {
    if (call.hook === 'exit') {
      if (children.length > 1) children.pop();
      if (matched >= children.length) matched = children.length - 1;
      continue;
    }
    if (call.hook !== 'enter') continue;
    n++;
    const depth = children.length - 1;
    const index = children[depth]++;
    children.push(0);
    if (matched === depth && path[depth] === index) {
      matched++;
      if (matched === path.length) return stepOfFrame(report, n);
    }
  }
  return null;
}
