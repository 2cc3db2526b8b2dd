import type { AppState } from '../state/appState.ts';
import type { Store } from '../state/createStore.ts';
import { saveState, type KeyValueStorage } from '../state/persist.ts';

/** Saves the state shortly after each change and at once when the page is hidden or left. */
export function createAutosave(
  store: Store<AppState>,
  storage: KeyValueStorage,
  onError: (m: string) => void,
): { saveNow(): void; dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  const flush = () => {
    clearTimeout(timer);
    if (!dirty) return;
    dirty = false;
    try {
      saveState(storage, store.get());
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
    timer = setTimeout(flush, 300);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  return {
    saveNow() {
      dirty = true;
      flush();
    },
    dispose() {
      flush();
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    },
  };
}
