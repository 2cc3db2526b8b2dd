import type { AppState, HistoryEntry } from '../../state/appState.ts';
import { clear, type Panel } from '../shell/dom.ts';
import { buildHistoryView, renderHistoryNote, renderHistoryRow } from './buildHistoryView.ts';
import { keepHistoryResults, readKeptResult } from './keepHistoryResults.ts';
import { recordReplyVerdicts } from './recordReplyVerdicts.ts';
import type { PanelContext } from '../shell/panelContext.ts';

/**
 * The requests sent from this browser (newest first), each naming its tracer, each reopenable (the result History
 * kept, keepHistoryResults) and replayable, with a status that says whether the reply was the tracer's
 * (recordReplyVerdicts).
 */
export function mountHistoryPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const stopVerdicts = recordReplyVerdicts(panel.store);
  const stopKeeping = keepHistoryResults(panel.store);
  const v = buildHistoryView();
  const ctx = {
    replay: (e: HistoryEntry) => {
      renderHistoryNote(v.note, null, () => {});
      void panel.requests.resend(e);
    },
    open: (e: HistoryEntry) => {
      const kept = readKeptResult(e);
      if (!kept) return renderHistoryNote(v.note, e, () => ctx.replay(e));
      renderHistoryNote(v.note, null, () => {});
      panel.requests.reopen(e, kept);
    },
    clearHistory: () => panel.store.update({ history: [] }),
  };
  v.clearButton.addEventListener('click', () => ctx.clearHistory());
  el.append(...v.children);
  return {
    update(s, prev) {
      if (prev && prev.history === s.history) return;
      v.empty.hidden = s.history.length > 0;
      v.table.hidden = v.clearButton.hidden = s.history.length === 0;
      clear(v.body);
      if (s.history.length === 0) renderHistoryNote(v.note, null, () => {});
      for (const e of s.history)
        v.body.append(renderHistoryRow(e, { open: () => ctx.open(e), resend: () => ctx.replay(e) }));
    },
    dispose() {
      stopVerdicts();
      stopKeeping();
      clear(el);
    },
  };
}
