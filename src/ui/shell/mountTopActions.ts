import type { TemplateInfo } from '../tracers/loadTemplates.ts';
import { activeTarget, type AppState } from '../../state/appState.ts';
import { isTargetId, targetIds, targetInfo } from '../../core/targets.ts';
import type { Store } from '../../state/createStore.ts';
import { encodeShareHash } from '../../state/shareLink.ts';
import type { TracerActions } from '../tracers/createTracerActions.ts';
import { createOverflowRow } from './createOverflowMenu.ts';
import { copyText, h } from './dom.ts';
import { askText, confirmAction } from './openDialog.ts';
import { openTemplatePicker } from '../tracers/openTemplatePicker.ts';
import type { ThemeChoice, ThemeSwitch } from './theme.ts';
import type { TemplateDemo } from '../../core/templates/parseTemplateHeader.ts';

/** What the top bar's actions need. */
export interface TopActionsDeps {
  store: Store<AppState>;
  tracers: TracerActions;
  templates: TemplateInfo[];
  notify(message: string | null): void;
  /** Checks the active tracer again (after its target changed). */
  recheck(): void;
  /** Converts the active tracer to ES5 in the editor (one undoable edit). */
  convertToEs5(): Promise<void>;
  /** Where share links point (the page's own address, without its hash). */
  pageUrl(): string;
  theme: ThemeSwitch;
  /** Sets the request form to a template's demo request (see RequestController.useTemplateDemo). */
  useTemplateDemo(demo: TemplateDemo): Promise<boolean>;
}

const activeDoc = (store: Store<AppState>) =>
  store.get().tracers.find((t) => t.id === store.get().activeTracerId)!;

function openTemplate(deps: TopActionsDeps, t: TemplateInfo): void {
  deps.tracers.add(t.name, t.source);
  if (t.demo) void deps.useTemplateDemo(t.demo);
  // A template's header may carry an example tracerConfig: the request form starts with it.
  if (t.tracerConfig !== undefined)
    deps.store.update((s) => ({ request: { ...s.request, tracerConfig: JSON.stringify(t.tracerConfig) } }));
}

async function newFromTemplate(deps: TopActionsDeps): Promise<void> {
  const t = await openTemplatePicker(deps.templates);
  if (t) openTemplate(deps, t);
}

async function renameActive(deps: TopActionsDeps): Promise<void> {
  const name = await askText('Rename tracer', 'New name for this tracer', activeDoc(deps.store).name);
  if (name) deps.tracers.renameActive(name);
}

async function deleteActive(deps: TopActionsDeps): Promise<void> {
  const name = activeDoc(deps.store).name;
  if (await confirmAction(`Delete "${name}"?`, 'Export it first if you want to keep a copy.', 'Delete'))
    deps.tracers.deleteActive();
}

async function share(deps: TopActionsDeps): Promise<void> {
  const doc = activeDoc(deps.store);
  const hash = encodeShareHash({
    tracer: { name: doc.name, source: doc.source },
    request: deps.store.get().request,
  });
  const url = deps.pageUrl() + hash;
  const status = await copyText(url);
  deps.notify(
    status === 'Copied'
      ? 'Share link copied: it holds the tracer and request only (no endpoints, users or passwords).'
      : `${status}. Link: ${url}`,
  );
}

/** The target picker: it sets the active tracer's target and follows the active tracer (each remembers its own). */
function targetPicker(deps: TopActionsDeps): HTMLSelectElement {
  const { store, tracers } = deps;
  const targetSelect = h(
    'select',
    {
      title: 'What this tracer must run on (remembered with it; see docs/targets.md)',
      attrs: { 'aria-label': 'Target', 'data-testid': 'target' },
    },
    targetIds.map((id) => h('option', { value: id, text: `Target: ${targetInfo(id).label}` })),
  );
  targetSelect.value = activeTarget(store.get());
  targetSelect.addEventListener('change', () => {
    const value = targetSelect.value;
    if (!isTargetId(value)) return;
    tracers.setTarget(store.get().activeTracerId, value);
    deps.recheck();
  });
  store.subscribe((s, prev) => {
    if (s.activeTracerId === prev.activeTracerId && s.tracers === prev.tracers) return;
    const target = activeTarget(s);
    if (targetSelect.value !== target) targetSelect.value = target;
    if (s.activeTracerId === prev.activeTracerId && activeTarget(prev) !== target) deps.recheck();
  });
  return targetSelect;
}

function themePicker(theme: ThemeSwitch): HTMLSelectElement {
  const themeSelect = h(
    'select',
    { title: 'Colour theme', attrs: { 'aria-label': 'Theme', 'data-testid': 'theme' } },
    [
      h('option', { value: 'system', text: 'Theme: system' }),
      h('option', { value: 'light', text: 'Theme: light' }),
      h('option', { value: 'dark', text: 'Theme: dark' }),
    ],
  );
  themeSelect.value = theme.choice();
  themeSelect.addEventListener('change', () => theme.set(themeSelect.value as ThemeChoice));
  return themeSelect;
}

/** The hidden file input behind Import. */
function importInput(tracers: TracerActions): HTMLInputElement {
  const fileInput = h('input', {
    type: 'file',
    attrs: { accept: '.js,text/javascript', multiple: '', hidden: '', 'data-testid': 'import-file' },
  });
  fileInput.addEventListener('change', () => {
    if (fileInput.files) void tracers.importFiles(fileInput.files).then(() => (fileInput.value = ''));
  });
  return fileInput;
}

const button = (text: string, title: string, onClick: () => void, testId: string) =>
  h('button', { text, title, attrs: { 'data-testid': testId }, on: { click: onClick } });

/**
 * The top bar: New…, Rename, Delete, Import, Export, the target picker (remembered per tracer), Convert to ES5, the
 * theme, Share, on one line (what does not fit is in its More menu). Returns New… for its shortcut.
 */
export function mountTopActions(
  el: HTMLElement,
  deps: TopActionsDeps,
): { newFromTemplate(): Promise<void>; openTemplate(t: TemplateInfo): void } {
  const targetSelect = targetPicker(deps);
  const themeSelect = themePicker(deps.theme);
  const fileInput = importInput(deps.tracers);
  const newButton = button(
    'New…',
    'New tracer from a template (Alt+N)',
    () => void newFromTemplate(deps),
    'new-tracer',
  );
  const rename = button('Rename', 'Rename this tracer', () => void renameActive(deps), 'rename-tracer');
  const del = button('Delete', 'Delete this tracer', () => void deleteActive(deps), 'delete-tracer');
  const importButton = button('Import', 'Import .js tracer files', () => fileInput.click(), 'import-tracer');
  const exportButton = button(
    'Export',
    'Download this tracer as a .js file',
    deps.tracers.exportActive,
    'export-tracer',
  );
  const convert = button(
    'Convert to ES5',
    'Rewrite the ES2015+ syntax of this tracer as ES5.1 (one undoable edit)',
    () => void deps.convertToEs5(),
    'convert-es5',
  );
  const shareButton = button(
    'Share',
    'Copy a link with this tracer and request (no endpoints or passwords)',
    () => void share(deps),
    'share',
  );
  const items = [
    newButton,
    rename,
    del,
    importButton,
    exportButton,
    targetSelect,
    convert,
    themeSelect,
    shareButton,
  ];
  el.append(...items, fileInput);
  // One line at any width: the least used go into the More menu first, New…, the target and Convert last.
  createOverflowRow(el, items, {
    label: 'More',
    testId: 'actions-more',
    popupRole: 'group',
    hideOrder: [themeSelect, exportButton, importButton, del, rename, shareButton, convert, targetSelect],
  });
  return { newFromTemplate: () => newFromTemplate(deps), openTemplate: (t) => openTemplate(deps, t) };
}
