import { validateHash } from '../../core/rpc/validateHex.ts';
import { captureFixtureJson } from '../../core/fixture/captureFixture.ts';
import type { FixtureDefaults } from '../../core/fixture/fixtureTypes.ts';
import type { Endpoint } from '../../core/rpc/endpoint.ts';
import { embeddedEndpointId, type AppState, type RequestDraft } from '../../state/appState.ts';
import { demoFields } from '../../state/demoFields.ts';
import { activeEndpoint as activeEndpointOf } from '../../state/endpointList.ts';
import { clear, downloadText, h, type Panel } from '../dom.ts';
import type { PanelContext } from './panelContext.ts';
import { buildReplayView } from '../replay/buildReplayView.ts';
import { checkFixtureText, fieldOf } from '../replay/checkFixtureText.ts';
import { createEndpointSend } from '../replay/createEndpointSend.ts';
import { renderLoadedFixture, type LoadedFixture } from '../replay/renderLoadedFixture.ts';
import { fixtureFileName } from '../replay/summarizeFixture.ts';
import { buildAnyNodeSection, fillEndpointChoice } from '../replay/buildAnyNodeSection.ts';
import { buildRunHereStatus } from '../upstream/buildRunHereViews.ts';
import { runHereFor } from '../upstream/runHereFor.ts';

const maxFileBytes = 64 * 1024 * 1024;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The Replay panel: import or capture a geth tracetest fixture, serve it from the embedded node, trace it; or trace
 * a transaction of any saved endpoint here, on that endpoint's state (run it here).
 */
export function mountReplayPanel(el: HTMLElement, panel: PanelContext): Panel<AppState> {
  const ctx = { store: panel.store, node: panel.node, send: () => void panel.requests.send() };
  const v = buildReplayView();
  el.append(v.root);
  const anyNode = mountAnyNode(v.root, v.status, panel);
  let loaded: LoadedFixture | null = null;
  let captured: { json: Record<string, unknown>; txHash: string; from: string; accounts: number } | null =
    null;
  let busy: string | null = null;
  // Set when a fixture was just loaded: its card is scrolled into view once rendered.
  let reveal = false;
  let controller: AbortController | null = null;

  const activeEndpoint = (): Endpoint => activeEndpointOf(ctx.store.get());
  const setDraft = (patch: Partial<RequestDraft>, endpoint = true) =>
    ctx.store.update((s) => ({
      ...(endpoint ? { activeEndpointId: embeddedEndpointId } : {}),
      request: { ...s.request, rawMode: false, ...patch, fields: { ...s.request.fields, ...patch.fields } },
    }));

  function render(error: string | null = null): void {
    v.error.textContent = error ?? '';
    v.error.hidden = !error;
    const tracing = ctx.store.get().inFlight !== null;
    clear(v.status);
    if (busy) v.status.append(h('span', { class: 'spinner' }), ` ${busy}`);
    else if (tracing)
      v.status.append(
        h('span', { class: 'spinner' }),
        ' Sending the request… (progress and Cancel are in the status bar; the answer opens in Result)',
      );
    v.cancel.hidden = !controller;
    v.file.disabled = !!busy;
    renderCapture();
    renderLoaded(tracing);
  }

  function renderCapture(): void {
    const endpoint = activeEndpoint();
    v.endpoint.textContent = `From the selected endpoint: ${endpoint.name}`;
    const hash = v.txHash.value.trim();
    const check = hash ? validateHash(hash, 'transaction hash') : null;
    const bitcoin = endpoint.family === 'bitcoin';
    v.txError.textContent = bitcoin
      ? `Capturing needs an Ethereum endpoint; ${endpoint.name} is a Bitcoin-style one (choose another in the Request panel)`
      : check && !check.ok
        ? check.message
        : '';
    v.capture.disabled = !!busy || !check?.ok || bitcoin;
    clear(v.captured);
    if (!captured) return;
    v.captured.append(
      h('div', {
        class: 'hint',
        text: `Captured ${captured.txHash} from ${captured.from}: ${captured.accounts} accounts in the pre-state.`,
        attrs: { 'data-testid': 'replay-captured-summary' },
      }),
      h('div', { class: 'row' }, [
        button('Download fixture (.json)', 'replay-download', downloadCaptured),
        button('Load into the embedded node', 'replay-load-captured', () => void loadCaptured()),
      ]),
    );
  }

  function renderLoaded(tracing: boolean): void {
    clear(v.loaded);
    v.loaded.append(
      loaded
        ? renderLoadedFixture(
            loaded,
            { traceTransaction, traceCall, backToDemo: () => void backToDemo() },
            !!busy || tracing,
          )
        : h('div', {
            class: 'empty',
            text: 'No fixture loaded: the embedded node serves its demo chain.',
            attrs: { 'data-testid': 'replay-empty' },
          }),
    );
    if (reveal && loaded && !busy) {
      reveal = false;
      v.loaded.scrollIntoView({ block: 'nearest' });
    }
  }
  const button = (text: string, testId: string, onClick: () => void) =>
    h('button', {
      text,
      attrs: { 'data-testid': testId, ...(busy ? { disabled: '' } : {}) },
      on: { click: onClick },
    });

  async function run(label: string, job: () => Promise<void>): Promise<void> {
    busy = label;
    render();
    let error: string | null = null;
    try {
      await job();
    } catch (e) {
      error = errorText(e);
    }
    busy = null;
    controller = null;
    render(error);
  }

  async function loadText(text: string, source: string): Promise<void> {
    const check = checkFixtureText(text);
    if (!check.ok) return render(check.message);
    await run('Loading the fixture into the embedded node…', async () => {
      let defaults: FixtureDefaults;
      try {
        defaults = await ctx.node().loadFixture(text);
      } catch (e) {
        throw new Error(`The embedded node could not load this fixture: ${errorText(e)}`, { cause: e });
      }
      loaded = { source, json: check.json, defaults };
      reveal = true;
      const tracerConfig = fieldOf(check.json, 'tracerConfig');
      setDraft({
        method: 'debug_traceTransaction',
        fields: demoFields(defaults),
        ...(tracerConfig === undefined ? {} : { tracerConfig: JSON.stringify(tracerConfig) }),
      });
    });
  }

  async function importFile(): Promise<void> {
    const file = v.file.files?.[0];
    v.file.value = '';
    if (!file) return;
    if (file.size > maxFileBytes)
      return render(
        `${file.name} is ${(file.size / 1048576).toFixed(0)} MB: fixtures above 64 MB are not loaded`,
      );
    await loadText(await file.text(), file.name);
  }

  async function capture(): Promise<void> {
    const endpoint = activeEndpoint();
    const txHash = v.txHash.value.trim();
    const ctl = new AbortController();
    controller = ctl;
    captured = null;
    await run(`Capturing ${txHash} from ${endpoint.name}…`, async () => {
      try {
        const transport = panel.transportFor(endpoint);
        const json = await captureFixtureJson(createEndpointSend(transport, ctl.signal), txHash).finally(() =>
          transport.close?.(),
        );
        const accounts = Object.keys((json.genesis as { alloc: object }).alloc).length;
        captured = { json, txHash, from: endpoint.name, accounts };
      } catch (e) {
        throw new Error(`Capture from ${endpoint.name} failed: ${errorText(e)}`, { cause: e });
      }
    });
  }
  const downloadCaptured = () =>
    captured && downloadText(fixtureFileName(captured.txHash), `${JSON.stringify(captured.json, null, 2)}\n`);
  const loadCaptured = () =>
    captured ? loadText(JSON.stringify(captured.json), `captured from ${captured.from}`) : Promise.resolve();

  function traceTransaction(): void {
    if (!loaded) return;
    setDraft({ method: 'debug_traceTransaction', fields: { txHash: loaded.defaults.txHash } });
    ctx.send();
  }
  function traceCall(): void {
    if (!loaded) return;
    const { call, callBlock } = loaded.defaults;
    setDraft({
      method: 'debug_traceCall',
      fields: { call: JSON.stringify(call, null, 2), block: callBlock },
    });
    ctx.send();
  }
  async function backToDemo(): Promise<void> {
    await run('Switching back to the demo chain…', async () => {
      const demo = await ctx.node().resetToDemo();
      loaded = null;
      setDraft({ fields: demoFields(demo) }, false);
    });
  }

  // A cancelled or timed-out request restarts the node worker, which loads the fixture again (io/embeddedNode.ts);
  // should that ever fail, the panel says so instead of offering a fixture the node no longer serves.
  async function checkStillLoaded(): Promise<void> {
    const f = loaded;
    if (!f) return;
    const d = await ctx.node().demoDefaults();
    if (loaded !== f || (d.callBlock === f.defaults.callBlock && d.blockHash === f.defaults.blockHash))
      return;
    loaded = null;
    render(
      'The embedded node was restarted (a cancelled or timed-out request stops it) and serves the demo chain again: load the fixture again to replay it.',
    );
  }

  v.file.addEventListener('change', () => void importFile());
  v.txHash.addEventListener('input', () => render());
  v.capture.addEventListener('click', () => void capture());
  v.cancel.addEventListener('click', () => controller?.abort());
  v.useFormHash.addEventListener('click', () => {
    v.txHash.value = ctx.store.get().request.fields.txHash ?? '';
    render();
  });
  return {
    update(s, prev) {
      const changed =
        !prev ||
        s.activeEndpointId !== prev.activeEndpointId ||
        s.endpoints !== prev.endpoints ||
        (s.inFlight === null) !== (prev.inFlight === null);
      if (changed) render(v.error.hidden ? null : v.error.textContent);
      if (changed) anyNode.update(s);
      if (prev && s.result !== prev.result) void checkStillLoaded().catch(() => undefined);
    },
    dispose() {
      controller?.abort();
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
