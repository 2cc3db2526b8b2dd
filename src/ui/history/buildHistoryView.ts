import type { HistoryEntry } from '../../state/appState.ts';
import { h } from '../dom.ts';
import { formatSize } from '../formatSize.ts';
import { statusLabels } from '../result/judgeReply.ts';

/** The history panel's fixed elements (the panel fills the table's body). */
export interface HistoryView {
  /** What the panel's element holds, in order. */
  children: HTMLElement[];
  empty: HTMLElement;
  table: HTMLTableElement;
  body: HTMLTableSectionElement;
  clearButton: HTMLButtonElement;
}

/** Builds the history panel's layout: the empty line, the table of sent requests and the Clear button. */
export function buildHistoryView(): HistoryView {
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
  const clearButton = h('button', { text: 'Clear history' });
  const children = [
    empty,
    table,
    h('div', { class: 'row', attrs: { style: 'margin-top:8px' } }, [clearButton]),
  ];
  return { children, empty, table, body, clearButton };
}

/** One sent request as a table row (its params in the tooltip), with a Re-send button calling `replay`. */
export function renderHistoryRow(e: HistoryEntry, replay: () => void): HTMLTableRowElement {
  return h('tr', { title: JSON.stringify(e.params).slice(0, 500) }, [
    h('td', { text: new Date(e.time).toLocaleTimeString() }),
    h('td', { text: e.method }),
    h('td', { text: e.endpointName }),
    h('td', {
      text: statusLabels[e.status] ?? e.status,
      class: statusClass(e.status),
      attrs: { 'data-testid': 'history-status' },
    }),
    h('td', { text: `${Math.round(e.durationMs)} ms` }),
    h('td', { text: formatSize(e.sizeBytes) }),
    h('td', {}, [
      h('button', {
        // Not "Replay": that is the tab that replays transactions from fixtures.
        text: 'Re-send',
        title: 'Load this request into the form and send it again',
        attrs: { 'data-testid': 'history-resend' },
        on: { click: replay },
      }),
    ]),
  ]);
}

// A reply that came but is not the tracer's is a warning; a reply that did not come is an error.
function statusClass(status: string): string {
  if (status === 'ok') return 'ok';
  return status.endsWith('ignored') ? 'sev-warning' : 'sev-error';
}
