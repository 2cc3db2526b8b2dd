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

/** Creates the tree over `root`, with only the root expanded. */
export function createResultTree(root: unknown): ResultTree {
  const open = new WeakSet<object>();
  const sizes = new WeakMap<object, number>();
  const keyCache = new WeakMap<object, string[]>();
  if (isContainer(root)) open.add(root);

  const keysOf = (v: Container): string[] | null => {
    if (Array.isArray(v)) return null;
    let k = keyCache.get(v);
    if (!k) keyCache.set(v, (k = Object.keys(v)));
    return k;
  };
  const countOf = (v: Container) => (Array.isArray(v) ? v.length : keysOf(v)!.length);
  const keyAt = (v: Container, i: number): string | number => (Array.isArray(v) ? i : keysOf(v)![i]);
  const childAt = (v: Container, i: number): unknown =>
    Array.isArray(v) ? v[i] : (v as Record<string, unknown>)[keysOf(v)![i]];
  const isOpen = (v: unknown): v is Container => isContainer(v) && open.has(v);

  const sizeOf = (v: unknown): number => {
    if (!isOpen(v)) return 1;
    let s = sizes.get(v);
    if (s !== undefined) return s;
    s = 1;
    const n = countOf(v);
    for (let i = 0; i < n; i++) s += sizeOf(childAt(v, i));
    sizes.set(v, s);
    return s;
  };

  const describe = (v: unknown): string => {
    if (!isContainer(v)) return clip(v === undefined ? 'undefined' : JSON.stringify(v));
    const n = countOf(v);
    if (Array.isArray(v)) return n === 1 ? '[1 item]' : `[${n} items]`;
    const parts: string[] = [];
    let len = 0;
    for (const k of keysOf(v)!) {
      const c = (v as Record<string, unknown>)[k];
      const part = `${k}: ${isContainer(c) ? (Array.isArray(c) ? `[${c.length}]` : '{…}') : clip(JSON.stringify(c) ?? '', 40)}`;
      parts.push(part);
      len += part.length + 2;
      if (len > 100) break;
    }
    return `{${parts.join(', ')}${parts.length < n ? ', …' : ''}}`;
  };

  const makeRow = (v: unknown, key: string | number | null, path: TreePath): TreeRow => ({
    path,
    depth: path.length,
    key,
    kind: kindOf(v),
    preview: describe(v),
    childCount: isContainer(v) ? countOf(v) : 0,
    expanded: isOpen(v),
  });

  // Follows `path` from the root; null when a step does not exist.
  const resolve = (path: TreePath): unknown[] | null => {
    const chain: unknown[] = [root];
    for (const step of path) {
      const cur = chain[chain.length - 1];
      if (!isContainer(cur) || !Object.prototype.hasOwnProperty.call(cur, step)) return null;
      chain.push((cur as Record<string, unknown>)[step]);
    }
    return chain;
  };
  const forget = (chain: unknown[]) => {
    for (const n of chain) if (isContainer(n)) sizes.delete(n);
  };

  const rows = (start: number, count: number): TreeRow[] => {
    const out: TreeRow[] = [];
    let skip = Math.max(0, start);
    const visit = (v: unknown, key: string | number | null, parent: TreePath | null) => {
      const s = sizeOf(v);
      if (skip >= s) return void (skip -= s);
      const path = parent === null ? [] : [...parent, key as string | number];
      if (skip > 0) skip--;
      else out.push(makeRow(v, key, path));
      if (!isOpen(v)) return;
      const n = countOf(v);
      let i = 0;
      // Every child collapsed: the row to start at is found by arithmetic, not by walking the siblings.
      if (s === n + 1) [i, skip] = [skip, 0];
      for (; i < n && out.length < count; i++) visit(childAt(v, i), keyAt(v, i), path);
    };
    if (count > 0) visit(root, null, null);
    return out;
  };

  const indexOf = (path: TreePath): number => {
    const chain = resolve(path);
    if (!chain) return -1;
    let index = 0;
    for (let d = 0; d < path.length; d++) {
      const v = chain[d];
      if (!isOpen(v)) return -1;
      const at = Array.isArray(v) ? (path[d] as number) : keysOf(v)!.indexOf(String(path[d]));
      index += 1;
      if (sizeOf(v) === countOf(v) + 1) index += at;
      else for (let i = 0; i < at; i++) index += sizeOf(childAt(v, i));
    }
    return index;
  };

  const search = createTreeSearch(root, keysOf);

  return {
    size: () => sizeOf(root),
    rows,
    toggle(path, want) {
      const chain = resolve(path);
      const node = chain?.[chain.length - 1];
      if (!chain || !isContainer(node)) return sizeOf(root);
      const next = want ?? !open.has(node);
      if (next) open.add(node);
      else open.delete(node);
      forget(chain);
      return sizeOf(root);
    },
    indexOf,
    findNext(query) {
      const hit = search(query);
      if (!hit) return null;
      const chain = resolve(hit.path)!;
      for (const n of chain.slice(0, -1)) if (isContainer(n)) open.add(n);
      forget(chain);
      return { path: hit.path, index: indexOf(hit.path), wrapped: hit.wrapped };
    },
    valueText(path) {
      const chain = resolve(path);
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
