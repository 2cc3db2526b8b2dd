import type { UpstreamState } from '../../core/upstream/upstreamState.ts';
import type { UpstreamStateCache } from './traceUpstreamTx.ts';

/**
 * An {@link UpstreamStateCache} holding the state of the `maxBlocks` blocks used last (a trace process of `serve
 * --upstream` keeps one across requests: tracing the same transaction again, or another of its block, fetches
 * little or nothing).
 */
export function createStateCache(maxBlocks: number): UpstreamStateCache {
  const map = new Map<string, UpstreamState>();
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
