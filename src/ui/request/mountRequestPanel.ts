import { methodNames, methods, type MethodName } from '../../core/rpc/methods/methods.ts';
import { validateTimeout } from '../../core/rpc/protocol/parseGoDuration.ts';
import { activeEndpoint } from '../../state/endpointList.ts';
import type { AppState, RequestDraft } from '../../state/appState.ts';
import { parseFieldText } from '../../state/buildDraftRequest.ts';
import { clear, type Panel } from '../shell/dom.ts';
import {
  buildField,
  buildRequestView,
  renderEndpointOptions,
  type FieldSpec,
  renderNoParams,
  renderProgress,
} from './buildRequestView.ts';
import { keepTracerConfigPerTab } from './keepTracerConfigPerTab.ts';
import type { PanelContext } from '../shell/panelContext.ts';

const familyOf = (s: AppState) => (activeEndpoint(s).family === 'bitcoin' ? 'bitcoin' : 'ethereum');

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
  const stopConfigs = keepTracerConfigPerTab(panel.store);
  const ctx = {
    setDraft: (patch: Partial<RequestDraft>) => requests.setDraft(patch),
    setEndpoint: (id: string) => panel.store.update({ activeEndpointId: id }),
    send: () => void requests.send(),
    cancel: () => requests.cancel(),
    fillDemo: () => void requests.fillDemo(),
  };
  const v = buildRequestView();
  v.endpointSelect.addEventListener('change', () => ctx.setEndpoint(v.endpointSelect.value));
  v.methodSelect.addEventListener('change', () =>
    ctx.setDraft({ method: v.methodSelect.value as MethodName }),
  );
  v.rawToggle.addEventListener('change', () => ctx.setDraft({ rawMode: v.rawToggle.checked }));
  v.send.addEventListener('click', () => ctx.send());
  v.cancel.addEventListener('click', () => ctx.cancel());
  v.fillDemo.addEventListener('click', () => ctx.fillDemo());
  el.append(...v.children);

  let fields = new Map<string, FieldView>();
  let shape = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  const addField = (
    spec: FieldSpec,
    validate: (t: string) => string | null,
    onInput: (t: string) => void,
  ) => {
    const { root, input, error } = buildField(spec);
    input.addEventListener('input', () => onInput(input.value));
    v.form.append(root);
    fields.set(spec.key, { input, error, validate });
  };

  const build = (d: RequestDraft) => {
    clear(v.form);
    fields = new Map();
    const spec = methods[d.method];
    if (d.rawMode)
      addField(
        {
          key: 'raw',
          label: 'params',
          hint: 'The params array without the tracing options object (it is built from the tracer, tracerConfig and timeout).',
          multiline: true,
          value: d.rawParams,
        },
        rawValidator(d.method),
        (t) => ctx.setDraft({ rawParams: t }),
      );
    else
      spec.params.forEach((p, i) => {
        const multiline = p.name === 'call';
        const hint = `${p.description}${p.required ? '' : ' (optional)'} — e.g. ${JSON.stringify(p.example)}`;
        addField(
          { key: p.name, label: p.name, hint, multiline, value: d.fields[p.name] ?? '' },
          paramValidator(d.method, i, () => currentFields),
          (t) => ctx.setDraft({ fields: { ...currentFields, [p.name]: t } }),
        );
      });
    if (spec.takesTraceOptions) {
      addField(
        {
          key: 'tracerConfig',
          label: 'tracerConfig (JSON, optional)',
          hint: "Passed to setup(config) as JSON. Each tracer tab keeps its own (a template's @tracerConfig to start).",
          multiline: true,
          value: d.tracerConfig,
        },
        jsonValidator,
        (t) => ctx.setDraft({ tracerConfig: t }),
      );
      addField(
        {
          key: 'timeout',
          label: 'timeout (optional)',
          hint: 'A Go duration such as 10s or 1m30s (geth default 5s).',
          multiline: false,
          value: d.timeout,
        },
        (t) => (t.trim() === '' ? null : ((r) => (r.ok ? null : r.message))(validateTimeout(t.trim()))),
        (t) => ctx.setDraft({ timeout: t }),
      );
    }
    if (spec.params.length === 0 && !d.rawMode) v.form.append(renderNoParams(d.method));
  };
  let currentFields: Record<string, string> = {};

  return {
    update(s, prev) {
      const d = s.request;
      currentFields = d.fields;
      if (!prev || prev.endpoints !== s.endpoints || prev.activeEndpointId !== s.activeEndpointId) {
        renderEndpointOptions(v.endpointSelect, s.endpoints);
        v.endpointSelect.value = s.activeEndpointId;
        // Switching to an endpoint of the other family picks that family's first method (after this update: the
        // store is notifying its subscribers).
        const family = familyOf(s);
        if (prev && methods[d.method].family !== family) {
          const first = methodNames.find((m) => methods[m].family === family);
          if (first) queueMicrotask(() => ctx.setDraft({ method: first, rawMode: false }));
        }
      }
      // A Bitcoin-style endpoint is offered the Bitcoin methods, any other the Ethereum ones (the chosen method stays
      // visible whatever it is, e.g. from a share link).
      const family = familyOf(s);
      for (const o of v.methodSelect.options)
        o.hidden = o.disabled = o.value !== d.method && methods[o.value as MethodName].family !== family;
      v.methodSelect.value = d.method;
      v.rawToggle.checked = d.rawMode;
      v.description.textContent = methods[d.method].description;
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
      v.send.disabled = busy || anyError;
      v.cancel.disabled = !busy;
      clearInterval(timer);
      clear(v.progress);
      if (s.inFlight) {
        const started = s.inFlight.startedAt;
        const label = renderProgress(v.progress);
        const tick = () =>
          (label.textContent = ` Sending… ${((performance.now() - started) / 1000).toFixed(1)} s`);
        tick();
        timer = setInterval(tick, 100);
      }
    },
    dispose() {
      stopConfigs();
      clearInterval(timer);
      clear(el);
    },
  };
}
