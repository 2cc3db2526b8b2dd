import './views/resultViews.css';
import { shortHex } from '../../core/result/quantities.ts';
import type {
  BlockSelection,
  FrameDetail,
  ResultViews,
  ResultViewsSource,
  ViewTab,
} from '../../core/result/viewData.ts';
import type { FrameInspector } from '../inspector/mountFrameInspector.ts';
import { clear, h } from '../shell/dom.ts';
import { preloadChart } from './views/chartTheme.ts';

/** The views beside the raw JSON in the result panel. */
export interface ResultViewsPanel {
  /** Shows the views of a new result (`null`: no result, or one no view can read). */
  show(source: ResultViewsSource | null): void;
  /** Switches to the JSON tab (to reveal something in it). */
  showJson(): void;
  dispose(): void;
}

type Tab = ViewTab | 'json';

const tabTitles: Record<Tab, string> = {
  'call-tree': 'Call tree',
  flame: 'Flame chart',
  calls: 'Calls',
  bars: 'Bar chart',
  table: 'Table',
  timeline: 'Timeline',
  diff: 'Pre/post diff',
  json: 'JSON',
};

const shapeNames: Record<string, string> = {
  'call-tree': 'call tree',
  'flat-calls': 'flat calls',
  counts: 'counts',
  records: 'records',
  'state-diff': 'state diff',
  unknown: 'JSON',
};

/**
 * The frame inspector under the views, loaded on the first selection (it brings the ABI decoder). A selection is
 * also announced as a bubbling `frame-select` event with `{frame, path}` (path: child indexes from the top frame),
 * so other panels can follow it.
 */
function frameInspectorIn(box: HTMLElement, from: HTMLElement) {
  let inspector: FrameInspector | null = null;
  let wanted: FrameDetail | null = null;
  return {
    select(frame: FrameDetail) {
      wanted = frame;
      from.dispatchEvent(
        new CustomEvent('frame-select', { bubbles: true, detail: { frame, path: frame.path } }),
      );
      if (inspector) return inspector.show(frame);
      void import('../inspector/mountFrameInspector.ts').then(({ mountFrameInspector }) => {
        inspector ??= mountFrameInspector(box);
        inspector.show(wanted);
      });
    },
    clear() {
      wanted = null;
      inspector?.show(null);
    },
    dispose() {
      inspector?.dispose();
    },
  };
}

function buildViewsDom(el: HTMLElement, jsonPane: HTMLElement) {
  const txSelect = h('select', {
    attrs: { 'data-testid': 'result-tx-select', 'aria-label': 'Transaction of the block trace' },
  });
  const txLabel = h('label', { class: 'rv-tx' }, ['Transaction ', txSelect]);
  const tabList = h('div', { class: 'rv-tabs', attrs: { role: 'tablist', 'aria-label': 'Result views' } });
  const bar = h('div', { class: 'rv-bar', attrs: { 'data-testid': 'result-views' } }, [txLabel, tabList]);
  const notes = h('div', { class: 'rv-notes', attrs: { 'data-testid': 'result-view-notes' } });
  const pane = h('div', { class: 'rv-pane', attrs: { role: 'tabpanel' } });
  const inspectorBox = h('div', { class: 'rv-inspector' });
  el.append(bar, notes, pane, inspectorBox);
  bar.hidden = true;
  return { jsonPane, txSelect, txLabel, tabList, bar, notes, pane, inspectorBox };
}

/** The views' DOM, the result they show and the tab shown, shared by the functions below. */
interface Views {
  d: ReturnType<typeof buildViewsDom>;
  inspector: ReturnType<typeof frameInspectorIn>;
  source: ResultViewsSource | null;
  views: ResultViews | null;
  tab: Tab;
  /** The tab the user picked last, kept across results that offer it. */
  chosen: Tab | null;
  disposePane: (() => void) | null;
  seq: number;
  pendingRow: number | null;
  shown: number;
}

function setNotes(w: Views, lines: string[]): void {
  clear(w.d.notes);
  for (const l of lines) w.d.notes.append(h('div', { class: 'hint', text: l }));
}

function showTab(w: Views, next: Tab): void {
  const { pane, tabList, jsonPane } = w.d;
  w.tab = next;
  const mine = ++w.shown;
  w.disposePane?.();
  w.disposePane = null;
  clear(pane);
  for (const b of tabList.querySelectorAll<HTMLButtonElement>('[role=tab]'))
    b.setAttribute('aria-selected', String(b.dataset.tab === next));
  jsonPane.hidden = next !== 'json';
  pane.hidden = next === 'json';
  pane.dataset.testid = `result-view-${next}`;
  if (!w.views || next === 'json') return;
  const v = w.views;
  void import('./views/renderView.ts').then(({ renderView }) => {
    if (mine !== w.shown) return;
    const cx = {
      row: w.pendingRow,
      showInTable: (row: number) => {
        w.pendingRow = row;
        showTab(w, 'table');
      },
      selectFrame: w.inspector.select,
    };
    w.pendingRow = null;
    w.disposePane = renderView(pane, next, v, cx);
  });
}

function renderTabs(w: Views): void {
  const { tabList } = w.d;
  clear(tabList);
  const tabs: Tab[] = [...(w.views?.tabs ?? []), 'json'];
  for (const t of tabs)
    tabList.append(
      h('button', {
        text: tabTitles[t],
        attrs: { role: 'tab', 'data-tab': t, 'data-testid': `result-tab-${t}`, 'aria-selected': 'false' },
        on: {
          click: () => {
            w.chosen = t;
            showTab(w, t);
          },
        },
      }),
    );
  const keep = w.chosen !== null && tabs.includes(w.chosen) ? w.chosen : null;
  showTab(w, keep ?? tabs[0]);
}

function renderTxSelect(w: Views, v: ResultViews): void {
  const { txLabel, txSelect } = w.d;
  txLabel.hidden = !v.block;
  if (!v.block) return;
  clear(txSelect);
  if (v.block.canSum)
    txSelect.append(h('option', { value: 'sum', text: `All ${v.block.txs.length} transactions (sum)` }));
  for (const t of v.block.txs)
    txSelect.append(
      h('option', {
        value: String(t.index),
        text:
          `#${t.index} ${t.txHash ? shortHex(t.txHash, 10, 8) : ''} — ` +
          (t.error !== null ? `failed: ${t.error.slice(0, 60)}` : (shapeNames[t.shape] ?? t.shape)),
      }),
    );
  txSelect.value = String(v.selected);
}

async function load(w: Views, selection: BlockSelection): Promise<void> {
  const mine = ++w.seq;
  const from = w.source;
  if (!from) return;
  setNotes(w, ['Preparing the views…']);
  let next: ResultViews;
  try {
    next = await from.views(selection);
  } catch (e) {
    if (mine === w.seq) setNotes(w, [`The views could not be prepared: ${(e as Error).message}`]);
    return;
  }
  if (mine !== w.seq) return;
  w.views = next;
  if (next.tabs.some((t) => t === 'flame' || t === 'bars' || t === 'timeline')) preloadChart();
  w.d.bar.hidden = !next.block && !next.tabs.length;
  renderTxSelect(w, next);
  setNotes(w, next.notes);
  renderTabs(w);
}

function show(w: Views, next: ResultViewsSource | null): void {
  w.seq++;
  w.source = next;
  w.views = null;
  w.d.bar.hidden = true;
  setNotes(w, []);
  w.tab = 'json';
  showTab(w, 'json');
  w.inspector.clear();
  if (next) void load(w, null);
}

function dispose(w: Views): void {
  w.seq++;
  w.shown++;
  w.disposePane?.();
  w.inspector.dispose();
  w.d.inspectorBox.remove();
  w.d.bar.remove();
  w.d.notes.remove();
  w.d.pane.remove();
}

/**
 * Mounts the tabs of the result views into `el`, the JSON tab being `jsonPane` (which the panel keeps filling).
 * A result's views come from its source: prepared in the page for a small result, in the parser worker next to a
 * large one. The first view is shown for a shape the views know; the JSON stays the default for any other.
 */
export function mountResultViews(el: HTMLElement, jsonPane: HTMLElement): ResultViewsPanel {
  const d = buildViewsDom(el, jsonPane);
  const w: Views = {
    d,
    inspector: frameInspectorIn(d.inspectorBox, d.pane),
    source: null,
    views: null,
    tab: 'json',
    chosen: null,
    disposePane: null,
    seq: 0,
    pendingRow: null,
    shown: 0,
  };
  d.txSelect.addEventListener('change', () => {
    const v = d.txSelect.value;
    void load(w, v === 'sum' ? 'sum' : Number(v));
  });
  return {
    show: (next) => show(w, next),
    showJson() {
      if (w.tab !== 'json') showTab(w, 'json');
    },
    dispose: () => dispose(w),
  };
}
