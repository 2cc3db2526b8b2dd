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

/** Lists endpoints (embedded node first) with use / edit / remove / probe, an add-edit form, and the probe card. */
export function mountEndpointsPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const { store } = panel;
  const ctx = {
    save: (e: Endpoint) => store.update((s) => saveEndpoint(s, e)),
    remove: (id: string) => store.update((s) => removeEndpoint(s, id)),
    use: (id: string) => store.update({ activeEndpointId: id }),
    probe: (id: string) => void panel.requests.probe(id),
  };
  const v = buildEndpointsView();
  v.addButton.addEventListener('click', () => openForm(blankEndpoint()));
  el.append(...v.children);
  // Each request of a running probe names itself on the card.
  const offProgress = onProbeProgress((p) => {
    if (store.get().probe?.endpointId !== p.endpointId) return;
    const line = v.probeHost.querySelector('[data-testid=probe-progress-text]');
    if (line) line.textContent = ` ${describeProbeProgress(p)}`;
  });

  function openForm(initial: Endpoint): void {
    const draft = { ...initial };
    const f = buildEndpointForm(initial);
    const touched = new Set<EndpointFormField>();
    let showAll = initial.url !== ''; // editing: say at once what is wrong (such as a key that was not remembered)
    // The URLs are secrets too: typed into hidden fields, previewed masked, shown in clear only while "Reveal" is on.
    const showPreview = (key: EndpointUrlField) => (f.previews[key].textContent = urlPreview(draft[key]));
    // A field's error shows once the user has left it (or tried to save), not on a form nothing was typed into yet.
    const check = () => {
      const found = validateEndpointForm(draft);
      for (const k of Object.keys(f.errors) as EndpointFormField[])
        f.errors[k].textContent = touched.has(k) || showAll ? (found[k] ?? '') : '';
    };
    /** `user:password@` typed or pasted into a URL goes into the basic-auth fields, where it belongs. */
    const moveUserInfo = (key: EndpointUrlField) => {
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
      showPreview(key);
      check();
    };
    for (const key of Object.keys(f.inputs) as EndpointFormField[]) {
      const input = f.inputs[key];
      if (key === 'url' || key === 'wsUrl') input.addEventListener('change', () => moveUserInfo(key));
      input.addEventListener('input', () => {
        draft[key] = input.value;
        if (key === 'url' || key === 'wsUrl') showPreview(key);
        check();
      });
      input.addEventListener('blur', () => {
        touched.add(key);
        check();
      });
    }
    f.reveal.addEventListener('change', () => {
      for (const k of ['url', 'wsUrl'] as const) f.inputs[k].type = f.reveal.checked ? 'text' : 'password';
    });
    f.preferWs.addEventListener('change', () => {
      draft.preferWs = f.preferWs.checked;
      check();
    });
    f.remember.addEventListener('change', () => (draft.remember = f.remember.checked));
    f.forward.addEventListener('change', () => (draft.forward = f.forward.checked));
    f.family.addEventListener(
      'change',
      () => (draft.family = f.family.value === 'bitcoin' ? 'bitcoin' : 'evm'),
    );
    f.save.addEventListener('click', () => {
      moveUserInfo('url');
      moveUserInfo('wsUrl');
      const found = validateEndpointForm(draft);
      const first = Object.keys(found)[0] as EndpointFormField | undefined;
      if (first) {
        showAll = true;
        check();
        f.inputs[first].focus();
        return;
      }
      ctx.save({ ...draft, name: draft.name.trim(), url: draft.url.trim(), wsUrl: draft.wsUrl.trim() });
      clear(v.formHost);
    });
    f.cancel.addEventListener('click', () => clear(v.formHost));
    clear(v.formHost);
    v.formHost.append(f.root);
    showPreview('url');
    showPreview('wsUrl');
    check();
  }

  return {
    update(s, prev) {
      if (!prev || prev.endpoints !== s.endpoints || prev.activeEndpointId !== s.activeEndpointId) {
        clear(v.list);
        for (const e of s.endpoints)
          v.list.append(
            renderEndpointRow(e, e.id === s.activeEndpointId, {
              use: () => ctx.use(e.id),
              probe: () => ctx.probe(e.id),
              edit: () => openForm(e),
              remove: () =>
                void confirmAction(
                  `Remove ${e.name}?`,
                  'Its URL and credentials are forgotten on this device.',
                  'Remove',
                ).then((yes) => yes && ctx.remove(e.id)),
            }),
          );
      }
      if (!prev || prev.probe !== s.probe || activeTarget(s) !== activeTarget(prev)) {
        clear(v.probeHost);
        const p = s.probe;
        const name = s.endpoints.find((e) => e.id === p?.endpointId)?.name ?? 'endpoint';
        if (p)
          v.probeHost.append(
            renderProbeCard(p, name, {
              retry: () => ctx.probe(p.endpointId),
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
