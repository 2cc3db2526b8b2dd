import type { AppState, HistoryEntry } from '../../state/appState.ts';
import { clear, h, type Panel } from '../dom.ts';
import type { PanelContext } from './panelContext.ts';

function formatSize(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1048576).toFixed(1)} MB`;
}

/** The requests sent from this browser (newest first), each replayable. */
export function mountHistoryPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const ctx = {
    replay: (e: HistoryEntry) => void panel.requests.resend(e),
    clearHistory: () => panel.store.update({ history: [] }),
  };
  const body = h('tbody');
  const empty = h('div', {
    class: 'empty',
    text: 'No requests sent yet. Sent requests appear here and can be replayed.',
  });
  const table = h('table', { class: 'history', attrs: { 'data-testid': 'history' } }, [
    h('thead', {}, [
      h(
        'tr',
        {},
        ['Time', 'Method', 'Endpoint', 'Status', 'Duration', 'Size', ''].map((t) => h('th', { text: t })),
      ),
    ]),
    body,
  ]);
  const clearButton = h('button', { text: 'Clear history', on: { click: () => ctx.clearHistory() } });
  el.append(empty, table, h('div', { class: 'row', attrs: { style: 'margin-top:8px' } }, [clearButton]));
  return {
    update(s, prev) {
      if (prev && prev.history === s.history) return;
      empty.hidden = s.history.length > 0;
      table.hidden = clearButton.hidden = s.history.length === 0;
      clear(body);
      for (const e of s.history) {
        body.append(
          h('tr', { title: JSON.stringify(e.params).slice(0, 500) }, [
            h('td', { text: new Date(e.time).toLocaleTimeString() }),
            h('td', { text: e.method }),
            h('td', { text: e.endpointName }),
            h('td', { text: e.status, class: e.status === 'ok' ? 'ok' : 'sev-error' }),
            h('td', { text: `${Math.round(e.durationMs)} ms` }),
            h('td', { text: formatSize(e.sizeBytes) }),
            h('td', {}, [
              h('button', {
                text: 'Replay',
                title: 'Load this request into the form and send it',
                on: { click: () => ctx.replay(e) },
              }),
            ]),
          ]),
        );
      }
    },
    dispose: () => clear(el),
  };
}
