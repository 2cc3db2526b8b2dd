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

/**
 * Mounts the tabs of the result views into `el`, the JSON tab being `jsonPane` (which the panel keeps filling).
 * A result's views come from its source: prepared in the page for a small result, in the parser worker next to a
 * large one. The first view is shown for a shape the views know; the JSON stays the default for any other.
 */
export function mountResultViews(el: HTMLElement, jsonPane: HTMLElement): ResultViewsPanel {
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
  const inspector = frameInspectorIn(inspectorBox, pane);

  let source: ResultViewsSource | null = null;
  let views: ResultViews | null = null;
  let tab: Tab = 'json';
  // The tab the user picked last, kept across results that offer it.
  let chosen: Tab | null = null;
  let disposePane: (() => void) | null = null;
  let seq = 0;

  const setNotes = (lines: string[]) => {
    clear(notes);
    for (const l of lines) notes.append(h('div', { class: 'hint', text: l }));
  };

  let pendingRow: number | null = null;
  let shown = 0;
  const showTab = (next: Tab) => {
    tab = next;
    const mine = ++shown;
    disposePane?.();
    disposePane = null;
    clear(pane);
    for (const b of tabList.querySelectorAll<HTMLButtonElement>('[role=tab]'))
      b.setAttribute('aria-selected', String(b.dataset.tab === next));
    jsonPane.hidden = next !== 'json';
    pane.hidden = next === 'json';
    pane.dataset.testid = `result-view-${next}`;
    if (!views || next === 'json') return;
    const v = views;
    void import('./views/renderView.ts').then(({ renderView }) => {
      if (mine !== shown) return;
      const cx = {
        row: pendingRow,
        showInTable: (row: number) => {
          pendingRow = row;
          showTab('table');
        },
        selectFrame: inspector.select,
      };
      pendingRow = null;
      disposePane = renderView(pane, next, v, cx);
    });
  };

  const renderTabs = () => {
    clear(tabList);
    const tabs: Tab[] = [...(views?.tabs ?? []), 'json'];
    for (const t of tabs)
      tabList.append(
        h('button', {
          text: tabTitles[t],
          attrs: { role: 'tab', 'data-tab': t, 'data-testid': `result-tab-${t}`, 'aria-selected': 'false' },
          on: {
            click: () => {
              chosen = t;
              showTab(t);
            },
          },
        }),
      );
    const keep = chosen !== null && tabs.includes(chosen) ? chosen : null;
    showTab(keep ?? tabs[0]);
  };

  const renderTxSelect = (v: ResultViews) => {
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
  };

  const load = async (selection: BlockSelection) => {
    const mine = ++seq;
    const from = source;
    if (!from) return;
    setNotes(['Preparing the views…']);
    let next: ResultViews;
    try {
      next = await from.views(selection);
    } catch (e) {
      if (mine === seq) setNotes([`The views could not be prepared: ${(e as Error).message}`]);
      return;
    }
    if (mine !== seq) return;
    views = next;
    if (next.tabs.some((t) => t === 'flame' || t === 'bars' || t === 'timeline')) preloadChart();
    bar.hidden = !next.block && !next.tabs.length;
    renderTxSelect(next);
    setNotes(next.notes);
    renderTabs();
  };

  txSelect.addEventListener('change', () => {
    const v = txSelect.value;
    void load(v === 'sum' ? 'sum' : Number(v));
  });

  return {
    show(next) {
      seq++;
      source = next;
      views = null;
      bar.hidden = true;
      setNotes([]);
      tab = 'json';
      showTab('json');
      inspector.clear();
      if (next) void load(null);
    },
    showJson() {
      if (tab !== 'json') showTab('json');
    },
    dispose() {
      seq++;
      shown++;
      disposePane?.();
      inspector.dispose();
      inspectorBox.remove();
      bar.remove();
      notes.remove();
      pane.remove();
    },
  };
}
