import { secretMask } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { createEndpoint, type Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { splitUserInfo } from '../../core/rpc/endpoint/splitUserInfo.ts';
import { createId, type AppState } from '../../state/appState.ts';
import { removeEndpoint, saveEndpoint } from '../../state/endpointList.ts';
import { clear, copyText, type Panel } from '../shell/dom.ts';
import { confirmAction } from '../shell/openDialog.ts';
import {
  buildEndpointForm,
  buildEndpointsView,
  renderEndpointRow,
  renderProbeCard,
} from './buildEndpointsView.ts';
import {
  movedUserInfoNote,
  urlPreview,
  validateEndpointForm,
  type EndpointFormField,
  type EndpointUrlField,
} from './validateEndpointForm.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { describeProbeProgress, onProbeProgress } from '../../io/probeProgress.ts';
import { targetInfo, targetOfDialect } from '../../core/targets.ts';
import type { DialectTarget } from '../../core/rpc/probe/dialect.ts';
import { activeTarget } from '../../state/appState.ts';
import { buildRunHereOffer } from '../upstream/buildRunHereViews.ts';
import { runHereFor } from '../upstream/runHereFor.ts';

function blankEndpoint(): Endpoint {
  return createEndpoint({ id: createId(), name: '', kind: 'http' });
}

/** The panel's context and view, shared by the functions below. */
interface Endpoints {
  panel: PanelContext;
  store: PanelContext['store'];
  v: ReturnType<typeof buildEndpointsView>;
}

/** An open add-edit form: the endpoint as edited so far and which errors to show. */
interface EndpointForm {
  e: Endpoints;
  draft: Endpoint;
  f: ReturnType<typeof buildEndpointForm>;
  touched: Set<EndpointFormField>;
  showAll: boolean;
}

const save = (e: Endpoints, endpoint: Endpoint) => e.store.update((s) => saveEndpoint(s, endpoint));
const probe = (e: Endpoints, id: string) => void e.panel.requests.probe(id);

// The URLs are secrets too: typed into hidden fields, previewed masked, shown in clear only while "Reveal" is on.
function showPreview(form: EndpointForm, key: EndpointUrlField): void {
  form.f.previews[key].textContent = urlPreview(form.draft[key]);
}

// A field's error shows once the user has left it (or tried to save), not on a form nothing was typed into yet.
function check(form: EndpointForm): void {
  const found = validateEndpointForm(form.draft);
  for (const k of Object.keys(form.f.errors) as EndpointFormField[])
    form.f.errors[k].textContent = form.touched.has(k) || form.showAll ? (found[k] ?? '') : '';
}

/** `user:password@` typed or pasted into a URL goes into the basic-auth fields, where it belongs. */
function moveUserInfo(form: EndpointForm, key: EndpointUrlField): void {
  const { draft, f } = form;
  const split = splitUserInfo(draft[key].trim());
  if (!split.found || (split.user + split.password).includes(secretMask)) return;
  const set = (k: EndpointFormField, value: string) => {
    draft[k] = value;
    f.inputs[k].value = value;
  };
  set(key, split.url);
  const moved: ('user' | 'password')[] = [];
  if (split.user) {
    set('user', split.user);
    moved.push('user');
  }
  if (split.password) {
    set('password', split.password);
    moved.push('password');
  }
  if (moved.length === 0) return;
  f.notes[key].textContent = movedUserInfoNote(moved);
  showPreview(form, key);
  check(form);
}

function saveForm(form: EndpointForm): void {
  const { draft, f } = form;
  moveUserInfo(form, 'url');
  moveUserInfo(form, 'wsUrl');
  const found = validateEndpointForm(draft);
  const first = Object.keys(found)[0] as EndpointFormField | undefined;
  if (first) {
    form.showAll = true;
    check(form);
    f.inputs[first].focus();
    return;
  }
  save(form.e, { ...draft, name: draft.name.trim(), url: draft.url.trim(), wsUrl: draft.wsUrl.trim() });
  clear(form.e.v.formHost);
}

function wireForm(form: EndpointForm): void {
  const { draft, f } = form;
  for (const key of Object.keys(f.inputs) as EndpointFormField[]) {
    const input = f.inputs[key];
    if (key === 'url' || key === 'wsUrl') input.addEventListener('change', () => moveUserInfo(form, key));
    input.addEventListener('input', () => {
      draft[key] = input.value;
      if (key === 'url' || key === 'wsUrl') showPreview(form, key);
      check(form);
    });
    input.addEventListener('blur', () => {
      form.touched.add(key);
      check(form);
    });
  }
  f.reveal.addEventListener('change', () => {
    for (const k of ['url', 'wsUrl'] as const) f.inputs[k].type = f.reveal.checked ? 'text' : 'password';
  });
  f.preferWs.addEventListener('change', () => {
    draft.preferWs = f.preferWs.checked;
    check(form);
  });
  f.remember.addEventListener('change', () => (draft.remember = f.remember.checked));
  f.forward.addEventListener('change', () => (draft.forward = f.forward.checked));
  f.family.addEventListener(
    'change',
    () => (draft.family = f.family.value === 'bitcoin' ? 'bitcoin' : 'evm'),
  );
  f.save.addEventListener('click', () => saveForm(form));
  f.cancel.addEventListener('click', () => clear(form.e.v.formHost));
}

function openForm(e: Endpoints, initial: Endpoint): void {
  const form: EndpointForm = {
    e,
    draft: { ...initial },
    f: buildEndpointForm(initial),
    touched: new Set(),
    showAll: initial.url !== '', // editing: say at once what is wrong (such as a key that was not remembered)
  };
  wireForm(form);
  clear(e.v.formHost);
  e.v.formHost.append(form.f.root);
  showPreview(form, 'url');
  showPreview(form, 'wsUrl');
  check(form);
}

function renderList(e: Endpoints, s: AppState): void {
  const { v, store } = e;
  clear(v.list);
  for (const endpoint of s.endpoints)
    v.list.append(
      renderEndpointRow(endpoint, endpoint.id === s.activeEndpointId, {
        use: () => store.update({ activeEndpointId: endpoint.id }),
        probe: () => probe(e, endpoint.id),
        edit: () => openForm(e, endpoint),
        remove: () =>
          void confirmAction(
            `Remove ${endpoint.name}?`,
            'Its URL and credentials are forgotten on this device.',
            'Remove',
          ).then((yes) => yes && store.update((st) => removeEndpoint(st, endpoint.id))),
      }),
    );
}

function renderProbe(e: Endpoints, s: AppState): void {
  const { v, store, panel } = e;
  clear(v.probeHost);
  const p = s.probe;
  const name = s.endpoints.find((x) => x.id === p?.endpointId)?.name ?? 'endpoint';
  if (p)
    v.probeHost.append(
      renderProbeCard(p, name, {
        retry: () => probe(e, p.endpointId),
        copy: copyText,
        target: targetOffer(panel, p.dialectTarget),
        runHere: () =>
          buildRunHereOffer(
            runHereFor(panel),
            { id: p.endpointId, name },
            {
              txHash: () => store.get().request.fields.txHash ?? '',
              subscribe: (l) => store.subscribe(l),
            },
          ),
      }),
    );
}

/** Lists endpoints (embedded node first) with use / edit / remove / probe, an add-edit form, and the probe card. */
export function mountEndpointsPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const { store } = panel;
  const e: Endpoints = { panel, store, v: buildEndpointsView() };
  const { v } = e;
  v.addButton.addEventListener('click', () => openForm(e, blankEndpoint()));
  el.append(...v.children);
  // Each request of a running probe names itself on the card.
  const offProgress = onProbeProgress((p) => {
    if (store.get().probe?.endpointId !== p.endpointId) return;
    const line = v.probeHost.querySelector('[data-testid=probe-progress-text]');
    if (line) line.textContent = ` ${describeProbeProgress(p)}`;
  });
  return {
    update(s, prev) {
      if (!prev || prev.endpoints !== s.endpoints || prev.activeEndpointId !== s.activeEndpointId)
        renderList(e, s);
      if (!prev || prev.probe !== s.probe || activeTarget(s) !== activeTarget(prev)) renderProbe(e, s);
    },
    dispose: () => {
      offProgress();
      clear(el);
    },
  };
}

/** The probe's target as a "Use target" offer for the active tracer (none when it stands for no target). */
function targetOffer(panel: PanelContext, dialect: DialectTarget | undefined) {
  const id = dialect ? targetOfDialect(dialect) : undefined;
  if (!id) return null;
  const { store } = panel;
  return {
    id,
    label: targetInfo(id).label,
    active: activeTarget(store.get()) === id,
    use: () =>
      store.update((s) => ({
        tracers: s.tracers.map((t) => (t.id === s.activeTracerId ? { ...t, target: id } : t)),
      })),
  };
}
