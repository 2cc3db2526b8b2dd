import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Remote } from 'comlink';
import type { AppState } from '../state/appState.ts';
import type { Store } from '../state/createStore.ts';
import type { TracerWorkerApi } from '../worker/tracer.worker.ts';
import type { Layout } from './createLayout.ts';
import type { Panel } from './dom.ts';

/** What the request side needs from the composition root. */
export interface RequestDeps {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor;
  tracerWorker: Remote<TracerWorkerApi>;
  activeSource(): string;
}

/** Mounts the request, result, history and endpoints panels; returns them and the send intent. */
export function mountRequestFeatures(
  layout: Layout,
  _store: Store<AppState>,
  _deps: RequestDeps,
): { panels: Panel<AppState>[]; send(): void } {
  layout.panels.request.textContent = 'Request panel coming.';
  return { panels: [], send() {} };
}
