import { storageKey, type KeyValueStorage } from '../../state/persist.ts';

/**
 * The page's localStorage, or (when the browser refuses it: blocked cookies, sandboxed frames) a memory stand-in
 * with the sentence that tells the user work is kept only until the tab closes.
 */
export function openStorage(): { storage: KeyValueStorage; problem: string | null } {
  try {
    const storage = window.localStorage;
    storage.getItem(storageKey);
    return { storage, problem: null };
  } catch (e) {
    const memory = new Map<string, string>();
    return {
      storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) },
      problem: `This browser does not let the playground use localStorage (${(e as Error).message}): work is kept only until the tab closes. Export tracers to keep them.`,
    };
  }
}
