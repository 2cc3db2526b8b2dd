import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { hasEmbeddedSecret, maskEndpoint, secretMask } from '../../core/rpc/endpoint/maskEndpoint.ts';
import type { ProbeView } from '../../state/appState.ts';
import { h } from '../shell/dom.ts';
import { type ProbeVerdictView, buildProbeVerdictView, offersRunHere } from './describeProbe.ts';
import type { EndpointFormField, EndpointUrlField } from './validateEndpointForm.ts';

/** The endpoints panel's fixed elements (the panel fills the list, the form slot and the probe card slot). */
export interface EndpointsView {
  /** What the panel's element holds, in order. */
  children: HTMLElement[];
  list: HTMLElement;
  addButton: HTMLButtonElement;
  /** Holds the add/edit form while it is open. */
  formHost: HTMLElement;
  /** Holds the card of the last probe. */
  probeHost: HTMLElement;
}

/** Builds the panel's layout: the endpoint list with its Add button, then the form slot and the probe card slot. */
export function buildEndpointsView(): EndpointsView {
  const list = h('div', { attrs: { 'data-testid': 'endpoint-list' } });
  const addButton = h('button', { text: 'Add endpoint', attrs: { 'data-testid': 'add-endpoint' } });
  const formHost = h('div');
  const probeHost = h('div', { attrs: { 'data-testid': 'probe-card' } });
  const children = [
    h('div', { class: 'section' }, [h('h2', { text: 'Endpoints' }), list, addButton]),
    formHost,
    probeHost,
  ];
  return { children, list, addButton, formHost, probeHost };
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

/** What an endpoint row's buttons call (Edit and Remove are not shown for the embedded node, Use not when active). */
export interface EndpointRowActions {
  use(): void;
  probe(): void;
  edit(): void;
  remove(): void;
}

/** A saved endpoint's URL, masked, with a Reveal toggle when the mask hides something the page still holds. */
function urlLine(e: Endpoint, masked: string): HTMLElement {
  const clearUrl = e.preferWs ? e.wsUrl : e.url;
  const text = h('span', { text: masked, attrs: { 'data-testid': 'endpoint-url' } });
  const line = h(
    'div',
    { attrs: { style: 'font-family:var(--mono);font-size:12px;word-break:break-all;margin-top:2px' } },
    [text],
  );
  if (masked === clearUrl || clearUrl.includes(secretMask)) return line;
  const reveal = h('button', {
    class: 'link',
    text: 'Reveal',
    attrs: {
      'data-testid': 'endpoint-url-reveal',
      'aria-pressed': 'false',
      style: 'margin-left:6px;font-size:11px',
    },
  });
  reveal.addEventListener('click', () => {
    const on = reveal.getAttribute('aria-pressed') !== 'true';
    text.textContent = on ? clearUrl : masked;
    reveal.textContent = on ? 'Hide' : 'Reveal';
    reveal.setAttribute('aria-pressed', String(on));
  });
  line.append(reveal);
  return line;
}

/** One endpoint in the list: its name (● when active), its buttons, its masked URL and notes. */
export function renderEndpointRow(e: Endpoint, active: boolean, actions: EndpointRowActions): HTMLElement {
  const { url, notes } = describeEndpoint(e);
  const remote = e.kind !== 'embedded';
  return h(
    'div',
    { attrs: { 'data-endpoint': e.id, style: 'padding:6px 0;border-bottom:1px solid var(--border)' } },
    [
      h('div', { class: 'row', attrs: { style: 'margin:0;flex-wrap:nowrap' } }, [
        h('strong', { text: `${active ? '● ' : ''}${e.name}` }),
        h('span', { class: 'spacer' }),
        active ? null : h('button', { text: 'Use', on: { click: actions.use } }),
        h('button', { text: 'Probe', attrs: { 'data-testid': 'probe' }, on: { click: actions.probe } }),
        remote ? h('button', { text: 'Edit', on: { click: actions.edit } }) : null,
        remote ? h('button', { text: 'Remove', on: { click: actions.remove } }) : null,
      ]),
      url ? urlLine(e, url) : null,
      notes.length
        ? h('div', { text: notes.join(' · '), attrs: { style: 'color:var(--muted);font-size:12px' } })
        : null,
    ],
  );
}

/** The add/edit form's elements, filled from the endpoint it was opened with. */
export interface EndpointFormView {
  root: HTMLElement;
  inputs: Record<EndpointFormField, HTMLInputElement>;
  /** Each text field's error line. */
  errors: Record<EndpointFormField, HTMLElement>;
  /** The masked preview under each URL field. */
  previews: Record<EndpointUrlField, HTMLElement>;
  /** The note under each URL field (user info moved out of it). */
  notes: Record<EndpointUrlField, HTMLElement>;
  reveal: HTMLInputElement;
  preferWs: HTMLInputElement;
  remember: HTMLInputElement;
  forward: HTMLInputElement;
  family: HTMLSelectElement;
  save: HTMLButtonElement;
  cancel: HTMLButtonElement;
}

const forwardHint =
  'For a node that does not allow this page (no CORS): the page sends to /__forward on the server it was ' +
  'loaded from, which passes the request on. Only for a playground served by `vite` or `vite preview` on ' +
  'this machine; HTTP only, not WebSocket.';

/** A checkbox row: the box (already built) and its label. */
function checkboxRow(box: HTMLInputElement, label: string): HTMLElement {
  return h('div', { class: 'row' }, [box, h('label', { text: label, attrs: { for: box.id } })]);
}

/** The form's fields as they are built: each text field's input and error line, and a URL's preview and note. */
interface FormParts {
  initial: Endpoint;
  inputs: Record<EndpointFormField, HTMLInputElement>;
  errors: Record<EndpointFormField, HTMLElement>;
  previews: Record<EndpointUrlField, HTMLElement>;
  notes: Record<EndpointUrlField, HTMLElement>;
}

/** A labelled text field of the form, its parts recorded in `parts`. */
function formField(parts: FormParts, key: EndpointFormField, label: string, hint: string, type = 'text') {
  const input = h('input', {
    type,
    value: parts.initial[key],
    attrs: { 'data-endpoint-field': key, autocomplete: 'off', spellcheck: 'false', id: `endpoint-${key}` },
  });
  parts.inputs[key] = input;
  parts.errors[key] = h('div', { class: 'error' });
  const extra: HTMLElement[] = [];
  if (key === 'url' || key === 'wsUrl') {
    parts.previews[key] = h('div', { class: 'hint', attrs: { 'data-testid': `preview-${key}` } });
    parts.notes[key] = h('div', { class: 'hint', attrs: { role: 'status', 'data-testid': `note-${key}` } });
    extra.push(parts.previews[key], parts.notes[key]);
  }
  return h('div', { class: 'field' }, [
    h('label', { text: label, attrs: { for: `endpoint-${key}` } }),
    input,
    ...extra,
    hint ? h('div', { class: 'hint', text: hint }) : null,
    parts.errors[key],
  ]);
}

function checkbox(id: string, checked: boolean, attrs: Record<string, string> = {}): HTMLInputElement {
  const box = h('input', { type: 'checkbox', attrs: { id, ...attrs } });
  box.checked = checked;
  return box;
}

function familyField(family: HTMLSelectElement): HTMLElement {
  return h('div', { class: 'field' }, [
    h('label', { text: 'Chain kind', attrs: { for: 'endpoint-family' } }),
    family,
    h('div', { class: 'hint', text: 'Decides which methods the request form offers for this endpoint.' }),
  ]);
}

/** The form's controls besides its text fields. */
function formControls(initial: Endpoint) {
  const saved = initial.url !== '';
  const family = h('select', { attrs: { id: 'endpoint-family', 'data-testid': 'endpoint-family' } }, [
    h('option', { value: 'evm', text: 'Ethereum (EVM) JSON-RPC' }),
    h('option', { value: 'bitcoin', text: 'Bitcoin-style JSON-RPC' }),
  ]);
  family.value = initial.family;
  return {
    reveal: checkbox('reveal-urls', !saved, { 'data-testid': 'reveal-urls' }),
    preferWs: checkbox('prefer-ws', initial.preferWs, { 'data-endpoint-field': 'preferWs' }),
    remember: checkbox('remember-password', initial.remember),
    forward: checkbox('use-forward', initial.forward, { 'data-endpoint-field': 'forward' }),
    family,
    save: h('button', { class: 'primary', text: 'Save endpoint', attrs: { 'data-testid': 'save-endpoint' } }),
    cancel: h('button', { text: 'Cancel' }),
  };
}

/**
 * Builds the form for `initial` ("New endpoint" when it has no URL yet, "Edit <name>" otherwise). A URL being typed
 * is shown as typed; a saved one opens masked, with "Reveal" to show it. A note line sits under each URL field;
 * nothing is validated or shown in the error lines yet.
 */
export function buildEndpointForm(initial: Endpoint): EndpointFormView {
  const urlType = initial.url !== '' ? 'password' : 'text';
  const parts: FormParts = {
    initial,
    inputs: {} as FormParts['inputs'],
    errors: {} as FormParts['errors'],
    previews: {} as FormParts['previews'],
    notes: {} as FormParts['notes'],
  };
  const field = (key: EndpointFormField, label: string, hint: string, type = 'text') =>
    formField(parts, key, label, hint, type);
  const c = formControls(initial);
  const root = h('div', { class: 'card section', attrs: { 'data-testid': 'endpoint-form' } }, [
    h('strong', { text: initial.url ? `Edit ${initial.name}` : 'New endpoint' }),
    field('name', 'Name', 'Shown in the request form and history.'),
    familyField(c.family),
    field(
      'url',
      'HTTP(S) URL',
      'Kept like a password once saved: an API key in it is masked everywhere else on screen, and the URL stays ' +
        'in this tab only unless you tick "Remember secrets" below.',
      urlType,
    ),
    field(
      'wsUrl',
      'WSS URL (optional)',
      'For nodes reached over WebSocket; kept like the URL above.',
      urlType,
    ),
    checkboxRow(c.reveal, 'Reveal the URLs in this form'),
    checkboxRow(c.preferWs, 'Send over the WebSocket URL'),
    field('user', 'Basic-auth user (optional)', ''),
    field(
      'password',
      'Basic-auth password (optional)',
      'Kept in memory only unless you tick the box below (so are the user and a key in the URL).',
      'password',
    ),
    checkboxRow(c.remember, 'Remember secrets on this device (password, user and API key in the URL)'),
    checkboxRow(c.forward, 'Use the local forwarding route (dev/preview server only)'),
    h('div', { class: 'hint', text: forwardHint }),
    h('div', { class: 'row' }, [c.save, c.cancel]),
  ]);
  const { inputs, errors, previews, notes } = parts;
  return { root, inputs, errors, previews, notes, ...c };
}

/** The offer to check the tracer for the target the probe found (`Use target anvil`), one click from the list. */
export interface TargetOffer {
  /** The target's id and label (`anvil`, `anvil (Boa)`). */
  id: string;
  label: string;
  /** Whether the active tracer already has it. */
  active: boolean;
  use(): void;
}

function targetButton(offer: TargetOffer): HTMLElement {
  const b = h('button', {
    class: offer.active ? '' : 'primary',
    text: offer.active ? `Target ${offer.id} in use` : `Use target ${offer.id}`,
    title: `Check the active tracer for ${offer.label}: the differences above become the check's findings`,
    attrs: { 'data-testid': 'probe-use-target' },
    on: { click: () => offer.use() },
  });
  b.disabled = offer.active;
  return b;
}

/** The verdict: a short headline, its sentence, and the differences as a list folded beyond the first few. */
function renderVerdict(v: ProbeVerdictView, offer?: TargetOffer | null): HTMLElement {
  const item = (text: string) => h('li', { text });
  const folded = v.folded.map(item);
  for (const li of folded) li.hidden = true;
  const more = v.moreLabel
    ? h('button', {
        text: v.moreLabel,
        attrs: { 'data-testid': 'probe-differences-more', 'aria-expanded': 'false' },
      })
    : null;
  more?.addEventListener('click', () => {
    const open = more.getAttribute('aria-expanded') !== 'true';
    for (const li of folded) li.hidden = !open;
    more.setAttribute('aria-expanded', String(open));
    more.textContent = open ? 'Show fewer' : (v.moreLabel ?? '');
  });
  const list =
    v.shown.length > 0
      ? h('ul', { attrs: { 'data-testid': 'probe-differences' } }, [...v.shown.map(item), ...folded])
      : null;
  return h('div', { attrs: { 'data-testid': 'probe-verdict' } }, [
    h('div', { class: 'verdict', text: v.headline }),
    v.sentence ? h('div', { text: v.sentence }) : null,
    list,
    more || offer ? h('div', { class: 'row' }, [more, offer ? targetButton(offer) : null]) : null,
  ]);
}

/** The probe card for `probe` of the endpoint named `endpointName`: a spinner while it runs, then the verdict
 * (with the dialect words), client, latest block, the offer to run the tracer here when the node runs none
 * (`actions.runHere` builds it) and one evidence line per request. */
export function renderProbeCard(
  probe: ProbeView,
  endpointName: string,
  actions?: {
    retry(): void;
    copy(text: string): Promise<string>;
    runHere?(): HTMLElement;
    /** The target the probe found, for its "Use target" button. */
    target?: TargetOffer | null;
  },
): HTMLElement {
  const card = h('div', { class: 'card' }, [h('div', { class: 'hint', text: `Probe of ${endpointName}` })]);
  if (probe.running) {
    card.append(
      h('div', { attrs: { 'data-testid': 'probe-progress', role: 'status' } }, [
        h('span', { class: 'spinner' }),
        h('span', { text: ' Probing…', attrs: { 'data-testid': 'probe-progress-text' } }),
      ]),
    );
    return card;
  }
  // One headline; why, the client and the evidence below it, the evidence folded.
  card.append(renderVerdict(buildProbeVerdictView(probe), actions?.target));
  if (probe.clientVersion) card.append(h('div', { text: `Client: ${probe.clientVersion}` }));
  if (probe.latestBlock) card.append(h('div', { text: `Latest block: ${probe.latestBlock}` }));
  if (actions?.runHere && offersRunHere(probe)) card.append(actions.runHere());
  const copyStatus = h('span', { class: 'ok' });
  if (actions)
    card.append(
      h('div', { class: 'row' }, [
        h('button', {
          text: 'Probe again',
          attrs: { 'data-testid': 'probe-retry' },
          on: { click: actions.retry },
        }),
        h('button', {
          text: 'Copy details',
          attrs: { 'data-testid': 'probe-copy' },
          on: {
            click: () =>
              void actions
                .copy([probe.verdict ?? '', ...probe.evidence].join('\n'))
                .then((s) => (copyStatus.textContent = s)),
          },
        }),
        copyStatus,
      ]),
    );
  card.append(
    h('details', {}, [
      h('summary', {
        text: `Evidence: ${probe.evidence.length} request${probe.evidence.length === 1 ? '' : 's'}`,
      }),
      h(
        'ul',
        { attrs: { 'data-testid': 'probe-evidence' } },
        probe.evidence.map((line) => h('li', { text: line })),
      ),
    ]),
  );
  return card;
}
