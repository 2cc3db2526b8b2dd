import type { AppState, HistoryEntry } from '../../state/appState.ts';
import { clear, type Panel } from '../dom.ts';
import { buildHistoryView, renderHistoryRow } from '../history/buildHistoryView.ts';
import { recordReplyVerdicts } from '../history/recordReplyVerdicts.ts';
import type { PanelContext } from './panelContext.ts';

/**
 * The requests sent from this browser (newest first), each replayable, with a status that says whether the reply
 * was the tracer's (recordReplyVerdicts).
 */
export function mountHistoryPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const stopVerdicts = recordReplyVerdicts(panel.store);
  const ctx = {
    replay: (e: HistoryEntry) => void panel.requests.resend(e),
    clearHistory: () => panel.store.update({ history: [] }),
  };
  const v = buildHistoryView();
  v.clearButton.addEventListener('click', () => ctx.clearHistory());
  el.append(...v.children);
  return {
    update(s, prev) {
      if (prev && prev.history === s.history) return;
      v.empty.hidden = s.history.length > 0;
      v.table.hidden = v.clearButton.hidden = s.history.length === 0;
      clear(v.body);
      for (const e of s.history) v.body.append(renderHistoryRow(e, () => ctx.replay(e)));
    },
    dispose() {
      stopVerdicts();
      clear(el);
    },
  };
}
