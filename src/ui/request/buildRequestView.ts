import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { methodNames, methods } from '../../core/rpc/methods/methods.ts';
import { clear, h } from '../shell/dom.ts';

/** The request panel's fixed elements (the panel fills the endpoint list, the form and the progress). */
export interface RequestView {
  /** What the panel's element holds, in order. */
  children: HTMLElement[];
  endpointSelect: HTMLSelectElement;
  /** Every method of the table's form rows, Bitcoin ones labelled. */
  methodSelect: HTMLSelectElement;
  rawToggle: HTMLInputElement;
  /** The chosen method's description. */
  description: HTMLElement;
  /** One field per param (or the raw params), then the tracing options. */
  form: HTMLElement;
  send: HTMLButtonElement;
  cancel: HTMLButtonElement;
  progress: HTMLElement;
  fillDemo: HTMLButtonElement;
}

/** Builds the request panel's layout: endpoint, method, raw toggle and demo values, the form, send and cancel. */
export function buildRequestView(): RequestView {
  const endpointSelect = h('select', {
    attrs: { 'aria-label': 'Endpoint', 'data-testid': 'endpoint-select' },
  });
  const methodSelect = h('select', { attrs: { 'aria-label': 'Method', 'data-testid': 'method-select' } });
  for (const id of methodNames)
    methodSelect.append(
      h('option', { value: id, text: `${id}${methods[id].family === 'bitcoin' ? ' (Bitcoin)' : ''}` }),
    );
  const rawToggle = h('input', { type: 'checkbox', attrs: { id: 'raw-mode', 'data-testid': 'raw-mode' } });
  const description = h('div', { class: 'hint' });
  const form = h('div', { attrs: { 'data-testid': 'request-form' } });
  const send = h('button', {
    class: 'primary',
    text: 'Send',
    title: 'Send (Ctrl/Cmd+Enter)',
    attrs: { 'data-testid': 'send' },
  });
  const cancel = h('button', { text: 'Cancel', attrs: { 'data-testid': 'cancel' } });
  const progress = h('span', { attrs: { 'data-testid': 'progress', 'aria-live': 'polite' } });
  const fillDemo = h('button', {
    text: 'Fill with demo values',
    title: 'Values from the embedded node’s demo chain',
  });
  const children = [
    h('div', { class: 'field' }, [h('label', { text: 'Endpoint' }), endpointSelect]),
    h('div', { class: 'field' }, [h('label', { text: 'Method' }), methodSelect, description]),
    h('div', { class: 'row' }, [
      rawToggle,
      h('label', { text: 'Raw params (JSON array)', attrs: { for: 'raw-mode' } }),
      h('span', { class: 'spacer' }),
      fillDemo,
    ]),
    form,
    h('div', { class: 'row' }, [send, cancel, progress]),
  ];
  return {
    children,
    endpointSelect,
    methodSelect,
    rawToggle,
    description,
    form,
    send,
    cancel,
    progress,
    fillDemo,
  };
}

/** Fills the endpoint select with one option per endpoint (a remote one's URL masked). */
export function renderEndpointOptions(select: HTMLSelectElement, endpoints: readonly Endpoint[]): void {
  clear(select);
  for (const e of endpoints)
    select.append(
      h('option', {
        value: e.id,
        text: e.kind === 'embedded' ? e.name : `${e.name} — ${maskEndpoint(e.preferWs ? e.wsUrl : e.url)}`,
      }),
    );
}

/** What a form field shows. `key` names it in `data-field` and `data-error-for`. */
export interface FieldSpec {
  key: string;
  label: string;
  hint: string;
  multiline: boolean;
  value: string;
}

/** One form field: its row (label, input, hint, error line), the input and the error line. */
export interface FieldElements {
  root: HTMLElement;
  input: HTMLInputElement | HTMLTextAreaElement;
  error: HTMLElement;
}

/** Builds a form field: a textarea when `multiline`, an input otherwise. */
export function buildField(f: FieldSpec): FieldElements {
  const input = f.multiline
    ? h('textarea', { value: f.value, attrs: { rows: '4', 'data-field': f.key, spellcheck: 'false' } })
    : h('input', { value: f.value, attrs: { 'data-field': f.key, spellcheck: 'false' } });
  const error = h('div', { class: 'error', attrs: { 'data-error-for': f.key, 'aria-live': 'polite' } });
  const root = h('div', { class: 'field' }, [
    h('label', { text: f.label }),
    input,
    h('div', { class: 'hint', text: f.hint }),
    error,
  ]);
  return { root, input, error };
}

/** The line the form shows in place of fields for a method without params. */
export function renderNoParams(method: string): HTMLElement {
  return h('div', { class: 'empty', text: `${method} takes no params.` });
}

/** Fills `progress` with a spinner and an empty label, and returns the label for the caller to tick. */
export function renderProgress(progress: HTMLElement): HTMLElement {
  const label = h('span');
  progress.append(h('span', { class: 'spinner' }), label);
  return label;
}
