// Composition root: creates the store, the workers, the editor and the request controller, and mounts the panels of
// the registry. The only file that wires; what it wires lives in src/ui (and below).
import './ui/styles.css';
import { transfer, wrap, type Remote } from 'comlink';
import type { ConvertWorkerApi, ParseReplyApi, TracerWorkerApi } from './worker/contracts.ts';
import { startTracerWorker } from './worker/startTracerWorker.ts';
import { activeTarget, type AppState } from './state/appState.ts';
import { targetOfDialect } from './core/targets.ts';
import { createConvertAction } from './ui/editor/createConvertAction.ts';
import { createInitialState, openShareHash } from './state/createInitialState.ts';
import { createStore } from './state/createStore.ts';
import { embeddedNodeHandle, getEmbeddedNode } from './io/embeddedNode.ts';
import { runProbe } from './io/runProbe.ts';
import { transportForEndpoint } from './io/transportForEndpoint.ts';
import { createLayout } from './ui/shell/createLayout.ts';
import { h, type Panel } from './ui/shell/dom.ts';
import { setupMonaco } from './ui/editor/setupMonaco.ts';
import { registerQuickFixes } from './ui/editor/applyDiagnostics.ts';
import { bindEditorFixes } from './ui/problems/bindEditorFixes.ts';
import { createLiveCheck } from './ui/editor/createLiveCheck.ts';
import { createDebuggingHandle } from './ui/debug/createDebuggingHandle.ts';
import { embeddedDebugRunner, pageDebugSession, showRunDebug } from './ui/debug/pageDebugSession.ts';
import { createEmbeddedFlatten } from './ui/debug/createEmbeddedFlatten.ts';
import { activeEndpoint } from './state/endpointList.ts';
import { createNodeErrorMarker } from './ui/editor/markNodeError.ts';
import { createTracerModels } from './ui/tracers/createTracerModels.ts';
import { createTracerActions } from './ui/tracers/createTracerActions.ts';
import { createAutosave } from './ui/tracers/createAutosave.ts';
import { loadTemplates } from './ui/tracers/loadTemplates.ts';
import { mountTracerTabs } from './ui/tracers/mountTracerTabs.ts';
import { mountTopActions } from './ui/shell/mountTopActions.ts';
import { mountStatusBar } from './ui/shell/mountStatusBar.ts';
import { mountRunBar } from './ui/send/mountRunBar.ts';
import { bindShortcuts } from './ui/shell/bindShortcuts.ts';
import { sendAfterCostCheck } from './ui/send/sendAfterCostCheck.ts';
import { openStorage } from './ui/tracers/openStorage.ts';
import { createThemeSwitch } from './ui/shell/theme.ts';
import { panelRegistry } from './ui/shell/panelRegistry.ts';
import type { PanelContext } from './ui/shell/panelContext.ts';
import { createRequestController } from './ui/request/createRequestController.ts';

const opened = openStorage();
const initial = createInitialState(opened.storage, location.hash);
if (opened.problem) initial.state.notice = opened.problem;
// The share link has been read: drop it from the address bar so a reload does not open it again.
if (location.hash) history.replaceState(null, '', location.pathname + location.search);
const store = createStore<AppState>(initial.state);
const layout = createLayout(document.getElementById('app')!, panelRegistry);
const notify = (message: string | null) => store.update({ notice: message });
const tracers = createTracerActions(store, notify);
const { templates, problems: templateProblems } = loadTemplates();
if (templateProblems.length) notify(`Some templates could not be read: ${templateProblems.join('; ')}`);

const monaco = setupMonaco();
registerQuickFixes(monaco);
const theme = createThemeSwitch(
  opened.storage,
  document.documentElement,
  matchMedia('(prefers-color-scheme: dark)'),
);
theme.subscribe((t) => monaco.editor.setTheme(t === 'dark' ? 'vs-dark' : 'vs'));

const models = createTracerModels(monaco);
const activeDoc = () => store.get().tracers.find((t) => t.id === store.get().activeTracerId)!;
const editor = monaco.editor.create(layout.editorHost, {
  model: models.get(activeDoc()),
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  // Long header comments (templates' @description lines) wrap instead of running off to the right.
  wordWrap: 'on',
  fixedOverflowWidgets: true,
  'semanticHighlighting.enabled': false,
});
// Highlighting every occurrence of `log` in a long tracer costs thousands of decorations per cursor move.
const tuneForSize = () => {
  const big = (editor.getModel()?.getLineCount() ?? 0) > 500;
  editor.updateOptions({ occurrencesHighlight: big ? 'off' : 'singleFile', selectionHighlight: !big });
};
editor.onDidChangeModel(tuneForSize);
editor.onDidChangeModelContent(() => {
  tuneForSize();
  const model = editor.getModel();
  const id = model && models.idOf(model);
  if (model && id) tracers.setSource(id, model.getValue());
});

let checkedVersion = -1;
let firstChecked = () => {};
const firstCheck = new Promise<void>((r) => (firstChecked = r));
// Started by index.html's first script, ahead of this one (startTracerWorker).
const tracerWorker = wrap<TracerWorkerApi>(startTracerWorker());
const liveCheck = createLiveCheck({
  monaco,
  editor,
  worker: tracerWorker,
  target: () => activeTarget(store.get()),
  detected: () => {
    const s = store.get();
    const probe = s.probe;
    return probe && probe.endpointId === s.activeEndpointId && probe.dialectTarget
      ? targetOfDialect(probe.dialectTarget)
      : undefined;
  },
  onResult: (a, embeddedFlat) => {
    if (checkedVersion === -1) {
      performance.mark('playground:first-check');
      firstChecked();
    }
    checkedVersion = editor.getModel()?.getVersionId() ?? -1;
    store.update({ diagnostics: a.diagnostics, flat: a.flat, embeddedFlat });
  },
  embedded: createEmbeddedFlatten(() => activeEndpoint(store.get()).kind === 'embedded'),
});
// Console calls are warnings on the embedded node and errors for any other: check again when the endpoint changes.
store.subscribe((s, prev) => {
  if (s.activeEndpointId !== prev.activeEndpointId) liveCheck.runNow();
});
liveCheck.runNow();
bindEditorFixes(monaco, editor, () => checkedVersion === editor.getModel()?.getVersionId());

// The reply parser's worker starts after the first check (below) or on the first answer, whichever comes first.
let parser: Remote<ParseReplyApi> | undefined;
const parseWorker = () =>
  (parser ??= wrap<ParseReplyApi>(
    new Worker(new URL('./worker/parseReply.worker.ts', import.meta.url), { type: 'module' }),
  ));
const markNodeError = createNodeErrorMarker({ monaco, editor });
// The probe of the active endpoint names its target in the check's summary line: check again when it lands.
store.subscribe((s, prev) => {
  if (s.probe !== prev.probe && s.probe?.dialectTarget) liveCheck.runNow();
});
// Convert to ES5: TypeScript runs in a worker of its own, started on the first conversion.
let convertWorker: ConvertWorkerApi | undefined;
const convertToEs5 = createConvertAction({
  monaco,
  editor,
  worker: () =>
    (convertWorker ??= wrap<ConvertWorkerApi>(
      new Worker(new URL('./worker/convert.worker.ts', import.meta.url), { type: 'module' }),
    ) as unknown as ConvertWorkerApi),
  notify,
});
// Run on the embedded node is a debugging run: the tracer's console lines and cost go to the Console panel.
const debugRunner = embeddedDebugRunner({ node: getEmbeddedNode });
const runHandle = createDebuggingHandle(embeddedNodeHandle, debugRunner, (request, tracer, answer) =>
  showRunDebug(
    pageDebugSession(store, () => debugRunner),
    request,
    tracer,
    answer,
  ),
);
const transportFor: PanelContext['transportFor'] = (e) => transportForEndpoint(e, runHandle);
const requests = createRequestController({
  store,
  transportFor,
  // The body bytes travel to the parser and back without copies.
  parse: (response, options) => parseWorker().parse(transfer(response, [response.body]), options),
  probe: runProbe,
  demoDefaults: () => getEmbeddedNode().demoDefaults(),
  showPanel: (id) => layout.showPanel(id),
  notify,
  onTracerError: markNodeError,
  now: () => performance.now(),
  settle: () => liveCheck.settled(),
});
// Also on a saved draft: one saved before the demo values came holds the form's example hash, which no chain has.
// Asking for them starts the embedded node (a sandbox iframe whose worker loads the EVM): only once the editor is
// checked and the page idle, with the reply parser's worker, so neither competes with the first load (a Run before
// then starts both at once).
void startAfterFirstCheck(firstCheck).then(() => {
  parseWorker();
  return requests.fillDemo(true);
});

const top = mountTopActions(layout.actions, {
  store,
  tracers,
  templates,
  notify,
  recheck: () => liveCheck.runNow(),
  convertToEs5,
  pageUrl: () => location.origin + location.pathname,
  theme,
  useTemplateDemo: (demo) => requests.useTemplateDemo(demo),
});
layout.notice.append(h('button', { text: 'Dismiss', on: { click: () => notify(null) } }));

const ctx: PanelContext = {
  store,
  requests,
  reveal: (offset) => {
    const model = editor.getModel();
    if (!model) return;
    const pos = model.getPositionAt(offset);
    editor.setPosition(pos);
    editor.revealPositionInCenter(pos);
    editor.focus();
  },
  node: getEmbeddedNode,
  transportFor,
  showPanel: (id) => layout.showPanel(id),
  notify,
  templates,
  theme,
  openTemplate: (name) => {
    const t = templates.find((x) => x.name === name);
    if (t) top.openTemplate(t);
  },
};

const panels: Panel<AppState>[] = [
  mountTracerTabs(layout.tracerTabs, { select: tracers.select }),
  ...panelRegistry.map((p) => p.mount(layout.panels[p.id], ctx)),
  mountStatusBar(layout, panelRegistry.length, { cancel: () => requests.cancel() }),
  mountRunBar(layout.runBar, {
    send: () => void requests.send(),
    cancel: requests.cancel,
    showPanel: ctx.showPanel,
  }),
];

store.subscribe((s, prev) => {
  if (s.activeTracerId !== prev.activeTracerId || s.tracers !== prev.tracers) {
    const doc = s.tracers.find((t) => t.id === s.activeTracerId);
    if (doc) {
      const model = models.get(doc);
      if (editor.getModel() !== model) editor.setModel(model);
    }
    models.prune(new Set(s.tracers.map((t) => t.id)));
  }
  for (const p of panels) p.update(s, prev);
});
for (const p of panels) p.update(store.get(), null);
const autosave = createAutosave(store, opened.storage, (m) => notify(m));

// A share link pasted into the address bar of an open playground only changes the hash.
window.addEventListener('hashchange', () => {
  const hash = location.hash;
  history.replaceState(null, '', location.pathname + location.search);
  store.update((s) => openShareHash(s, hash));
});

bindShortcuts(window, {
  showPanelAt: (i) => {
    const p = panelRegistry[i];
    if (p) layout.showPanel(p.id);
    return p !== undefined;
  },
  save: () => {
    autosave.saveNow();
    notify('Saved in this browser (work is also saved automatically as you type).');
  },
  newTracer: () => void top.newFromTemplate(),
  send: () => void sendAfterCostCheck(store.get(), () => void requests.send()),
  cancel: () => {
    if (!store.get().inFlight) return false;
    requests.cancel();
    return true;
  },
});
editor.addCommand(
  monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter,
  () => void sendAfterCostCheck(store.get(), () => void requests.send()),
);

/** Resolves when the page is idle after the first check, or after a while if the check never ends. */
async function startAfterFirstCheck(checked: Promise<void>): Promise<void> {
  await Promise.race([checked, new Promise((r) => setTimeout(r, 10_000))]);
  await new Promise((r) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(r, { timeout: 200 }) : setTimeout(r, 0),
  );
}

/** Hooks for browser tests (the editor API avoids Monaco's auto-closing of brackets when typing). */
(window as unknown as Record<string, unknown>).__playground = {
  monaco,
  editor,
  store,
  templates,
  markers: () => monaco.editor.getModelMarkers({ resource: editor.getModel()!.uri }),
  /** True once the diagnostics shown belong to the editor's current text. */
  isChecked: () => checkedVersion === editor.getModel()?.getVersionId(),
  /** True while a change waits for the autosave (false once it is in localStorage). */
  savePending: () => autosave.pending(),
  /** The embedded node's worker calls (a test asks it for the struct logger's steps). */
  node: getEmbeddedNode(),
};
