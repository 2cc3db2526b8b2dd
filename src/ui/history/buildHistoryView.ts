import type { HistoryEntry } from '../../state/appState.ts';
import { h } from '../shell/dom.ts';
import { formatSize } from '../shell/formatSize.ts';
import { statusLabels } from '../result/judgeReply.ts';

/** The history panel's fixed elements (the panel fills the table's body). */
export interface HistoryView {
  /** What the panel's element holds, in order. */
  children: HTMLElement[];
  empty: HTMLElement;
  table: HTMLTableElement;
  body: HTMLTableSectionElement;
  clearButton: HTMLButtonElement;
  /** Says why an entry cannot be reopened (its result was too large to keep), with a Re-send button. */
  note: HTMLElement;
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
        ['Time', 'Method', 'Tracer', 'Endpoint', 'Status', 'Duration', 'Size', ''].map((t) =>
          h('th', { text: t }),
        ),
      ),
    ]),
    body,
  ]);
  const clearButton = h('button', { text: 'Clear history' });
  const note = h('div', { class: 'card', attrs: { 'data-testid': 'history-note' } });
  note.hidden = true;
  const children = [
    empty,
    note,
    table,
    h('div', { class: 'row', attrs: { style: 'margin-top:8px' } }, [clearButton]),
  ];
  return { children, empty, table, body, clearButton, note };
}

/** What a History row can do: open its kept result again, or send its request again. */
export interface HistoryRowActions {
  open(): void;
  resend(): void;
}

/**
 * One sent request as a table row (its params in the tooltip): its tracer's name, an Open button (the row opens
 * too, on a click outside its buttons) and a Re-send button. An entry whose result was too large to keep says so.
 */
export function renderHistoryRow(e: HistoryEntry, actions: HistoryRowActions): HTMLTableRowElement {
  const open = h('button', {
    text: 'Open',
    title: e.resultTrimmed
      ? 'The result was too large for History to keep: re-send to see it again'
      : 'Show this result in the Result panel again',
    attrs: { 'data-testid': 'history-open' },
    on: { click: actions.open },
  });
  const row = h('tr', { class: 'history-entry', title: JSON.stringify(e.params).slice(0, 500) }, [
    h('td', { text: new Date(e.time).toLocaleTimeString() }),
    h('td', { text: e.method }),
    h('td', { text: e.tracerName ?? '—', attrs: { 'data-testid': 'history-tracer' } }),
    h('td', { text: e.endpointName }),
    h('td', {
      text: statusLabels[e.status] ?? e.status,
      class: statusClass(e.status),
      attrs: { 'data-testid': 'history-status' },
    }),
    h('td', { text: `${Math.round(e.durationMs)} ms` }),
    h('td', { text: formatSize(e.sizeBytes) }),
    h('td', {}, [
      open,
      h('button', {
        // Not "Replay": that is the tab that replays transactions from fixtures.
        text: 'Re-send',
        title: 'Load this request into the form and send it again',
        attrs: { 'data-testid': 'history-resend' },
        on: { click: actions.resend },
      }),
    ]),
  ]);
  row.addEventListener('click', (ev) => {
    if (!(ev.target as Element).closest('button')) actions.open();
  });
  return row;
}

/** Why an entry cannot be reopened (kept nothing, or kept something unreadable), with its Re-send button. */
export function renderHistoryNote(note: HTMLElement, e: HistoryEntry | null, resend: () => void): void {
  note.replaceChildren();
  note.hidden = e === null;
  if (!e) return;
  const why = e.resultTrimmed
    ? `The result of ${e.method} at ${new Date(e.time).toLocaleTimeString()} (${formatSize(e.sizeBytes)}) was too large for History to keep.`
    : `History keeps answers, not errors (their words may name the endpoint's URL): re-send ${e.method} of ${new Date(e.time).toLocaleTimeString()} to see it again.`;
  note.append(
    h('div', { text: why }),
    h('div', { class: 'row' }, [
      h('button', {
        text: 'Re-send',
        title: 'Load this request into the form and send it again',
        attrs: { 'data-testid': 'history-note-resend' },
        on: { click: resend },
      }),
    ]),
  );
}

// A reply that came but is not the tracer's is a warning; a reply that did not come is an error.
function statusClass(status: string): string {
  if (status === 'ok') return 'ok';
  return status.endsWith('ignored') ? 'sev-warning' : 'sev-error';
}
