import type { TreePath } from './createResultTree.ts';

/** A JSON object or array. */
export type Container = Record<string, unknown> | unknown[];

/** True for JSON objects and arrays. */
export const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

// Depth-first matches in document order; a repeated query continues after its previous hit and wraps around once.
// A plain recursion with a case-insensitive RegExp: no generator or lower-cased copy per node (50 MB in ~1 s).
/** Creates the tree's search: each call gives the next hit of a query (see ResultTree.findNext). */
export function createTreeSearch(
  root: unknown,
  keysOf: (v: Container) => string[] | null,
): (query: string) => { path: TreePath; wrapped: boolean } | null {
  let last: { query: string; path: TreePath } | null = null;
  const find = (query: string, after: TreePath | null): TreePath | null => {
    const re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    // JSON numbers print only digits, '.', 'e', '+' and '-': other queries never match one.
    const numeric = /^[\d.e+-]+$/i.test(query);
    const hits = (v: unknown, key: string | number | null) =>
      (typeof key === 'string' && re.test(key)) ||
      (typeof v === 'string'
        ? re.test(v)
        : isContainer(v)
          ? false
          : (numeric || typeof v !== 'number') && re.test(String(v)));
    const path: TreePath = [];
    // `along`: this node is on the path to `after` (so it, and the siblings before that path, come before the hit).
    const visit = (v: unknown, key: string | number | null, along: boolean): boolean => {
      if (!along && hits(v, key)) return true;
      if (!isContainer(v)) return false;
      const keys = keysOf(v);
      const n = keys ? keys.length : (v as unknown[]).length;
      let from = 0;
      const stillAlong = along && after !== null && path.length < after.length;
      if (stillAlong) from = keys ? keys.indexOf(String(after[path.length])) : Number(after[path.length]);
      for (let i = Math.max(0, from); i < n; i++) {
        const k = keys ? keys[i] : i;
        path.push(k);
        if (visit((v as Record<string, unknown>)[k], k, stillAlong && i === from)) return true;
        path.pop();
      }
      return false;
    };
    return visit(root, null, after !== null) ? path : null;
  };
  return (query) => {
    if (!query) return null;
    const again = last?.query.toLowerCase() === query.toLowerCase();
    let path = find(query, again ? last!.path : null);
    const wrapped = again && path === null;
    if (wrapped) path = find(query, null);
    last = path ? { query, path } : null;
    return path ? { path: [...path], wrapped } : null;
  };
}
