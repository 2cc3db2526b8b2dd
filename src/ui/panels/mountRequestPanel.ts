import { methodNames, methods, type MethodName } from '../../core/rpc/methods.ts';
import { validateTimeout } from '../../core/rpc/parseGoDuration.ts';
import { maskEndpoint } from '../../core/rpc/maskEndpoint.ts';
import type { AppState, RequestDraft } from '../../state/appState.ts';
import { parseFieldText } from '../../state/buildDraftRequest.ts';
import { clear, h, type Panel } from '../dom.ts';
import type { PanelContext } from './panelContext.ts';

interface FieldView {
  input: HTMLInputElement | HTMLTextAreaElement;
  error: HTMLElement;
  validate(text: string): string | null;
}

function paramValidator(method: MethodName, index: number, fields: () => Record<string, string>) {
  const spec = methods[method];
  const p = spec.params[index];
  return (text: string): string | null => {
    if (text.trim() === '') {
      if (p.required) return `${p.name} is required`;
      // Params are positional: an empty optional one cannot be left out while a later one is filled.
      const later = spec.params.slice(index + 1).find((q) => (fields()[q.name] ?? '').trim() !== '');
      return later ? `${p.name} is empty; fill it or clear ${later.name}` : null;
    }
    const parsed = parseFieldText(p.name, text);
    if (!parsed.ok) return `${p.name} is ${parsed.message}`;
    const errors = p.check(parsed.value, p.name);
    return errors.length ? errors.map((e) => e.message).join('; ') : null;
  };
}

function draftValue(d: RequestDraft, key: string): string {
  if (key === 'raw') return d.rawParams;
  if (key === 'tracerConfig') return d.tracerConfig;
  if (key === 'timeout') return d.timeout;
  return d.fields[key] ?? '';
}

function jsonValidator(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    return `not valid JSON: ${(e as Error).message}`;
  }
}

function rawValidator(method: MethodName) {
  return (text: string): string | null => {
    const err = jsonValidator(text);
    if (err) return err;
    const params: unknown = JSON.parse(text || 'null');
    if (!Array.isArray(params)) return 'params must be a JSON array such as ["latest"]';
    // The same checks as the form's fields, so a malformed raw param is refused here, not only on send.
    const built = methods[method].buildParams(params);
    return built.ok ? null : built.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  };
}

/** The typed request form: endpoint, method, one validated field per param, tracing options, send/cancel. */
export function mountRequestPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const { requests } = panel;
  const ctx = {
    setDraft: (patch: Partial<RequestDraft>) => requests.setDraft(patch),
    setEndpoint: (id: string) => panel.store.update({ activeEndpointId: id }),
    send: () => void requests.send(),
    cancel: () => requests.cancel(),
    fillDemo: () => void requests.fillDemo(),
  };
  const endpointSelect = h('select', {
    attrs: { 'aria-label': 'Endpoint', 'data-testid': 'endpoint-select' },
  });
  endpointSelect.addEventListener('change', () => ctx.setEndpoint(endpointSelect.value));
  const methodSelect = h('select', { attrs: { 'aria-label': 'Method', 'data-testid': 'method-select' } });
  for (const id of methodNames)
    methodSelect.append(
      h('option', { value: id, text: `${id}${methods[id].family === 'bitcoin' ? ' (Bitcoin)' : ''}` }),
    );
  methodSelect.addEventListener('change', () => ctx.setDraft({ method: methodSelect.value as MethodName }));
  const rawToggle = h('input', { type: 'checkbox', attrs: { id: 'raw-mode', 'data-testid': 'raw-mode' } });
  rawToggle.addEventListener('change', () => ctx.setDraft({ rawMode: rawToggle.checked }));
  const description = h('div', { class: 'hint' });
  const form = h('div', { attrs: { 'data-testid': 'request-form' } });
  const sendButton = h('button', {
    class: 'primary',
    text: 'Send',
    title: 'Send (Ctrl/Cmd+Enter)',
    attrs: { 'data-testid': 'send' },
    on: { click: () => ctx.send() },
  });
  const cancelButton = h('button', {
    text: 'Cancel',
    attrs: { 'data-testid': 'cancel' },
    on: { click: () => ctx.cancel() },
  });
  const progress = h('span', { attrs: { 'data-testid': 'progress', 'aria-live': 'polite' } });
  const demoButton = h('button', {
    text: 'Fill with demo values',
    title: 'Values from the embedded node’s demo chain',
    on: { click: () => ctx.fillDemo() },
  });
  el.append(
    h('div', { class: 'field' }, [h('label', { text: 'Endpoint' }), endpointSelect]),
    h('div', { class: 'field' }, [h('label', { text: 'Method' }), methodSelect, description]),
    h('div', { class: 'row' }, [
      rawToggle,
      h('label', { text: 'Raw params (JSON array)', attrs: { for: 'raw-mode' } }),
      h('span', { class: 'spacer' }),
      demoButton,
    ]),
    form,
    h('div', { class: 'row' }, [sendButton, cancelButton, progress]),
  );

  let fields = new Map<string, FieldView>();
  let shape = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  const addField = (
    key: string,
    label: string,
    hint: string,
    multiline: boolean,
    value: string,
    validate: (t: string) => string | null,
    onInput: (t: string) => void,
  ) => {
    const input = multiline
      ? h('textarea', { value, attrs: { rows: '4', 'data-field': key, spellcheck: 'false' } })
      : h('input', { value, attrs: { 'data-field': key, spellcheck: 'false' } });
    const error = h('div', { class: 'error', attrs: { 'data-error-for': key, 'aria-live': 'polite' } });
    input.addEventListener('input', () => onInput(input.value));
    form.append(
      h('div', { class: 'field' }, [
        h('label', { text: label }),
        input,
        h('div', { class: 'hint', text: hint }),
        error,
      ]),
    );
    fields.set(key, { input, error, validate });
  };

  const build = (d: RequestDraft) => {
    clear(form);
    fields = new Map();
    const spec = methods[d.method];
    if (d.rawMode)
      addField(
        'raw',
        'params',
        'The params array without the tracing options object (it is built from the tracer, tracerConfig and timeout).',
        true,
        d.rawParams,
        rawValidator(d.method),
        (t) => ctx.setDraft({ rawParams: t }),
      );
    else
      spec.params.forEach((p, i) => {
        const multiline = p.name === 'call';
        const hint = `${p.description}${p.required ? '' : ' (optional)'} — e.g. ${JSON.stringify(p.example)}`;
        addField(
          p.name,
          p.name,
          hint,
          multiline,
          d.fields[p.name] ?? '',
          paramValidator(d.method, i, () => currentFields),
          (t) => ctx.setDraft({ fields: { ...currentFields, [p.name]: t } }),
        );
      });
    if (spec.takesTraceOptions) {
      addField(
        'tracerConfig',
        'tracerConfig (JSON, optional)',
        'Passed to setup(config) as JSON.',
        true,
        d.tracerConfig,
        jsonValidator,
        (t) => ctx.setDraft({ tracerConfig: t }),
      );
      addField(
        'timeout',
        'timeout (optional)',
        'A Go duration such as 10s or 1m30s (geth default 5s).',
        false,
        d.timeout,
        (t) => (t.trim() === '' ? null : ((r) => (r.ok ? null : r.message))(validateTimeout(t.trim()))),
        (t) => ctx.setDraft({ timeout: t }),
      );
    }
    if (spec.params.length === 0 && !d.rawMode)
      form.append(h('div', { class: 'empty', text: `${d.method} takes no params.` }));
  };
  let currentFields: Record<string, string> = {};

  return {
    update(s, prev) {
      const d = s.request;
      currentFields = d.fields;
      if (!prev || prev.endpoints !== s.endpoints || prev.activeEndpointId !== s.activeEndpointId) {
        clear(endpointSelect);
        for (const e of s.endpoints)
          endpointSelect.append(
            h('option', {
              value: e.id,
              text:
                e.kind === 'embedded' ? e.name : `${e.name} — ${maskEndpoint(e.preferWs ? e.wsUrl : e.url)}`,
            }),
          );
        endpointSelect.value = s.activeEndpointId;
      }
      methodSelect.value = d.method;
      rawToggle.checked = d.rawMode;
      description.textContent = methods[d.method].description;
      const newShape = `${d.method}|${d.rawMode}`;
      if (newShape !== shape) {
        shape = newShape;
        build(d);
      }
      // Values changed from outside (demo values, history replay, share link) reach fields not being typed in.
      for (const [key, f] of fields) {
        const value = draftValue(d, key);
        if (f.input !== document.activeElement && f.input.value !== value) f.input.value = value;
      }
      let anyError = false;
      for (const f of fields.values()) {
        const msg = f.validate(f.input.value);
        f.error.textContent = msg ?? '';
        f.input.classList.toggle('invalid', msg !== null);
        f.input.setAttribute('aria-invalid', String(msg !== null));
        if (msg) anyError = true;
      }
      const busy = s.inFlight !== null;
      sendButton.disabled = busy || anyError;
      cancelButton.disabled = !busy;
      clearInterval(timer);
      clear(progress);
      if (s.inFlight) {
        const started = s.inFlight.startedAt;
        const label = h('span');
        const tick = () =>
          (label.textContent = ` Sending… ${((performance.now() - started) / 1000).toFixed(1)} s`);
        tick();
        timer = setInterval(tick, 100);
        progress.append(h('span', { class: 'spinner' }), label);
      }
    },
    dispose() {
      clearInterval(timer);
      clear(el);
    },
  };
}
