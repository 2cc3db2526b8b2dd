import type { AppState, TracerDoc } from '../../state/appState.ts';
import type { TargetId } from '../../core/targets.ts';
import { createId } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import { downloadText } from '../shell/dom.ts';

/** The user's intents about tracers. */
export interface TracerActions {
  add(name: string, source: string): void;
  select(id: string): void;
  renameActive(name: string): void;
  deleteActive(): void;
  setSource(id: string, source: string): void;
  /** Sets what a tracer must run on (remembered with it). */
  setTarget(id: string, target: TargetId): void;
  exportActive(): void;
  importFiles(files: FileList | File[]): Promise<void>;
}

/** A name not used by another tracer: `Name`, `Name (2)`, … */
export function uniqueName(name: string, taken: string[]): string {
  const base = name.trim() || 'Tracer';
  if (!taken.includes(base)) return base;
  for (let i = 2; ; i++) if (!taken.includes(`${base} (${i})`)) return `${base} (${i})`;
}

const maxImportBytes = 2 * 1024 * 1024;

/** Creates the tracer intents over the store. */
export function createTracerActions(
  store: Store<AppState>,
  notify: (message: string) => void,
): TracerActions {
  const active = (): TracerDoc | undefined =>
    store.get().tracers.find((t) => t.id === store.get().activeTracerId);
  const add = (name: string, source: string) => {
    const doc: TracerDoc = {
      id: createId(),
      name: uniqueName(
        name,
        store.get().tracers.map((t) => t.name),
      ),
      source,
    };
    store.update((s) => ({ tracers: [...s.tracers, doc], activeTracerId: doc.id }));
  };
  return {
    add,
    select: (id) => store.update({ activeTracerId: id }),
    renameActive(name) {
      const cur = active();
      if (!cur || !name.trim()) return;
      const others = store
        .get()
        .tracers.filter((t) => t.id !== cur.id)
        .map((t) => t.name);
      const unique = uniqueName(name, others);
      store.update((s) => ({
        tracers: s.tracers.map((t) => (t.id === cur.id ? { ...t, name: unique } : t)),
      }));
    },
    deleteActive() {
      const s = store.get();
      if (s.tracers.length <= 1) {
        notify('The last tracer cannot be deleted; create another one first.');
        return;
      }
      const i = s.tracers.findIndex((t) => t.id === s.activeTracerId);
      const tracers = s.tracers.filter((t) => t.id !== s.activeTracerId);
      store.update({ tracers, activeTracerId: tracers[Math.max(0, i - 1)].id });
    },
    setTarget(id, target) {
      store.update((s) => ({
        tracers: s.tracers.map((t) => {
          if (t.id !== id) return t;
          const { target: _old, ...rest } = t;
          void _old;
          return target === 'es5' ? rest : { ...rest, target };
        }),
      }));
    },
    setSource(id, source) {
      store.update((s) => ({
        tracers: s.tracers.map((t) => (t.id === id && t.source !== source ? { ...t, source } : t)),
      }));
    },
    exportActive() {
      const cur = active();
      if (cur)
        downloadText(`${cur.name.replace(/[^\w.-]+/g, '_') || 'tracer'}.js`, cur.source, 'text/javascript');
    },
    async importFiles(files) {
      for (const file of Array.from(files)) {
        if (file.size > maxImportBytes) {
          notify(`${file.name} is larger than 2 MB and was not imported.`);
          continue;
        }
        const text = await file.text();
        if (text.includes('\u0000')) {
          notify(`${file.name} is not a text file and was not imported.`);
          continue;
        }
        add(file.name.replace(/\.[^.]*$/, ''), text);
      }
    },
  };
}
