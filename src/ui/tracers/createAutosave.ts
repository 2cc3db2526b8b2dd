import type { AppState } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import { saveState, type KeyValueStorage } from '../../state/persist.ts';

// Saved state larger than this (a long history, large tracers) is batched instead of written on every keystroke.
// Size, not measured time: on a busy machine a tiny save can take milliseconds and timing would make it flaky.
const syncLimitChars = 256_000;

/**
 * Saves the state on every change, synchronously while it is small (so a closed or killed tab loses no keystroke),
 * else shortly after the change; and at once when the page is hidden or left.
 */
export function createAutosave(
  store: Store<AppState>,
  storage: KeyValueStorage,
  onError: (m: string) => void,
): { saveNow(): void; pending(): boolean; dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let lastChars = 0;
  const flush = () => {
    clearTimeout(timer);
    if (!dirty) return;
    dirty = false;
    try {
      lastChars = saveState(storage, store.get());
    } catch (e) {
      onError(`Could not save your work to this browser: ${(e as Error).message}`);
    }
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (
      s.tracers === prev.tracers &&
      s.request === prev.request &&
      s.endpoints === prev.endpoints &&
      s.history === prev.history &&
      s.activeTracerId === prev.activeTracerId &&
      s.activeEndpointId === prev.activeEndpointId
    )
      return;
    dirty = true;
    clearTimeout(timer);
    if (lastChars <= syncLimitChars) flush();
    else timer = setTimeout(flush, 300);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  window.addEventListener('beforeunload', flush);
  return {
    pending: () => dirty,
    saveNow() {
      dirty = true;
      flush();
    },
    dispose() {
      flush();
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
    },
  };
}
