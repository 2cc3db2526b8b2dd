import './resultTree.css';
import type { Remote } from 'comlink';
import type { ResultTreeApi } from '../../worker/contracts.ts';
import { copyText, h } from '../shell/dom.ts';
import { formatPath, type TreePath, type TreeRow } from '../../core/result/createResultTree.ts';
import { createRowElement, fillRow } from './renderTreeRow.ts';

/** The large-result tree on the page: what it offers besides the DOM it manages. */
export interface VirtualTreeView {
  /** Expands the ancestors of `path`, scrolls to it and selects it. */
  reveal(path: TreePath): Promise<void>;
  dispose(): void;
}

/** Pixel height of one row (fixed: row positions are computed, never measured). */
export const treeRowHeight = 20;
// Rows kept above and below the visible ones, so a short scroll shows rows that are already there.
const overscan = 12;
// Browsers cap an element's height (Chromium near 33.5 million px): beyond this the scrollbar is scaled, and a pixel
// of scrolling moves more than a pixel of rows.
const maxSpacerPx = 15_000_000;

/**
 * Shows a large result as a virtual list: only the visible rows (~50) exist in the DOM; the rows come from the
 * tree kept in the parser worker. Expand/collapse, keyboard navigation, search, copy of the selected value.
 */
export function mountVirtualTree(
  el: HTMLElement,
  tree: Remote<ResultTreeApi>,
  initialSize: number,
): VirtualTreeView {
  let size = initialSize;
  let rows: TreeRow[] = [];
  let first = 0;
  let selected: string | null = null;
  let seq = 0;
  let disposed = false;
  const status = h('span', { attrs: { 'data-testid': 'tree-status', 'aria-live': 'polite' } });
  const pathLabel = h('span', { class: 'vtree-path', attrs: { 'data-testid': 'tree-path' } });
  const search = h('input', {
    type: 'search',
    placeholder: 'Find in keys and values',
    attrs: { 'aria-label': 'Find in the result', 'data-testid': 'tree-search' },
  });
  const findButton = h('button', { text: 'Find next', attrs: { 'data-testid': 'tree-find' } });
  const copyButton = h('button', {
    text: 'Copy value',
    title: 'Copy the selected node as JSON',
    attrs: { 'data-testid': 'tree-copy' },
  });
  const spacer = h('div');
  const layer = h('div', { class: 'vtree-layer' });
  const viewport = h(
    'div',
    { class: 'vtree', attrs: { role: 'tree', tabindex: '0', 'data-testid': 'result-tree' } },
    [spacer, layer],
  );
  el.append(
    h('div', { class: 'vtree-tools' }, [search, findButton, copyButton, pathLabel, status]),
    viewport,
  );

  const fail = (e: unknown) => {
    if (!disposed) status.textContent = (e as Error).message;
  };
  const setSize = (n: number) => {
    size = n;
    spacer.style.height = `${Math.min(n * treeRowHeight, maxSpacerPx)}px`;
  };

  // Which row sits at the top for a scroll position, and back: one row per treeRowHeight pixels, except for very
  // long trees where the scroll range maps proportionally onto the rows (see maxSpacerPx).
  const scaled = () => size * treeRowHeight > maxSpacerPx;
  const ranges = () => {
    const height = viewport.clientHeight || 480;
    return { scroll: Math.max(1, maxSpacerPx - height), rows: Math.max(1, size - height / treeRowHeight) };
  };
  const topRow = () => {
    if (!scaled()) return viewport.scrollTop / treeRowHeight;
    const r = ranges();
    return (viewport.scrollTop / r.scroll) * r.rows;
  };
  const rowTop = (index: number) => {
    if (!scaled()) return index * treeRowHeight;
    const r = ranges();
    return (index / r.rows) * r.scroll;
  };
  const paint = () => {
    const offset = viewport.scrollTop - (topRow() - first) * treeRowHeight;
    layer.style.transform = `translateY(${Math.max(0, offset)}px)`;
    while (layer.children.length < rows.length) layer.append(createRowElement());
    while (layer.children.length > rows.length) layer.lastElementChild!.remove();
    rows.forEach((r, i) => fillRow(layer.children[i] as HTMLElement, r, first + i, selected));
    // A found row is brought into the window once it is painted: the load that paints it may be a later one than the
    // search awaited (a scroll during a load asks again).
    if (revealPending && layer.querySelector('[aria-selected=true]')) {
      revealPending = false;
      showSelected();
    }
  };
  let revealPending = false;

  // One request at a time; a scroll during a request asks again for where the view is then.
  let inFlight = false;
  let again = false;
  const load = async () => {
    if (inFlight) return void (again = true);
    inFlight = true;
    const mine = ++seq;
    const start = Math.max(0, Math.floor(topRow()) - overscan);
    const count = Math.ceil((viewport.clientHeight || 480) / treeRowHeight) + 2 * overscan;
    try {
      const got = await tree.rows(start, count);
      if (mine === seq && !disposed) [rows, first] = [got, start];
      paint();
    } catch (e) {
      fail(e);
    } finally {
      inFlight = false;
      if (again && !disposed) [again] = [false, void load()];
    }
  };
  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => void load());
  };
  viewport.addEventListener('scroll', schedule, { passive: true });

  const select = (path: TreePath) => {
    selected = JSON.stringify(path);
    pathLabel.textContent = formatPath(path);
    paint();
  };
  const toggle = async (path: TreePath, open?: boolean) => {
    try {
      setSize(await tree.toggle(path, open));
      await load();
    } catch (e) {
      fail(e);
    }
  };
  // The panel around the tree scrolls too: bring the selected row into the window, not only into the tree.
  const showSelected = () => {
    // The tree's own box first (its rows sit in a contained, translated layer), then the row within it.
    viewport.scrollIntoView({ block: 'nearest' });
    layer.querySelector('[aria-selected=true]')?.scrollIntoView({ block: 'nearest' });
  };
  const scrollToIndex = (index: number) => {
    const visibleRows = (viewport.clientHeight || 480) / treeRowHeight;
    const top = topRow();
    if (index < top || index + 1 > top + visibleRows)
      viewport.scrollTop = rowTop(Math.max(0, index - visibleRows / 2));
  };

  layer.addEventListener('click', (e) => {
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('.vtree-row');
    const row = rowEl && rows[Number(rowEl.dataset.index) - first];
    if (!row) return;
    select(row.path);
    if (row.childCount > 0 && (e.target as HTMLElement).classList.contains('vtree-toggle'))
      void toggle(row.path);
  });
  layer.addEventListener('dblclick', (e) => {
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('.vtree-row');
    const row = rowEl && rows[Number(rowEl.dataset.index) - first];
    if (row && row.childCount > 0) void toggle(row.path);
  });
  // Keys are handled one after another: each needs the selection and rows the previous one left.
  const treeKeys = new Set(['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Enter']);
  let keyChain = Promise.resolve();
  viewport.addEventListener('keydown', (e) => {
    if (!treeKeys.has(e.key)) return;
    e.preventDefault();
    keyChain = keyChain.then(() => onKey(e.key)).catch(fail);
  });

  async function onKey(key: string): Promise<void> {
    const at = rows.findIndex((r) => JSON.stringify(r.path) === selected);
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      const from = at >= 0 ? first + at : first;
      const index = Math.min(size - 1, Math.max(0, from + (key === 'ArrowDown' ? 1 : -1)));
      scrollToIndex(index);
      if (!rows[index - first]) await load();
      const next = rows[index - first];
      if (next) select(next.path);
      showSelected();
      return;
    }
    const row = at >= 0 ? rows[at] : undefined;
    if (row && row.childCount > 0) await toggle(row.path, key === 'Enter' ? undefined : key === 'ArrowRight');
  }

  const reveal = async (path: TreePath) => {
    try {
      for (let d = 0; d < path.length; d++) await tree.toggle(path.slice(0, d), true);
      setSize(await tree.size());
      const index = await tree.indexOf(path);
      select(path);
      if (index >= 0) scrollToIndex(index);
      await load();
      showSelected();
    } catch (e) {
      fail(e);
    }
  };

  const findNext = async () => {
    const query = search.value.trim();
    if (!query) return;
    status.textContent = 'Searching…';
    try {
      const hit = await tree.findNext(query);
      if (!hit) return void (status.textContent = `No match for "${query}"`);
      setSize(await tree.size());
      select(hit.path);
      revealPending = true;
      scrollToIndex(hit.index);
      await load();
      status.textContent = `Found at ${formatPath(hit.path)}${hit.wrapped ? ' (searched again from the top)' : ''}`;
    } catch (e) {
      fail(e);
    }
  };
  findButton.addEventListener('click', () => void findNext());
  search.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void findNext();
  });
  copyButton.addEventListener('click', async () => {
    if (!selected) return void (status.textContent = 'Select a row first');
    try {
      status.textContent = await copyText(await tree.valueText(JSON.parse(selected) as TreePath));
    } catch (e) {
      fail(e);
    }
  });

  setSize(initialSize);
  void load();
  return {
    reveal,
    dispose() {
      disposed = true;
      cancelAnimationFrame(frame);
      el.replaceChildren();
    },
  };
}
