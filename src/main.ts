// Composition root: creates the store, the workers, the editor and mounts the panels. The only file that wires.
import './ui/styles.css';
import { wrap } from 'comlink';
import type { TracerWorkerApi } from './worker/contracts.ts';
import type { AppState } from './state/appState.ts';
import { createInitialState, openShareHash } from './state/createInitialState.ts';
import { createStore } from './state/createStore.ts';
import { storageKey, type KeyValueStorage } from './state/persist.ts';
import { encodeShareHash } from './state/shareLink.ts';
import { createLayout, panelIds } from './ui/createLayout.ts';
import { h, copyText, type Panel } from './ui/dom.ts';
import { setupMonaco } from './ui/editor/setupMonaco.ts';
import { registerQuickFixes } from './ui/editor/applyDiagnostics.ts';
import { createLiveCheck } from './ui/editor/createLiveCheck.ts';
import { createTracerModels } from './ui/createTracerModels.ts';
import { createTracerActions } from './ui/createTracerActions.ts';
import { createAutosave } from './ui/createAutosave.ts';
import { loadTemplates } from './ui/loadTemplates.ts';
import { openTemplatePicker } from './ui/openTemplatePicker.ts';
import { mountTracerTabs } from './ui/mountTracerTabs.ts';
import { mountProblemsPanel } from './ui/panels/mountProblemsPanel.ts';
import { mountSendPanel } from './ui/panels/mountSendPanel.ts';
import { mountRequestFeatures } from './ui/mountRequestFeatures.ts';
import { mountReplayPanel } from './ui/panels/mountReplayPanel.ts'; // replay panel
import { getEmbeddedNode } from './io/embeddedNode.ts'; // replay panel

// Some browsers refuse localStorage (blocked cookies, sandboxed frames): the page still works, unsaved.
function openStorage(): { storage: KeyValueStorage; problem: string | null } {
  try {
    const storage = window.localStorage;
    storage.getItem(storageKey);
    return { storage, problem: null };
  } catch (e) {
    const memory = new Map<string, string>();
    return {
      storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) },
      problem: `This browser does not let the playground use localStorage (${(e as Error).message}): work is kept only until the tab closes. Export tracers to keep them.`,
    };
  }
}
const opened = openStorage();
const initial = createInitialState(opened.storage, location.hash);
if (opened.problem) initial.state.notice = opened.problem;
// The share link has been read: drop it from the address bar so a reload does not open it again.
if (location.hash) history.replaceState(null, '', location.pathname + location.search);
const store = createStore<AppState>(initial.state);
const layout = createLayout(document.getElementById('app')!);
const notify = (message: string | null) => store.update({ notice: message });
const tracers = createTracerActions(store, notify);
const { templates, problems: templateProblems } = loadTemplates();
if (templateProblems.length) notify(`Some templates could not be read: ${templateProblems.join('; ')}`);

const monaco = setupMonaco();
registerQuickFixes(monaco);
const dark = matchMedia('(prefers-color-scheme: dark)');
const applyTheme = () => monaco.editor.setTheme(dark.matches ? 'vs-dark' : 'vs');
applyTheme();
dark.addEventListener('change', applyTheme);

const models = createTracerModels(monaco);
const activeDoc = () => store.get().tracers.find((t) => t.id === store.get().activeTracerId)!;
const editor = monaco.editor.create(layout.editorHost, {
  model: models.get(activeDoc()),
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
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
const tracerWorker = wrap<TracerWorkerApi>(
  new Worker(new URL('./worker/tracer.worker.ts', import.meta.url), { type: 'module' }),
);
const liveCheck = createLiveCheck({
  monaco,
  editor,
  worker: tracerWorker,
  profile: () => store.get().profile,
  onResult: (a) => {
    if (checkedVersion === -1) performance.mark('playground:first-check');
    checkedVersion = editor.getModel()?.getVersionId() ?? -1;
    store.update({ diagnostics: a.diagnostics, flat: a.flat });
  },
});
liveCheck.runNow();

const reveal = (offset: number) => {
  const model = editor.getModel();
  if (!model) return;
  const pos = model.getPositionAt(offset);
  editor.setPosition(pos);
  editor.revealPositionInCenter(pos);
  editor.focus();
};

function mountTopActions(el: HTMLElement): void {
  const profileSelect = h(
    'select',
    {
      title: 'Which JavaScript engine the tracer is checked for',
      attrs: { 'aria-label': 'Engine', 'data-testid': 'profile' },
    },
    [
      h('option', { value: 'strict', text: 'ES5.1 (all clients)' }),
      h('option', { value: 'goja', text: 'geth goja (ES2015+ warnings)' }),
    ],
  );
  profileSelect.addEventListener('change', () => {
    store.update({ profile: profileSelect.value === 'goja' ? 'goja' : 'strict' });
    liveCheck.runNow();
  });
  const fileInput = h('input', {
    type: 'file',
    attrs: { accept: '.js,text/javascript', multiple: '', hidden: '', 'data-testid': 'import-file' },
  });
  fileInput.addEventListener('change', () => {
    if (fileInput.files) void tracers.importFiles(fileInput.files).then(() => (fileInput.value = ''));
  });
  const button = (text: string, title: string, onClick: () => void, testId: string) =>
    h('button', { text, title, attrs: { 'data-testid': testId }, on: { click: onClick } });
  el.append(
    button('New…', 'New tracer from a template (Alt+N)', () => void newFromTemplate(), 'new-tracer'),
    button('Rename', 'Rename this tracer', renameActive, 'rename-tracer'),
    button('Delete', 'Delete this tracer', deleteActive, 'delete-tracer'),
    button('Import', 'Import .js tracer files', () => fileInput.click(), 'import-tracer'),
    button('Export', 'Download this tracer as a .js file', tracers.exportActive, 'export-tracer'),
    profileSelect,
    button(
      'Share',
      'Copy a link with this tracer and request (no endpoints or passwords)',
      () => void share(),
      'share',
    ),
    fileInput,
  );
}

async function newFromTemplate(): Promise<void> {
  const t = await openTemplatePicker(templates);
  if (!t) return;
  tracers.add(t.name, t.source);
  // A template's header may carry an example tracerConfig: the request form starts with it.
  if (t.tracerConfig !== undefined)
    store.update((s) => ({ request: { ...s.request, tracerConfig: JSON.stringify(t.tracerConfig) } }));
}
function renameActive(): void {
  const name = prompt('New name for this tracer', activeDoc().name);
  if (name !== null) tracers.renameActive(name);
}
function deleteActive(): void {
  if (confirm(`Delete "${activeDoc().name}"? Export it first if you want to keep a copy.`))
    tracers.deleteActive();
}
async function share(): Promise<void> {
  const hash = encodeShareHash({
    tracer: { name: activeDoc().name, source: activeDoc().source },
    request: store.get().request,
  });
  const url = location.origin + location.pathname + hash;
  const status = await copyText(url);
  notify(
    status === 'Copied'
      ? 'Share link copied: it holds the tracer and request only (no endpoints, users or passwords).'
      : `${status}. Link: ${url}`,
  );
}

mountTopActions(layout.actions);
const dismiss = h('button', { text: 'Dismiss', on: { click: () => notify(null) } });
layout.notice.append(dismiss);

const requestFeatures = mountRequestFeatures(layout, store, {
  monaco,
  editor,
  tracerWorker,
  activeSource: () => activeDoc().source,
  notify,
  freshDraft: initial.freshDraft,
});

const panels: Panel<AppState>[] = [
  mountTracerTabs(layout.tracerTabs, { select: tracers.select }),
  mountProblemsPanel(layout.panels.problems, { reveal }),
  mountSendPanel(layout.panels.send, {
    setIncludeCredentials: (v) => store.update({ includeCredentials: v }),
  }),
  ...requestFeatures.panels,
  // replay panel
  mountReplayPanel(layout.panels.replay, { store, node: getEmbeddedNode, send: requestFeatures.send }),
  {
    update(s) {
      layout.notice.hidden = !s.notice;
      layout.noticeText.textContent = s.notice ?? '';
      const counts = { error: 0, warning: 0, info: 0 };
      for (const d of s.diagnostics) counts[d.severity]++;
      layout.statusbar.textContent =
        `${counts.error} errors, ${counts.warning} warnings, ${counts.info} notes · ` +
        (s.flat ? 'ready to send' : 'not ready to send') +
        ` · Ctrl/Cmd+Enter send · Ctrl/Cmd+S save · Alt+1…${panelIds.length} panels · Alt+N new tracer`;
    },
    dispose() {},
  },
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

window.addEventListener('keydown', (e) => {
  if (e.altKey && /^Digit[1-9]$/.test(e.code) && Number(e.code.slice(5)) <= panelIds.length) {
    layout.showPanel(panelIds[Number(e.code.slice(5)) - 1]);
    e.preventDefault();
  } else if ((e.ctrlKey || e.metaKey) && e.code === 'KeyS') {
    // Work is saved automatically; the reflex shortcut saves at once instead of opening the browser's dialog.
    autosave.saveNow();
    notify('Saved in this browser (work is also saved automatically as you type).');
    e.preventDefault();
  } else if (e.altKey && e.code === 'KeyN') {
    void newFromTemplate();
    e.preventDefault();
  } else if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
    requestFeatures.send();
    e.preventDefault();
  }
});
editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => requestFeatures.send());

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
};
