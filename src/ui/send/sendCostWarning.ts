import type { AppState } from '../../state/appState.ts';
import { activeEndpoint } from '../../state/endpointList.ts';
import { buildCostView, timeoutMsOf } from '../debug/buildCostView.ts';
import type { DebugRun } from '../debug/debugRun.ts';

/**
 * The warning before a send to a node other than the embedded one: when the last debugging run on the embedded node
 * ran this very tracer (the same one-line string) and geth's estimated time for it reaches the request's timeout (or
 * geth's default 5 s), or the run there was itself stopped by that timeout. It names the costliest hook and says what the estimate rests on. Null otherwise.
 */
export function sendCostWarning(s: AppState, run: DebugRun | null): string | null {
  const profile = run?.report.profile;
  if (!run || !profile || !s.flat || run.tracerCode !== s.flat.code) return null;
  if (activeEndpoint(s).kind === 'embedded') return null;
  const timeout = s.request.timeout.trim() || undefined;
  const view = buildCostView(profile, timeoutMsOf(timeout), timeout);
  // A run stopped here by the same timeout is flagged too: goja is slower than the page's engine (the ratio > 1).
  const { verdict } = view.estimate;
  if (verdict !== 'likely-timeout' && verdict !== 'incomplete') return null;
  return `Likely to time out: ${view.warning} Measured on the embedded node (${run.label}): ${view.estimate.ratio.times.toFixed(2)}× the time in the hooks there (Console panel: what the estimate rests on).`;
}
