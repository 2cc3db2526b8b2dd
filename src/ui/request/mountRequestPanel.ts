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

/** The form's view, its fields and the draft they show, shared by the functions below. */
interface RequestForm {
  panel: PanelContext;
  v: ReturnType<typeof buildRequestView>;
  setDraft: (patch: Partial<RequestDraft>) => void;
  fields: Map<string, FieldView>;
  /** The method and mode the fields were built for. */
  shape: string;
  timer: ReturnType<typeof setInterval> | undefined;
  currentFields: Record<string, string>;
}

function addField(
  f: RequestForm,
  spec: FieldSpec,
  validate: (t: string) => string | null,
  onInput: (t: string) => void,
): void {
  const { root, input, error } = buildField(spec);
  input.addEventListener('input', () => onInput(input.value));
  f.v.form.append(root);
  f.fields.set(spec.key, { input, error, validate });
}

function build(f: RequestForm, d: RequestDraft): void {
  clear(f.v.form);
  f.fields = new Map();
  const spec = methods[d.method];
  if (d.rawMode)
    addField(
      f,
      {
        key: 'raw',
        label: 'params',
        hint: 'The params array without the tracing options object (it is built from the tracer, tracerConfig and timeout).',
        multiline: true,
        value: d.rawParams,
      },
      rawValidator(d.method),
      (t) => f.setDraft({ rawParams: t }),
    );
  else
    spec.params.forEach((p, i) => {
      const multiline = p.name === 'call';
      const hint = `${p.description}${p.required ? '' : ' (optional)'} — e.g. ${JSON.stringify(p.example)}`;
      addField(
        f,
        { key: p.name, label: p.name, hint, multiline, value: d.fields[p.name] ?? '' },
        paramValidator(d.method, i, () => f.currentFields),
        (t) => f.setDraft({ fields: { ...f.currentFields, [p.name]: t } }),
      );
    });
  if (spec.takesTraceOptions) addTraceOptionFields(f, d);
  if (spec.params.length === 0 && !d.rawMode) f.v.form.append(renderNoParams(d.method));
}

function addTraceOptionFields(f: RequestForm, d: RequestDraft): void {
  addField(
    f,
    {
      key: 'tracerConfig',
      label: 'tracerConfig (JSON, optional)',
      hint: "Passed to setup(config) as JSON. Each tracer tab keeps its own (a template's @tracerConfig to start).",
      multiline: true,
      value: d.tracerConfig,
    },
    jsonValidator,
    (t) => f.setDraft({ tracerConfig: t }),
  );
  addField(
    f,
    {
      key: 'timeout',
      label: 'timeout (optional)',
      hint: 'A Go duration such as 10s or 1m30s (geth default 5s).',
      multiline: false,
      value: d.timeout,
    },
    (t) => (t.trim() === '' ? null : ((r) => (r.ok ? null : r.message))(validateTimeout(t.trim()))),
    (t) => f.setDraft({ timeout: t }),
  );
}

function renderEndpoints(f: RequestForm, s: AppState, prev: AppState | null): void {
  if (prev && prev.endpoints === s.endpoints && prev.activeEndpointId === s.activeEndpointId) return;
  renderEndpointOptions(f.v.endpointSelect, s.endpoints);
  f.v.endpointSelect.value = s.activeEndpointId;
  // Switching to an endpoint of the other family picks that family's first method (after this update: the
  // store is notifying its subscribers).
  const family = familyOf(s);
  if (prev && methods[s.request.method].family !== family) {
    const first = methodNames.find((m) => methods[m].family === family);
    if (first) queueMicrotask(() => f.setDraft({ method: first, rawMode: false }));
  }
}

/** Shows the draft's values in the fields not being typed in; returns whether any field is invalid. */
function renderFields(f: RequestForm, d: RequestDraft): boolean {
  // Values changed from outside (demo values, history replay, share link) reach fields not being typed in.
  for (const [key, field] of f.fields) {
    const value = draftValue(d, key);
    if (field.input !== document.activeElement && field.input.value !== value) field.input.value = value;
  }
  let anyError = false;
  for (const field of f.fields.values()) {
    const msg = field.validate(field.input.value);
    field.error.textContent = msg ?? '';
    field.input.classList.toggle('invalid', msg !== null);
    field.input.setAttribute('aria-invalid', String(msg !== null));
    if (msg) anyError = true;
  }
  return anyError;
}

function renderSending(f: RequestForm, s: AppState, anyError: boolean): void {
  const { v } = f;
  const busy = s.inFlight !== null;
  v.send.disabled = busy || anyError;
  v.cancel.disabled = !busy;
  clearInterval(f.timer);
  clear(v.progress);
  if (s.inFlight) {
    const started = s.inFlight.startedAt;
    const label = renderProgress(v.progress);
    const tick = () =>
      (label.textContent = ` Sending… ${((performance.now() - started) / 1000).toFixed(1)} s`);
    tick();
    f.timer = setInterval(tick, 100);
  }
}

function update(f: RequestForm, s: AppState, prev: AppState | null): void {
  const { v } = f;
  const d = s.request;
  f.currentFields = d.fields;
  renderEndpoints(f, s, prev);
  // A Bitcoin-style endpoint is offered the Bitcoin methods, any other the Ethereum ones (the chosen method stays
  // visible whatever it is, e.g. from a share link).
  const family = familyOf(s);
  for (const o of v.methodSelect.options)
    o.hidden = o.disabled = o.value !== d.method && methods[o.value as MethodName].family !== family;
  v.methodSelect.value = d.method;
  v.rawToggle.checked = d.rawMode;
  v.description.textContent = methods[d.method].description;
  const newShape = `${d.method}|${d.rawMode}`;
  if (newShape !== f.shape) {
    f.shape = newShape;
    build(f, d);
  }
  renderSending(f, s, renderFields(f, d));
}

/** The typed request form: endpoint, method, one validated field per param, tracing options, send/cancel. */
export function mountRequestPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const { requests } = panel;
  const stopConfigs = keepTracerConfigPerTab(panel.store);
  const v = buildRequestView();
  const f: RequestForm = {
    panel,
    v,
    setDraft: (patch) => requests.setDraft(patch),
    fields: new Map(),
    shape: '',
    timer: undefined,
    currentFields: {},
  };
  v.endpointSelect.addEventListener('change', () =>
    panel.store.update({ activeEndpointId: v.endpointSelect.value }),
  );
  v.methodSelect.addEventListener('change', () => f.setDraft({ method: v.methodSelect.value as MethodName }));
  v.rawToggle.addEventListener('change', () => f.setDraft({ rawMode: v.rawToggle.checked }));
  v.send.addEventListener('click', () => void requests.send());
  v.cancel.addEventListener('click', () => requests.cancel());
  v.fillDemo.addEventListener('click', () => void requests.fillDemo());
  el.append(...v.children);
  return {
    update: (s, prev) => update(f, s, prev),
    dispose() {
      stopConfigs();
      clearInterval(f.timer);
      clear(el);
    },
  };
}
