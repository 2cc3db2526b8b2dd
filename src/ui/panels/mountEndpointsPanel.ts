import {
  hasEmbeddedSecret,
  maskEndpoint,
  secretMask,
  validateEndpoint,
} from '../../core/rpc/maskEndpoint.ts';
import { createEndpoint, type Endpoint } from '../../core/rpc/endpoint.ts';
import { splitUserInfo } from '../../core/rpc/splitUserInfo.ts';
import { createId, type AppState } from '../../state/appState.ts';
import { removeEndpoint, saveEndpoint } from '../../state/endpointList.ts';
import { clear, h, type Panel } from '../dom.ts';
import type { PanelContext } from './panelContext.ts';

function blankEndpoint(): Endpoint {
  return createEndpoint({ id: createId(), name: '', kind: 'http' });
}

function validateForm(e: Endpoint): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!e.name.trim()) errors.name = 'Give the endpoint a name';
  const url = validateEndpoint(e.url);
  if (!url.ok) errors.url = url.message;
  else if (!/^https?:$/.test(url.value.protocol))
    errors.url = 'The request URL must start with http:// or https://';
  if (e.wsUrl.trim()) {
    const ws = validateEndpoint(e.wsUrl);
    if (!ws.ok) errors.wsUrl = ws.message;
    else if (!/^wss?:$/.test(ws.value.protocol))
      errors.wsUrl = 'The WebSocket URL must start with ws:// or wss://';
  }
  const forgotten = 'The key was not remembered on this device: paste the full URL again';
  if (e.url.includes(secretMask)) errors.url = forgotten;
  if (e.wsUrl.includes(secretMask)) errors.wsUrl = forgotten;
  if (e.password && !e.user) errors.user = 'A password needs a user name';
  if (e.preferWs && !e.wsUrl.trim()) errors.wsUrl = 'Give a ws:// or wss:// URL to send over WebSocket';
  return errors;
}

/** What the list says about an endpoint: its URL masked, and notes (forwarding, where its secrets are kept). */
function describeEndpoint(e: Endpoint): { url: string; notes: string[] } {
  if (e.kind === 'embedded') return { url: '', notes: ['runs in this page, offline'] };
  const url = e.preferWs ? e.wsUrl : e.url;
  const notes: string[] = [];
  if (e.forward && !e.preferWs) notes.push('via local forwarding route');
  if (url.includes(secretMask)) notes.push('key not remembered: edit to paste it again');
  else if (hasEmbeddedSecret(url) || e.password)
    notes.push(e.remember ? 'secrets remembered on this device' : 'secrets kept in this tab only');
  return { url: maskEndpoint(url), notes };
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
  const list = h('div', { attrs: { 'data-testid': 'endpoint-list' } });
  const formHost = h('div');
  const probeHost = h('div', { attrs: { 'data-testid': 'probe-card' } });
  const addButton = h('button', {
    text: 'Add endpoint',
    attrs: { 'data-testid': 'add-endpoint' },
    on: { click: () => openForm(blankEndpoint()) },
  });
  el.append(
    h('div', { class: 'section' }, [h('h2', { text: 'Endpoints' }), list, addButton]),
    formHost,
    probeHost,
  );

  function openForm(initial: Endpoint): void {
    const draft = { ...initial };
    clear(formHost);
    const errors = new Map<string, HTMLElement>();
    const inputs = new Map<string, HTMLInputElement>();
    const touched = new Set<string>();
    let showAll = initial.url !== ''; // editing: say at once what is wrong (such as a key that was not remembered)
    // The URLs are secrets too: typed into hidden fields, previewed masked, shown in clear only while "Reveal" is on.
    const previews = new Map<'url' | 'wsUrl', HTMLElement>();
    const notes = new Map<'url' | 'wsUrl', HTMLElement>();
    const showPreview = (key: 'url' | 'wsUrl') => {
      const value = draft[key].trim();
      previews.get(key)!.textContent =
        value === ''
          ? ''
          : hasEmbeddedSecret(value)
            ? `Shown as ${maskEndpoint(value)}`
            : value.includes(secretMask)
              ? ''
              : 'Nothing in this URL looks like a key: it is shown as typed.';
    };
    const input = (
      key: 'name' | 'url' | 'wsUrl' | 'user' | 'password',
      label: string,
      hint: string,
      type = 'text',
    ) => {
      const i = h('input', {
        type,
        value: draft[key],
        attrs: {
          'data-endpoint-field': key,
          autocomplete: 'off',
          spellcheck: 'false',
          id: `endpoint-${key}`,
        },
      });
      inputs.set(key, i);
      const err = h('div', { class: 'error' });
      errors.set(key, err);
      const extra: HTMLElement[] = [];
      if (key === 'url' || key === 'wsUrl') {
        const preview = h('div', { class: 'hint', attrs: { 'data-testid': `preview-${key}` } });
        const note = h('div', { class: 'hint', attrs: { role: 'status', 'data-testid': `note-${key}` } });
        previews.set(key, preview);
        notes.set(key, note);
        extra.push(preview, note);
        i.addEventListener('change', () => moveUserInfo(key));
      }
      i.addEventListener('input', () => {
        draft[key] = i.value;
        if (key === 'url' || key === 'wsUrl') showPreview(key);
        check();
      });
      i.addEventListener('blur', () => {
        touched.add(key);
        check();
      });
      return h('div', { class: 'field' }, [
        h('label', { text: label, attrs: { for: `endpoint-${key}` } }),
        i,
        ...extra,
        hint ? h('div', { class: 'hint', text: hint }) : null,
        err,
      ]);
    };
    /** `user:password@` typed or pasted into a URL goes into the basic-auth fields, where it belongs. */
    const moveUserInfo = (key: 'url' | 'wsUrl') => {
      const split = splitUserInfo(draft[key].trim());
      if (!split.found || (split.user + split.password).includes(secretMask)) return;
      const set = (k: 'url' | 'wsUrl' | 'user' | 'password', v: string) => {
        draft[k] = v;
        inputs.get(k)!.value = v;
      };
      set(key, split.url);
      const moved: string[] = [];
      if (split.user) {
        set('user', split.user);
        moved.push('user');
      }
      if (split.password) {
        set('password', split.password);
        moved.push('password');
      }
      if (moved.length === 0) return;
      notes.get(key)!.textContent =
        `The ${moved.join(' and ')} written in the URL moved into the basic-auth fields below ` +
        '(browsers do not send a URL that carries them, and they are secrets).';
      showPreview(key);
      check();
    };
    const reveal = h('input', {
      type: 'checkbox',
      attrs: { id: 'reveal-urls', 'data-testid': 'reveal-urls' },
    });
    reveal.addEventListener('change', () => {
      for (const k of ['url', 'wsUrl'] as const) inputs.get(k)!.type = reveal.checked ? 'text' : 'password';
    });
    const preferWs = h('input', {
      type: 'checkbox',
      attrs: { id: 'prefer-ws', 'data-endpoint-field': 'preferWs' },
    });
    preferWs.checked = draft.preferWs;
    preferWs.addEventListener('change', () => {
      draft.preferWs = preferWs.checked;
      check();
    });
    const remember = h('input', { type: 'checkbox', attrs: { id: 'remember-password' } });
    remember.checked = draft.remember;
    remember.addEventListener('change', () => (draft.remember = remember.checked));
    const forward = h('input', {
      type: 'checkbox',
      attrs: { id: 'use-forward', 'data-endpoint-field': 'forward' },
    });
    forward.checked = draft.forward;
    forward.addEventListener('change', () => (draft.forward = forward.checked));
    const family = h('select', {}, [
      h('option', { value: 'evm', text: 'Ethereum (EVM) JSON-RPC' }),
      h('option', { value: 'bitcoin', text: 'Bitcoin-style JSON-RPC' }),
    ]);
    family.value = draft.family;
    family.addEventListener('change', () => (draft.family = family.value === 'bitcoin' ? 'bitcoin' : 'evm'));
    const saveButton = h('button', {
      class: 'primary',
      text: 'Save endpoint',
      attrs: { 'data-testid': 'save-endpoint' },
    });
    // A field's error shows once the user has left it (or tried to save), not on a form nothing was typed into yet.
    const check = () => {
      const found = validateForm(draft);
      for (const [k, e] of errors) e.textContent = touched.has(k) || showAll ? (found[k] ?? '') : '';
    };
    saveButton.addEventListener('click', () => {
      moveUserInfo('url');
      moveUserInfo('wsUrl');
      const found = validateForm(draft);
      if (Object.keys(found).length) {
        showAll = true;
        check();
        inputs.get(Object.keys(found)[0])?.focus();
        return;
      }
      ctx.save({ ...draft, name: draft.name.trim(), url: draft.url.trim(), wsUrl: draft.wsUrl.trim() });
      clear(formHost);
    });
    formHost.append(
      h('div', { class: 'card section', attrs: { 'data-testid': 'endpoint-form' } }, [
        h('strong', { text: initial.url ? `Edit ${initial.name}` : 'New endpoint' }),
        input('name', 'Name', 'Shown in the request form and history.'),
        input(
          'url',
          'HTTP(S) URL',
          'Kept like a password: an API key in it is masked everywhere on screen, and the URL stays in this tab ' +
            'only unless you tick "Remember secrets" below.',
          'password',
        ),
        input(
          'wsUrl',
          'WSS URL (optional)',
          'For nodes reached over WebSocket; kept like the URL above.',
          'password',
        ),
        h('div', { class: 'row' }, [
          reveal,
          h('label', { text: 'Reveal the URLs in this form', attrs: { for: 'reveal-urls' } }),
        ]),
        h('div', { class: 'row' }, [
          preferWs,
          h('label', { text: 'Send over the WebSocket URL', attrs: { for: 'prefer-ws' } }),
        ]),
        input('user', 'Basic-auth user (optional)', ''),
        input(
          'password',
          'Basic-auth password (optional)',
          'Kept in memory only unless you tick the box below (so are the user and a key in the URL).',
          'password',
        ),
        h('div', { class: 'row' }, [
          remember,
          h('label', {
            text: 'Remember secrets on this device (password, user and API key in the URL)',
            attrs: { for: 'remember-password' },
          }),
        ]),
        h('div', { class: 'field' }, [h('label', { text: 'Protocol' }), family]),
        h('div', { class: 'row' }, [
          forward,
          h('label', {
            text: 'Use the local forwarding route (dev/preview server only)',
            attrs: { for: 'use-forward' },
          }),
        ]),
        h('div', {
          class: 'hint',
          text:
            'For a node that does not allow this page (no CORS): the page sends to /__forward on the server it was ' +
            'loaded from, which passes the request on. Only for a playground served by `vite` or `vite preview` on ' +
            'this machine; HTTP only, not WebSocket.',
        }),
        h('div', { class: 'row' }, [
          saveButton,
          h('button', { text: 'Cancel', on: { click: () => clear(formHost) } }),
        ]),
      ]),
    );
    showPreview('url');
    showPreview('wsUrl');
    check();
  }

  const renderProbe = (s: AppState) => {
    clear(probeHost);
    const p = s.probe;
    if (!p) return;
    const name = s.endpoints.find((e) => e.id === p.endpointId)?.name ?? 'endpoint';
    const card = h('div', { class: 'card' }, [h('div', { class: 'hint', text: `Probe of ${name}` })]);
    if (p.running)
      card.append(h('div', {}, [h('span', { class: 'spinner' }), h('span', { text: ' Probing…' })]));
    else {
      card.append(
        h('div', {
          class: 'verdict',
          text: p.verdict ?? 'No verdict',
          attrs: { 'data-testid': 'probe-verdict' },
        }),
      );
      if (p.clientVersion) card.append(h('div', { text: `Client: ${p.clientVersion}` }));
      if (p.latestBlock) card.append(h('div', { text: `Latest block: ${p.latestBlock}` }));
      const ev = h('ul', { attrs: { 'data-testid': 'probe-evidence' } });
      for (const line of p.evidence) ev.append(h('li', { text: line }));
      card.append(ev);
    }
    probeHost.append(card);
  };

  return {
    update(s, prev) {
      if (!prev || prev.endpoints !== s.endpoints || prev.activeEndpointId !== s.activeEndpointId) {
        clear(list);
        for (const e of s.endpoints) {
          const active = e.id === s.activeEndpointId;
          const { url, notes } = describeEndpoint(e);
          list.append(
            h(
              'div',
              {
                attrs: {
                  'data-endpoint': e.id,
                  style: 'padding:6px 0;border-bottom:1px solid var(--border)',
                },
              },
              [
                h('div', { class: 'row', attrs: { style: 'margin:0;flex-wrap:nowrap' } }, [
                  h('strong', { text: `${active ? '● ' : ''}${e.name}` }),
                  h('span', { class: 'spacer' }),
                  active ? null : h('button', { text: 'Use', on: { click: () => ctx.use(e.id) } }),
                  h('button', {
                    text: 'Probe',
                    attrs: { 'data-testid': 'probe' },
                    on: { click: () => ctx.probe(e.id) },
                  }),
                  e.kind === 'embedded'
                    ? null
                    : h('button', { text: 'Edit', on: { click: () => openForm(e) } }),
                  e.kind === 'embedded'
                    ? null
                    : h('button', {
                        text: 'Remove',
                        on: { click: () => confirm(`Remove ${e.name}?`) && ctx.remove(e.id) },
                      }),
                ]),
                url
                  ? h('div', {
                      text: url,
                      attrs: {
                        'data-testid': 'endpoint-url',
                        style: 'font-family:var(--mono);font-size:12px;word-break:break-all;margin-top:2px',
                      },
                    })
                  : null,
                notes.length
                  ? h('div', {
                      text: notes.join(' · '),
                      attrs: { style: 'color:var(--muted);font-size:12px' },
                    })
                  : null,
              ],
            ),
          );
        }
      }
      if (!prev || prev.probe !== s.probe) renderProbe(s);
    },
    dispose: () => clear(el),
  };
}
