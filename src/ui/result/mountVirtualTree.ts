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

/** The tree's DOM, the rows it shows now and its request bookkeeping, shared by the functions below. */
interface Tree {
  el: HTMLElement;
  tree: Remote<ResultTreeApi>;
  v: ReturnType<typeof buildTreeDom>;
  size: number;
  rows: TreeRow[];
  first: number;
  selected: string | null;
  seq: number;
  disposed: boolean;
  /** Set when a found row should be brought into the window once it is painted. */
  revealPending: boolean;
  // One request at a time; a scroll during a request asks again for where the view is then.
  inFlight: boolean;
  again: boolean;
  frame: number;
  keyChain: Promise<void>;
}

function buildTreeDom(el: HTMLElement) {
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
  return { status, pathLabel, search, findButton, copyButton, spacer, layer, viewport };
}

function fail(t: Tree, e: unknown): void {
  if (!t.disposed) t.v.status.textContent = (e as Error).message;
}

function setSize(t: Tree, n: number): void {
  t.size = n;
  t.v.spacer.style.height = `${Math.min(n * treeRowHeight, maxSpacerPx)}px`;
}

// Which row sits at the top for a scroll position, and back: one row per treeRowHeight pixels, except for very
// long trees where the scroll range maps proportionally onto the rows (see maxSpacerPx).
const scaled = (t: Tree) => t.size * treeRowHeight > maxSpacerPx;

function ranges(t: Tree) {
  const height = t.v.viewport.clientHeight || 480;
  return { scroll: Math.max(1, maxSpacerPx - height), rows: Math.max(1, t.size - height / treeRowHeight) };
}

function topRow(t: Tree): number {
  if (!scaled(t)) return t.v.viewport.scrollTop / treeRowHeight;
  const r = ranges(t);
  return (t.v.viewport.scrollTop / r.scroll) * r.rows;
}

function rowTop(t: Tree, index: number): number {
  if (!scaled(t)) return index * treeRowHeight;
  const r = ranges(t);
  return (index / r.rows) * r.scroll;
}

function paint(t: Tree): void {
  const { layer, viewport } = t.v;
  const offset = viewport.scrollTop - (topRow(t) - t.first) * treeRowHeight;
  layer.style.transform = `translateY(${Math.max(0, offset)}px)`;
  while (layer.children.length < t.rows.length) layer.append(createRowElement());
  while (layer.children.length > t.rows.length) layer.lastElementChild!.remove();
  t.rows.forEach((r, i) => fillRow(layer.children[i] as HTMLElement, r, t.first + i, t.selected));
  // A found row is brought into the window once it is painted: the load that paints it may be a later one than the
  // search awaited (a scroll during a load asks again).
  if (t.revealPending && layer.querySelector('[aria-selected=true]')) {
    t.revealPending = false;
    showSelected(t);
  }
}

async function load(t: Tree): Promise<void> {
  if (t.inFlight) return void (t.again = true);
  t.inFlight = true;
  const mine = ++t.seq;
  const start = Math.max(0, Math.floor(topRow(t)) - overscan);
  const count = Math.ceil((t.v.viewport.clientHeight || 480) / treeRowHeight) + 2 * overscan;
  try {
    const got = await t.tree.rows(start, count);
    if (mine === t.seq && !t.disposed) [t.rows, t.first] = [got, start];
    paint(t);
  } catch (e) {
    fail(t, e);
  } finally {
    t.inFlight = false;
    if (t.again && !t.disposed) [t.again] = [false, void load(t)];
  }
}

function schedule(t: Tree): void {
  cancelAnimationFrame(t.frame);
  t.frame = requestAnimationFrame(() => void load(t));
}

function select(t: Tree, path: TreePath): void {
  t.selected = JSON.stringify(path);
  t.v.pathLabel.textContent = formatPath(path);
  paint(t);
}

async function toggle(t: Tree, path: TreePath, open?: boolean): Promise<void> {
  try {
    setSize(t, await t.tree.toggle(path, open));
    await load(t);
  } catch (e) {
    fail(t, e);
  }
}

// The panel around the tree scrolls too: bring the selected row into the window, not only into the tree.
function showSelected(t: Tree): void {
  // The tree's own box first (its rows sit in a contained, translated layer), then the row within it.
  t.v.viewport.scrollIntoView({ block: 'nearest' });
  t.v.layer.querySelector('[aria-selected=true]')?.scrollIntoView({ block: 'nearest' });
}

function scrollToIndex(t: Tree, index: number): void {
  const visibleRows = (t.v.viewport.clientHeight || 480) / treeRowHeight;
  const top = topRow(t);
  if (index < top || index + 1 > top + visibleRows)
    t.v.viewport.scrollTop = rowTop(t, Math.max(0, index - visibleRows / 2));
}

/** The row an event happened in, if it is one of those shown. */
function rowOf(t: Tree, e: Event): TreeRow | null | undefined {
  const rowEl = (e.target as HTMLElement).closest<HTMLElement>('.vtree-row');
  return rowEl && t.rows[Number(rowEl.dataset.index) - t.first];
}

async function onKey(t: Tree, key: string): Promise<void> {
  const { rows, first } = t;
  const at = rows.findIndex((r) => JSON.stringify(r.path) === t.selected);
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const from = at >= 0 ? first + at : first;
    const index = Math.min(t.size - 1, Math.max(0, from + (key === 'ArrowDown' ? 1 : -1)));
    scrollToIndex(t, index);
    if (!t.rows[index - t.first]) await load(t);
    const next = t.rows[index - t.first];
    if (next) select(t, next.path);
    showSelected(t);
    return;
  }
  const row = at >= 0 ? rows[at] : undefined;
  if (row && row.childCount > 0)
    await toggle(t, row.path, key === 'Enter' ? undefined : key === 'ArrowRight');
}

async function reveal(t: Tree, path: TreePath): Promise<void> {
  try {
    for (let d = 0; d < path.length; d++) await t.tree.toggle(path.slice(0, d), true);
    setSize(t, await t.tree.size());
    const index = await t.tree.indexOf(path);
    select(t, path);
    if (index >= 0) scrollToIndex(t, index);
    await load(t);
    showSelected(t);
  } catch (e) {
    fail(t, e);
  }
}

async function findNext(t: Tree): Promise<void> {
  const { status } = t.v;
  const query = t.v.search.value.trim();
  if (!query) return;
  status.textContent = 'Searching…';
  try {
    const hit = await t.tree.findNext(query);
    if (!hit) return void (status.textContent = `No match for "${query}"`);
    setSize(t, await t.tree.size());
    select(t, hit.path);
    t.revealPending = true;
    scrollToIndex(t, hit.index);
    await load(t);
    status.textContent = `Found at ${formatPath(hit.path)}${hit.wrapped ? ' (searched again from the top)' : ''}`;
  } catch (e) {
    fail(t, e);
  }
}

async function copySelected(t: Tree): Promise<void> {
  if (!t.selected) return void (t.v.status.textContent = 'Select a row first');
  try {
    t.v.status.textContent = await copyText(await t.tree.valueText(JSON.parse(t.selected) as TreePath));
  } catch (e) {
    fail(t, e);
  }
}

// Keys are handled one after another: each needs the selection and rows the previous one left.
const treeKeys = new Set(['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Enter']);

function wireTree(t: Tree): void {
  const { viewport, layer, findButton, search, copyButton } = t.v;
  viewport.addEventListener('scroll', () => schedule(t), { passive: true });
  layer.addEventListener('click', (e) => {
    const row = rowOf(t, e);
    if (!row) return;
    select(t, row.path);
    if (row.childCount > 0 && (e.target as HTMLElement).classList.contains('vtree-toggle'))
      void toggle(t, row.path);
  });
  layer.addEventListener('dblclick', (e) => {
    const row = rowOf(t, e);
    if (row && row.childCount > 0) void toggle(t, row.path);
  });
  viewport.addEventListener('keydown', (e) => {
    if (!treeKeys.has(e.key)) return;
    e.preventDefault();
    t.keyChain = t.keyChain.then(() => onKey(t, e.key)).catch((err) => fail(t, err));
  });
  findButton.addEventListener('click', () => void findNext(t));
  search.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void findNext(t);
  });
  copyButton.addEventListener('click', () => void copySelected(t));
}

/**
 * Shows a large result as a virtual list: only the visible rows (~50) exist in the DOM; the rows come from the
 * tree kept in the parser worker. Expand/collapse, keyboard navigation, search, copy of the selected value.
 */
export function mountVirtualTree(
  el: HTMLElement,
  tree: Remote<ResultTreeApi>,
  initialSize: number,
): VirtualTreeView {
  const t: Tree = {
    el,
    tree,
    v: buildTreeDom(el),
    size: initialSize,
    rows: [],
    first: 0,
    selected: null,
    seq: 0,
    disposed: false,
    revealPending: false,
    inFlight: false,
    again: false,
    frame: 0,
    keyChain: Promise.resolve(),
  };
  wireTree(t);
  setSize(t, initialSize);
  void load(t);
  return {
    reveal: (path) => reveal(t, path),
    dispose() {
      t.disposed = true;
      cancelAnimationFrame(t.frame);
      el.replaceChildren();
    },
  };
}
