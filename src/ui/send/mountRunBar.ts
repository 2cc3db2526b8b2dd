import type { AppState } from '../../state/appState.ts';
import { buildDraftRequest } from '../../state/buildDraftRequest.ts';
import { activeEndpoint } from '../../state/endpointList.ts';
import { h, type Panel } from '../shell/dom.ts';
import { tracerCodeFor } from './tracerCodeFor.ts';
import { latestDebugRun } from '../debug/latestDebugRun.ts';
import { sendCostWarning } from './sendCostWarning.ts';
import { sendAfterCostCheck } from './sendAfterCostCheck.ts';

/** What the run bar does. */
export interface RunBarActions {
  /** Sends the request of the Request panel with the active tracer. */
  send(): void;
  cancel(): void;
  /** Opens a side panel: Request (to change what is sent) or Problems (what stops the tracer). */
  showPanel(id: 'request' | 'problems'): void;
}

/** Why Run would not send now, in a few words (null when it would). */
export function notReadyReason(s: AppState): string | null {
  const built = buildDraftRequest(s.request, tracerCodeFor(s, activeEndpoint(s)));
  if (built.ok) return null;
  const first = built.errors[0];
  if (first.path === 'tracer') return 'the tracer has errors';
  return `${first.message}${built.errors.length > 1 ? ` (+${built.errors.length - 1} more)` : ''}`;
}

/**
 * The bar above the editor: Run (Cancel while a request runs), what Run sends and where (a button to the Request
 * panel), and why it would not send when it would not. In sight at every width, whichever side panel is open.
 */
export function mountRunBar(el: HTMLElement, actions: RunBarActions): Panel<AppState> {
  let reason: string | null = null;
  const run = h('button', {
    class: 'primary',
    text: '▶ Run',
    title: 'Send the request with this tracer (Ctrl/Cmd+Enter)',
    attrs: { 'data-testid': 'run' },
    on: {
      // A tracer with errors is not sent: Problems says what to fix (the Request panel says what a field needs).
      click: () =>
        reason === 'the tracer has errors' ? actions.showPanel('problems') : void sendAfterCost(),
    },
  });
  const cancel = h('button', {
    text: '■ Cancel',
    title: 'Cancel the request (Esc)',
    attrs: { 'data-testid': 'run-cancel' },
    on: { click: () => actions.cancel() },
  });
  const what = h('button', {
    class: 'run-what',
    title: 'Change the method, its parameters or the endpoint (Request panel)',
    attrs: { 'data-testid': 'run-what' },
    on: { click: () => actions.showPanel('request') },
  });
  const why = h('span', { class: 'run-why sev-error', attrs: { 'data-testid': 'run-why' } });
  // geth's estimated time for this tracer (from the last debugging run here) when it would likely time out there.
  const cost = h('span', { class: 'run-why sev-warning', attrs: { 'data-testid': 'cost-warning' } });
  let last: AppState | null = null;
  const showCost = () => {
    const warning = last ? sendCostWarning(last, latestDebugRun.get()) : null;
    cost.textContent = warning ? '⚠ likely to time out on the node' : '';
    cost.title = warning ?? '';
    cost.hidden = !warning;
  };
  const stopCost = latestDebugRun.subscribe(showCost);
  const sendAfterCost = () => (last ? sendAfterCostCheck(last, () => actions.send()) : actions.send());
  el.append(run, cancel, what, why, cost);
  return {
    update(s, prev) {
      last = s;
      showCost();
      if (!prev || prev.inFlight !== s.inFlight) {
        run.hidden = s.inFlight !== null;
        cancel.hidden = s.inFlight === null;
      }
      if (
        prev &&
        prev.request === s.request &&
        prev.flat === s.flat &&
        prev.embeddedFlat === s.embeddedFlat &&
        prev.endpoints === s.endpoints &&
        prev.activeEndpointId === s.activeEndpointId
      )
        return;
      what.textContent = `${s.request.method} → ${activeEndpoint(s).name}`;
      reason = notReadyReason(s);
      why.textContent = reason ? `Not ready: ${reason}` : '';
      why.title = why.textContent;
    },
    dispose: () => {
      stopCost();
      el.replaceChildren();
    },
  };
}
