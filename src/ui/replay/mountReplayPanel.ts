import { validateHash } from '../../core/rpc/methods/validateHex.ts';
import { captureFixtureJson } from '../../core/fixture/captureFixture.ts';
import type { FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';
import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { embeddedEndpointId, type AppState, type RequestDraft } from '../../state/appState.ts';
import { demoFields } from '../../state/demoFields.ts';
import { activeEndpoint as activeEndpointOf } from '../../state/endpointList.ts';
import { clear, downloadText, h, type Panel } from '../shell/dom.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { buildReplayView } from './buildReplayView.ts';
import { checkFixtureText, fieldOf } from './checkFixtureText.ts';
import { createEndpointSend } from './createEndpointSend.ts';
import { renderLoadedFixture, type LoadedFixture } from './renderLoadedFixture.ts';
import { fixtureFileName } from './summarizeFixture.ts';
import { buildAnyNodeSection, fillEndpointChoice } from './buildAnyNodeSection.ts';
import { buildRunHereStatus } from '../upstream/buildRunHereViews.ts';
import { runHereFor } from '../upstream/runHereFor.ts';

const maxFileBytes = 64 * 1024 * 1024;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The panel's view, its context and what it shows now, shared by the functions below. */
interface Replay {
  panel: PanelContext;
  store: PanelContext['store'];
  v: ReturnType<typeof buildReplayView>;
  loaded: LoadedFixture | null;
  captured: { json: Record<string, unknown>; txHash: string; from: string; accounts: number } | null;
  busy: string | null;
  /** Set when a fixture was just loaded: its card is scrolled into view once rendered. */
  reveal: boolean;
  controller: AbortController | null;
}

const activeEndpoint = (r: Replay): Endpoint => activeEndpointOf(r.store.get());

function setDraft(r: Replay, patch: Partial<RequestDraft>, endpoint = true): void {
  r.store.update((s) => ({
    ...(endpoint ? { activeEndpointId: embeddedEndpointId } : {}),
    request: { ...s.request, rawMode: false, ...patch, fields: { ...s.request.fields, ...patch.fields } },
  }));
}

function render(r: Replay, error: string | null = null): void {
  const { v } = r;
  v.error.textContent = error ?? '';
  v.error.hidden = !error;
  const tracing = r.store.get().inFlight !== null;
  clear(v.status);
  if (r.busy) v.status.append(h('span', { class: 'spinner' }), ` ${r.busy}`);
  else if (tracing)
    v.status.append(
      h('span', { class: 'spinner' }),
      ' Sending the request… (progress and Cancel are in the status bar; the answer opens in Result)',
    );
  v.cancel.hidden = !r.controller;
  v.file.disabled = !!r.busy;
  renderCapture(r);
  renderLoaded(r, tracing);
}

function renderCapture(r: Replay): void {
  const { v, captured } = r;
  const endpoint = activeEndpoint(r);
  v.endpoint.textContent = `From the selected endpoint: ${endpoint.name}`;
  const hash = v.txHash.value.trim();
  const check = hash ? validateHash(hash, 'transaction hash') : null;
  const bitcoin = endpoint.family === 'bitcoin';
  v.txError.textContent = bitcoin
    ? `Capturing needs an Ethereum endpoint; ${endpoint.name} is a Bitcoin-style one (choose another in the Request panel)`
    : check && !check.ok
      ? check.message
      : '';
  v.capture.disabled = !!r.busy || !check?.ok || bitcoin;
  clear(v.captured);
  if (!captured) return;
  v.captured.append(
    h('div', {
      class: 'hint',
      text: `Captured ${captured.txHash} from ${captured.from}: ${captured.accounts} accounts in the pre-state.`,
      attrs: { 'data-testid': 'replay-captured-summary' },
    }),
    h('div', { class: 'row' }, [
      button(r, 'Download fixture (.json)', 'replay-download', () => downloadCaptured(r)),
      button(r, 'Load into the embedded node', 'replay-load-captured', () => void loadCaptured(r)),
    ]),
  );
}

function renderLoaded(r: Replay, tracing: boolean): void {
  const { v } = r;
  clear(v.loaded);
  v.loaded.append(
    r.loaded
      ? renderLoadedFixture(
          r.loaded,
          {
            traceTransaction: () => traceTransaction(r),
            traceCall: () => traceCall(r),
            backToDemo: () => void backToDemo(r),
          },
          !!r.busy || tracing,
        )
      : h('div', {
          class: 'empty',
          text: 'No fixture loaded: the embedded node serves its demo chain.',
          attrs: { 'data-testid': 'replay-empty' },
        }),
  );
  if (r.reveal && r.loaded && !r.busy) {
    r.reveal = false;
    v.loaded.scrollIntoView({ block: 'nearest' });
  }
}

const button = (r: Replay, text: string, testId: string, onClick: () => void) =>
  h('button', {
    text,
    attrs: { 'data-testid': testId, ...(r.busy ? { disabled: '' } : {}) },
    on: { click: onClick },
  });

/** Runs `job` with `label` as the panel's busy status; its error, if any, is shown once it ends. */
async function run(r: Replay, label: string, job: () => Promise<void>): Promise<void> {
  r.busy = label;
  render(r);
  let error: string | null = null;
  try {
    await job();
  } catch (e) {
    error = errorText(e);
  }
  r.busy = null;
  r.controller = null;
  render(r, error);
}

async function loadText(r: Replay, text: string, source: string): Promise<void> {
  const check = checkFixtureText(text);
  if (!check.ok) return render(r, check.message);
  await run(r, 'Loading the fixture into the embedded node…', async () => {
    let defaults: FixtureDefaults;
    try {
      defaults = await r.panel.node().loadFixture(text);
    } catch (e) {
      throw new Error(`The embedded node could not load this fixture: ${errorText(e)}`, { cause: e });
    }
    r.loaded = { source, json: check.json, defaults };
    r.reveal = true;
    const tracerConfig = fieldOf(check.json, 'tracerConfig');
    setDraft(r, {
      method: 'debug_traceTransaction',
      fields: demoFields(defaults),
      ...(tracerConfig === undefined ? {} : { tracerConfig: JSON.stringify(tracerConfig) }),
    });
  });
}

async function importFile(r: Replay): Promise<void> {
  const file = r.v.file.files?.[0];
  r.v.file.value = '';
  if (!file) return;
  if (file.size > maxFileBytes)
    return render(
      r,
      `${file.name} is ${(file.size / 1048576).toFixed(0)} MB: fixtures above 64 MB are not loaded`,
    );
  await loadText(r, await file.text(), file.name);
}

async function capture(r: Replay): Promise<void> {
  const endpoint = activeEndpoint(r);
  const txHash = r.v.txHash.value.trim();
  const ctl = new AbortController();
  r.controller = ctl;
  r.captured = null;
  await run(r, `Capturing ${txHash} from ${endpoint.name}…`, async () => {
    try {
      const transport = r.panel.transportFor(endpoint);
      const json = await captureFixtureJson(createEndpointSend(transport, ctl.signal), txHash).finally(() =>
        transport.close?.(),
      );
      const accounts = Object.keys((json.genesis as { alloc: object }).alloc).length;
      r.captured = { json, txHash, from: endpoint.name, accounts };
    } catch (e) {
      throw new Error(`Capture from ${endpoint.name} failed: ${errorText(e)}`, { cause: e });
    }
  });
}

const downloadCaptured = ({ captured }: Replay) =>
  captured && downloadText(fixtureFileName(captured.txHash), `${JSON.stringify(captured.json, null, 2)}\n`);
const loadCaptured = (r: Replay) =>
  r.captured
    ? loadText(r, JSON.stringify(r.captured.json), `captured from ${r.captured.from}`)
    : Promise.resolve();

function traceTransaction(r: Replay): void {
  if (!r.loaded) return;
  setDraft(r, { method: 'debug_traceTransaction', fields: { txHash: r.loaded.defaults.txHash } });
  void r.panel.requests.send();
}

function traceCall(r: Replay): void {
  if (!r.loaded) return;
  const { call, callBlock } = r.loaded.defaults;
  setDraft(r, {
    method: 'debug_traceCall',
    fields: { call: JSON.stringify(call, null, 2), block: callBlock },
  });
  void r.panel.requests.send();
}

async function backToDemo(r: Replay): Promise<void> {
  await run(r, 'Switching back to the demo chain…', async () => {
    const demo = await r.panel.node().resetToDemo();
    r.loaded = null;
    setDraft(r, { fields: demoFields(demo) }, false);
  });
}

// A cancelled or timed-out request restarts the node worker, which loads the fixture again (io/embeddedNode.ts);
// should that ever fail, the panel says so instead of offering a fixture the node no longer serves.
async function checkStillLoaded(r: Replay): Promise<void> {
  const f = r.loaded;
  if (!f) return;
  const d = await r.panel.node().demoDefaults();
  if (r.loaded !== f || (d.callBlock === f.defaults.callBlock && d.blockHash === f.defaults.blockHash))
    return;
  r.loaded = null;
  render(
    r,
    'The embedded node was restarted (a cancelled or timed-out request stops it) and serves the demo chain again: load the fixture again to replay it.',
  );
}

function listen(r: Replay): void {
  const { v } = r;
  v.file.addEventListener('change', () => void importFile(r));
  v.txHash.addEventListener('input', () => render(r));
  v.capture.addEventListener('click', () => void capture(r));
  v.cancel.addEventListener('click', () => r.controller?.abort());
  v.useFormHash.addEventListener('click', () => {
    v.txHash.value = r.store.get().request.fields.txHash ?? '';
    render(r);
  });
}

/**
 * The Replay panel: import or capture a geth tracetest fixture, serve it from the embedded node, trace it; or trace
 * a transaction of any saved endpoint here, on that endpoint's state (run it here).
 */
export function mountReplayPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const v = buildReplayView();
  el.append(v.root);
  const anyNode = mountAnyNode(v.root, v.status, panel);
  const r: Replay = {
    panel,
    store: panel.store,
    v,
    loaded: null,
    captured: null,
    busy: null,
    reveal: false,
    controller: null,
  };
  listen(r);
  return {
    update(s, prev) {
      const changed =
        !prev ||
        s.activeEndpointId !== prev.activeEndpointId ||
        s.endpoints !== prev.endpoints ||
        (s.inFlight === null) !== (prev.inFlight === null);
      if (changed) render(r, v.error.hidden ? null : v.error.textContent);
      if (changed) anyNode.update(s);
      if (prev && s.result !== prev.result) void checkStillLoaded(r).catch(() => undefined);
    },
    dispose() {
      r.controller?.abort();
      clear(el);
    },
  };
}

/** The "Trace on any node's state" section, placed before `before`: a hash and a saved endpoint, run here. */
function mountAnyNode(
  root: HTMLElement,
  before: HTMLElement,
  panel: PanelContext,
): { update(s: AppState): void } {
  const runHere = runHereFor(panel);
  const a = buildAnyNodeSection();
  root.insertBefore(a.root, before);
  a.statusHost.append(buildRunHereStatus(runHere));
  const render = () => {
    const hash = a.txHash.value.trim();
    const check = hash ? validateHash(hash, 'transaction hash') : null;
    a.txError.textContent = check && !check.ok ? check.message : '';
    a.run.disabled = !check?.ok || !a.endpoint.value || panel.store.get().inFlight !== null;
  };
  a.txHash.addEventListener('input', render);
  a.endpoint.addEventListener('change', render);
  a.useFormHash.addEventListener('click', () => {
    a.txHash.value = panel.store.get().request.fields.txHash ?? '';
    render();
  });
  a.run.addEventListener('click', () => void runHere.run(a.endpoint.value, a.txHash.value));
  return {
    update(s) {
      fillEndpointChoice(a.endpoint, s.endpoints, s.activeEndpointId);
      render();
    },
  };
}
