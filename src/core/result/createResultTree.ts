import { createTreeSearch, isContainer, type Container } from './createTreeSearch.ts';

// A lazy, flattened view of a parsed JSON value: which rows are visible given the expanded nodes. Pure (no DOM):
// it runs in the reply parser worker, next to the value, so the page only ever receives the rows it shows.

/** Where a node sits: the keys and indexes from the root (the root is `[]`). */
export type TreePath = (string | number)[];

/** What a node is. */
export type RowKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** One visible line of the tree. */
export interface TreeRow {
  path: TreePath;
  depth: number;
  /** The key in its parent (index for arrays); null for the root. */
  key: string | number | null;
  kind: RowKind;
  /** A one-line rendering: the value for scalars, a short summary for objects and arrays. */
  preview: string;
  /** Number of children (0 for scalars). */
  childCount: number;
  expanded: boolean;
}

/** A search hit: the node whose key or value contains the query, and its row once its ancestors are expanded. */
export interface TreeMatch {
  path: TreePath;
  index: number;
  /** True when the search went past the end and started again from the top. */
  wrapped: boolean;
}

/** The tree over one value; expansion state lives here. */
export interface ResultTree {
  /** Number of visible rows. */
  size(): number;
  /** Up to `count` visible rows from row `start`. */
  rows(start: number, count: number): TreeRow[];
  /** Expands (open true), collapses (false) or toggles (undefined) the node; returns the new row count. */
  toggle(path: TreePath, open?: boolean): number;
  /** The row index of a node, or -1 when an ancestor is collapsed or the path does not exist. */
  indexOf(path: TreePath): number;
  /** The next node (after the previous hit for the same query) whose key or scalar value contains `query`. */
  findNext(query: string): TreeMatch | null;
  /** The value at `path` as pretty-printed JSON. */
  valueText(path: TreePath): string;
}

const previewChars = 160;

function kindOf(v: unknown): RowKind {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'object' ? 'object' : t === 'string' ? 'string' : t === 'boolean' ? 'boolean' : 'number';
}

function clip(s: string, max = previewChars): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** One tree's value and expansion state, shared by the functions below. */
interface Tree {
  root: unknown;
  open: WeakSet<object>;
  /** Visible rows under an open node (itself included), until an expansion below it changes. */
  sizes: WeakMap<object, number>;
  keyCache: WeakMap<object, string[]>;
}

function keysOf(t: Tree, v: Container): string[] | null {
  if (Array.isArray(v)) return null;
  let k = t.keyCache.get(v);
  if (!k) t.keyCache.set(v, (k = Object.keys(v)));
  return k;
}

const countOf = (t: Tree, v: Container) => (Array.isArray(v) ? v.length : keysOf(t, v)!.length);
const keyAt = (t: Tree, v: Container, i: number): string | number =>
  Array.isArray(v) ? i : keysOf(t, v)![i];
const childAt = (t: Tree, v: Container, i: number): unknown =>
  Array.isArray(v) ? v[i] : (v as Record<string, unknown>)[keysOf(t, v)![i]];
const isOpen = (t: Tree, v: unknown): v is Container => isContainer(v) && t.open.has(v);

function sizeOf(t: Tree, v: unknown): number {
  if (!isOpen(t, v)) return 1;
  let s = t.sizes.get(v);
  if (s !== undefined) return s;
  s = 1;
  const n = countOf(t, v);
  for (let i = 0; i < n; i++) s += sizeOf(t, childAt(t, v, i));
  t.sizes.set(v, s);
  return s;
}

function describe(t: Tree, v: unknown): string {
  if (!isContainer(v)) return clip(v === undefined ? 'undefined' : JSON.stringify(v));
  const n = countOf(t, v);
  if (Array.isArray(v)) return n === 1 ? '[1 item]' : `[${n} items]`;
  const parts: string[] = [];
  let len = 0;
  for (const k of keysOf(t, v)!) {
    const c = (v as Record<string, unknown>)[k];
    const part = `${k}: ${isContainer(c) ? (Array.isArray(c) ? `[${c.length}]` : '{…}') : clip(JSON.stringify(c) ?? '', 40)}`;
    parts.push(part);
    len += part.length + 2;
    if (len > 100) break;
  }
  return `{${parts.join(', ')}${parts.length < n ? ', …' : ''}}`;
}

const makeRow = (t: Tree, v: unknown, key: string | number | null, path: TreePath): TreeRow => ({
  path,
  depth: path.length,
  key,
  kind: kindOf(v),
  preview: describe(t, v),
  childCount: isContainer(v) ? countOf(t, v) : 0,
  expanded: isOpen(t, v),
});

/** Follows `path` from the root: the values along it, root first; null when a step does not exist. */
function resolve(t: Tree, path: TreePath): unknown[] | null {
  const chain: unknown[] = [t.root];
  for (const step of path) {
    const cur = chain[chain.length - 1];
    if (!isContainer(cur) || !Object.prototype.hasOwnProperty.call(cur, step)) return null;
    chain.push((cur as Record<string, unknown>)[step]);
  }
  return chain;
}

function forget(t: Tree, chain: unknown[]): void {
  for (const n of chain) if (isContainer(n)) t.sizes.delete(n);
}

function rows(t: Tree, start: number, count: number): TreeRow[] {
  const out: TreeRow[] = [];
  let skip = Math.max(0, start);
  const visit = (v: unknown, key: string | number | null, parent: TreePath | null) => {
    const s = sizeOf(t, v);
    if (skip >= s) return void (skip -= s);
    const path = parent === null ? [] : [...parent, key as string | number];
    if (skip > 0) skip--;
    else out.push(makeRow(t, v, key, path));
    if (!isOpen(t, v)) return;
    const n = countOf(t, v);
    let i = 0;
    // Every child collapsed: the row to start at is found by arithmetic, not by walking the siblings.
    if (s === n + 1) [i, skip] = [skip, 0];
    for (; i < n && out.length < count; i++) visit(childAt(t, v, i), keyAt(t, v, i), path);
  };
  if (count > 0) visit(t.root, null, null);
  return out;
}

function indexOf(t: Tree, path: TreePath): number {
  const chain = resolve(t, path);
  if (!chain) return -1;
  let index = 0;
  for (let d = 0; d < path.length; d++) {
    const v = chain[d];
    if (!isOpen(t, v)) return -1;
    const at = Array.isArray(v) ? (path[d] as number) : keysOf(t, v)!.indexOf(String(path[d]));
    index += 1;
    if (sizeOf(t, v) === countOf(t, v) + 1) index += at;
    else for (let i = 0; i < at; i++) index += sizeOf(t, childAt(t, v, i));
  }
  return index;
}

function toggle(t: Tree, path: TreePath, want: boolean | undefined): number {
  const chain = resolve(t, path);
  const node = chain?.[chain.length - 1];
  if (!chain || !isContainer(node)) return sizeOf(t, t.root);
  const next = want ?? !t.open.has(node);
  if (next) t.open.add(node);
  else t.open.delete(node);
  forget(t, chain);
  return sizeOf(t, t.root);
}

/** Creates the tree over `root`, with only the root expanded. */
export function createResultTree(root: unknown): ResultTree {
  const t: Tree = { root, open: new WeakSet(), sizes: new WeakMap(), keyCache: new WeakMap() };
  if (isContainer(root)) t.open.add(root);
  const search = createTreeSearch(root, (v) => keysOf(t, v));

  return {
    size: () => sizeOf(t, root),
    rows: (start, count) => rows(t, start, count),
    toggle: (path, want) => toggle(t, path, want),
    indexOf: (path) => indexOf(t, path),
    findNext(query) {
      const hit = search(query);
      if (!hit) return null;
      const chain = resolve(t, hit.path)!;
      for (const n of chain.slice(0, -1)) if (isContainer(n)) t.open.add(n);
      forget(t, chain);
      return { path: hit.path, index: indexOf(t, hit.path), wrapped: hit.wrapped };
    },
    valueText(path) {
      const chain = resolve(t, path);
      if (!chain) throw new Error(`No value at ${formatPath(path)}`);
      return JSON.stringify(chain[chain.length - 1], null, 2) ?? 'undefined';
    },
  };
}

/** A path as JavaScript-like text: `[3].result.structLogs[120]`; the root is `(root)`. */
export function formatPath(path: TreePath): string {
  if (!path.length) return '(root)';
  return path
    .map((p) =>
      typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`,
    )
    .join('')
    .replace(/^\./, '');
}
