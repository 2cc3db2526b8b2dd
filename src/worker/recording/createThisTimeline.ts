import type { InspectReport } from '../../evm/host/inspectTypes.ts';
import { applyChange, type Json, type ThisAtResult } from '../../evm/host/thisAt.ts';

/** `this` over the steps of a recording, rebuilt as thisAt does but without holding its thread for long. */
export interface ThisTimeline {
  /** `this` after step `step` (`-1`: after setup), as {@link thisAt} gives it. */
  at(step: number): Promise<ThisAtResult>;
}

/**
 * A timeline over a report: the hook calls' changes are applied in slices of `slice` calls with a yield to the page
 * between them, and the state is kept (as JSON text) every `slice` calls, so that the next step looked up starts from
 * the nearest kept state before it. A recording holds up to 100,000 hook calls: replaying them all at once would hold
 * the thread (the recording worker, which answers the Inspector's other questions meanwhile) for hundreds of
 * milliseconds.
 */
export function createThisTimeline(
  report: Pick<InspectReport, 'thisInitial' | 'hookCalls'>,
  slice = 2000,
): ThisTimeline {
  // marks[k]: the state before hookCalls[marks[k].call], in call order.
  const marks: { call: number; text: string }[] =
    report.thisInitial === undefined ? [] : [{ call: 0, text: report.thisInitial }];
  const calls = report.hookCalls;
  return {
    async at(step) {
      if (marks.length === 0) return { ok: false, reason: 'this could not be serialised after setup' };
      let m = marks.length - 1;
      while (m > 0 && calls[marks[m].call - 1].step > step) m--;
      let value = JSON.parse(marks[m].text) as Json;
      let done = 0;
      for (let i = marks[m].call; i < calls.length && calls[i].step <= step; i++) {
        const call = calls[i];
        if (call.capped)
          return {
            ok: false,
            reason: `the ${call.hook} call of step ${call.step} changed too much to record`,
          };
        for (const change of call.changes) {
          if (change.truncated)
            return { ok: false, reason: `${change.path} at step ${call.step} is too long to record` };
          value = applyChange(value, change);
        }
        if ((i + 1) % slice === 0 && i + 1 > marks[marks.length - 1].call)
          marks.push({ call: i + 1, text: JSON.stringify(value) });
        if (++done % slice === 0) await new Promise((r) => setTimeout(r, 0));
      }
      return { ok: true, value };
    },
  };
}
