/**
 * A cache holding what was made for the `maxBlocks` blocks used last (a trace process of `serve --upstream` keeps
 * the state, the rebuilt blocks and snapshots across requests: tracing the same transaction again, or another of its
 * block, fetches and computes little).
 */
export function createStateCache<V>(maxBlocks: number): Pick<Map<string, V>, 'get' | 'set'> {
  const map = new Map<string, V>();
  return {
    get(key) {
      const found = map.get(key);
      if (found) {
        // Most recently used last, so the first key is the one to drop.
        map.delete(key);
        map.set(key, found);
      }
      return found;
    },
    set(key, state) {
      map.delete(key);
      map.set(key, state);
      while (map.size > maxBlocks) map.delete(map.keys().next().value as string);
      return map;
    },
  };
}
