import type { AppState, TracerDoc } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';

function withConfig(t: TracerDoc, config: string): TracerDoc {
  const { tracerConfig: _old, ...rest } = t;
  return config === '' ? rest : { ...rest, tracerConfig: config };
}

/**
 * Makes the request form's tracerConfig belong to the tracer tab: what the form holds is saved with the active tab,
 * and switching tabs puts the other tab's own config in the form (empty for a new tab; a template's
 * `@tracerConfig`, set right after its tab opens, is that tab's). Returns the unsubscribe function.
 */
export function keepTracerConfigPerTab(store: Store<AppState>): () => void {
  let active = store.get().activeTracerId;
  // Configs to save with their tabs (tab id → config), and whether the form still needs the new tab's own config.
  const pending = new Map<string, string>([[active, store.get().request.tracerConfig]]);
  let load = false;
  let scheduled = false;
  // Not inside a notification (the listeners after this one still get the state they were called for); a
  // microtask runs before the page is painted.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  };
  function flush() {
    scheduled = false;
    const now = store.get();
    const tracers = now.tracers.map((t) => {
      const config = pending.get(t.id);
      return config === undefined || (t.tracerConfig ?? '') === config ? t : withConfig(t, config);
    });
    pending.clear();
    const own = load ? (tracers.find((t) => t.id === now.activeTracerId)?.tracerConfig ?? '') : null;
    load = false;
    const changed = tracers.some((t, i) => t !== now.tracers[i]);
    const request =
      own !== null && own !== now.request.tracerConfig ? { ...now.request, tracerConfig: own } : null;
    if (changed || request)
      store.update({ ...(changed ? { tracers } : {}), ...(request ? { request } : {}) });
  }
  schedule();
  return store.subscribe((s, prev) => {
    if (!prev) return;
    const configChanged = s.request.tracerConfig !== prev.request.tracerConfig;
    if (s.activeTracerId !== active) {
      // The tab left keeps what the form held for it.
      pending.set(active, prev.request.tracerConfig);
      active = s.activeTracerId;
      load = !configChanged;
      if (configChanged) pending.set(active, s.request.tracerConfig);
      schedule();
    } else if (configChanged) {
      // Set for the tab now active (typed, a template's config, a re-send): its own from now on.
      load = false;
      pending.set(active, s.request.tracerConfig);
      schedule();
    }
  });
}
