import { h } from '../shell/dom.ts';

/** The replay panel's fixed elements (the panel fills and updates them). */
export interface ReplayView {
  root: HTMLElement;
  file: HTMLInputElement;
  txHash: HTMLInputElement;
  txError: HTMLElement;
  endpoint: HTMLElement;
  useFormHash: HTMLButtonElement;
  capture: HTMLButtonElement;
  cancel: HTMLButtonElement;
  status: HTMLElement;
  captured: HTMLElement;
  loaded: HTMLElement;
  error: HTMLElement;
}

const intro =
  'Replay runs one real transaction in the embedded node, on exactly the state it saw on chain. Capture it once ' +
  'from a node (a few calls, one debug_traceTransaction with prestateTracer), or import a fixture file, then ' +
  'iterate on a tracer locally without spending the node’s debug quota. Fixtures use geth’s tracetest format, ' +
  'so the files of geth’s tracer tests load too.';

/** Builds the replay panel's static layout: intro, import, capture, status, error and the loaded-fixture slot. */
export function buildReplayView(): ReplayView {
  const file = h('input', {
    type: 'file',
    attrs: { accept: '.json,application/json', 'data-testid': 'replay-file', id: 'replay-file' },
  });
  const txHash = h('input', {
    placeholder: '0x… (32-byte transaction hash)',
    attrs: { 'data-testid': 'replay-tx-hash', id: 'replay-tx-hash', spellcheck: 'false' },
  });
  const txError = h('div', {
    class: 'error',
    attrs: { 'data-testid': 'replay-tx-error', 'aria-live': 'polite' },
  });
  const endpoint = h('div', { class: 'hint', attrs: { 'data-testid': 'replay-endpoint' } });
  const useFormHash = h('button', {
    text: 'Use the request form’s tx hash',
    attrs: { 'data-testid': 'replay-use-form-hash' },
  });
  const capture = h('button', {
    text: 'Capture',
    class: 'primary',
    title: 'Fetch the transaction, its block and its pre-state (prestateTracer) from the selected endpoint',
    attrs: { 'data-testid': 'replay-capture' },
  });
  const cancel = h('button', { text: 'Cancel', attrs: { 'data-testid': 'replay-cancel' } });
  const status = h('div', { class: 'row', attrs: { 'data-testid': 'replay-status', 'aria-live': 'polite' } });
  const captured = h('div', { attrs: { 'data-testid': 'replay-captured' } });
  const loaded = h('div');
  const error = h('div', {
    class: 'error',
    attrs: {
      'data-testid': 'replay-error',
      role: 'alert',
      style: 'color:var(--error);margin:4px 0 14px;white-space:pre-wrap',
    },
  });
  const section = (title: string, children: (Node | null)[]) =>
    h('div', { class: 'section' }, [h('h2', { text: title }), ...children]);
  const root = h('div', {}, [
    h('p', { class: 'hint', text: intro, attrs: { 'data-testid': 'replay-intro' } }),
    section('Import fixture', [
      h('div', { class: 'field' }, [
        h('label', { text: 'Fixture file (.json)', attrs: { for: 'replay-file' } }),
        file,
        h('div', {
          class: 'hint',
          text: 'A geth tracetest fixture: genesis, context, input (result optional).',
        }),
      ]),
    ]),
    section('Capture from endpoint', [
      h('div', { class: 'field' }, [
        h('label', { text: 'Transaction hash', attrs: { for: 'replay-tx-hash' } }),
        txHash,
        txError,
        endpoint,
      ]),
      h('div', { class: 'row' }, [capture, cancel, useFormHash]),
      captured,
    ]),
    status,
    error,
    section('Embedded node', [loaded]),
  ]);
  return {
    root,
    file,
    txHash,
    txError,
    endpoint,
    useFormHash,
    capture,
    cancel,
    status,
    captured,
    loaded,
    error,
  };
}
