import type { AppState } from '../../state/appState.ts';
import { latestDebugRun } from '../debug/latestDebugRun.ts';
import { confirmAction } from '../shell/openDialog.ts';
import { sendCostWarning } from './sendCostWarning.ts';

/**
 * Sends, after asking first when geth would likely time out on this tracer (sendCostWarning). Every way to send
 * goes through it (Run, Ctrl/Cmd+Enter on the page and in the editor), so none skips the question.
 */
export async function sendAfterCostCheck(s: AppState, send: () => void): Promise<void> {
  const warning = sendCostWarning(s, latestDebugRun.get());
  if (warning && !(await confirmAction('Send a tracer likely to time out?', warning, 'Send anyway'))) return;
  send();
}
