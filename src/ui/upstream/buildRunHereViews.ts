import { h } from '../shell/dom.ts';
import type { RunHere, RunHereProgress, RunHereStatus } from './createRunHere.ts';
import './runHere.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 requests · 12 accounts · 8 storage slots fetched" */
export function describeProgress(p: RunHereProgress): string {
  return `${plural(p.requests, 'request')} · ${plural(p.accounts, 'account')} · ${plural(p.slots, 'storage slot')} fetched`;
}

const short = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

/** The status line's content for `s` (empty while nothing ran). */
function renderStatus(s: RunHereStatus, cancel: () => void): (Node | string)[] {
  if (s.kind === 'idle') return [];
  if (s.kind === 'running') {
    const what = s.cancelling
      ? 'Cancelling…'
      : `Tracing ${short(s.txHash)} here on ${s.endpointName}’s state:`;
    return [
      h('span', { class: 'spinner' }),
      h('span', { text: `${what} ${describeProgress(s.progress)}` }),
      h('button', {
        text: 'Cancel',
        title: 'Stop fetching and stop the embedded node (Esc does the same)',
        attrs: { 'data-testid': 'run-here-cancel', ...(s.cancelling ? { disabled: '' } : {}) },
        on: { click: cancel },
      }),
    ];
  }
  const done = s.progress ? ` (${describeProgress(s.progress)})` : '';
  const lead = {
    ok: `Traced ${short(s.txHash)} here on ${s.endpointName}’s state${done}.`,
    failed: `Tracing here on ${s.endpointName}’s state failed${done}:`,
    cancelled: `Cancelled${done}:`,
    'not-started': 'Not started:',
  }[s.outcome];
  return [h('span', { class: `run-here-${s.outcome}`, text: `${lead} ${s.message}` })];
}

/**
 * A status line that follows `runHere` for as long as it is in the page: spinner, what was fetched so far and Cancel
 * while a run goes on; how the last run ended after it.
 */
export function buildRunHereStatus(runHere: RunHere): HTMLElement {
  const line = h('div', {
    class: 'run-here-status',
    attrs: { 'data-testid': 'run-here-status', 'aria-live': 'polite' },
  });
  const show = (s: RunHereStatus) => {
    line.replaceChildren(...renderStatus(s, () => runHere.cancel()));
    line.hidden = s.kind === 'idle';
    line.dataset.state = s.kind;
  };
  follow(
    line,
    (l) => runHere.subscribe(l),
    () => show(runHere.status()),
  );
  return line;
}

/**
 * Calls `render` now and on every change `subscribe` reports, for as long as `el` is in the page: an element that
 * was in the page and left it (its card was drawn again) stops listening at the next change.
 */
function follow(el: HTMLElement, subscribe: (listener: () => void) => () => void, render: () => void): void {
  render();
  let placed = false;
  queueMicrotask(() => (placed ||= el.isConnected));
  const stop = subscribe(() => {
    placed ||= el.isConnected;
    if (placed && !el.isConnected) stop();
    else render();
  });
}

/** The request form's hash as the offer shows it. */
function describeHash(hash: string): string {
  return /^0x[0-9a-fA-F]{64}$/.test(hash)
    ? `Transaction: ${hash} (the Request form’s hash)`
    : 'No transaction hash in the Request form yet: choose debug_traceTransaction there and paste one.';
}

/**
 * The probe card's offer, for a node that does not run JavaScript tracers: what running here means, the transaction
 * it will trace (the request form's hash, read when clicked) and the button, with the status line under it.
 */
export function buildRunHereOffer(
  runHere: RunHere,
  endpoint: { id: string; name: string },
  form: { txHash(): string; subscribe(listener: () => void): () => void },
): HTMLElement {
  const button = h('button', {
    class: 'primary',
    text: 'Run it here on this node’s state',
    attrs: { 'data-testid': 'run-here' },
    on: { click: () => void runHere.run(endpoint.id, form.txHash()) },
  });
  const hash = h('div', { class: 'run-here-hash', attrs: { 'data-testid': 'run-here-hash' } });
  follow(hash, form.subscribe, () => (hash.textContent = describeHash(form.txHash().trim())));
  return h('div', { class: 'run-here-offer', attrs: { 'data-testid': 'run-here-offer' } }, [
    h('div', { class: 'run-here-title', text: 'Run your tracer here instead' }),
    h('p', {
      class: 'hint',
      text:
        `This page’s embedded node runs the current tracer on ${endpoint.name}’s state with geth’s semantics ` +
        '(debug_traceTransaction). It asks the node only for the transaction, its block and the state it reads ' +
        '(standard read-only methods); the tracer itself runs sandboxed, with no network.',
    }),
    hash,
    h('div', { class: 'row' }, [button]),
    buildRunHereStatus(runHere),
  ]);
}
