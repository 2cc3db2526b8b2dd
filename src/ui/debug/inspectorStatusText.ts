import type { DebugState } from './createDebugSession.ts';

/**
 * The Inspector's status line for a state: running, the run's error, no recording, or the recording's counts and
 * where the inspector is (`hitIds`: the breakpoints that matched at `stoppedAt`, null while not known yet).
 */
export function inspectorStatusText(s: DebugState, hitIds: string[] | null): string {
  if (s.running) return 'Running on the embedded node…';
  if (s.error) return s.error;
  if (!s.run)
    return 'No recording yet: ▶ Debug run runs the Request panel’s request on the embedded node and records every step.';
  const summary = s.run.recording?.summary;
  if (!summary)
    return 'The last run recorded no steps (tick “record steps” in the Console panel, or use ▶ Debug run here).';
  const head = `Recorded ${summary.steps.toLocaleString('en-US')} steps and ${summary.hookCalls.toLocaleString('en-US')} hook calls (${s.run.label}).`;
  if (s.stoppedAt !== null)
    return `${head} Stopped at step ${s.stoppedAt}${hitIds ? ` (breakpoint ${hitIds.join(', ')})` : ''}.`;
  if (s.finished) return `${head} Ran to the end: the result is below.`;
  return s.selected === null ? head : `${head} At step ${s.selected}.`;
}
