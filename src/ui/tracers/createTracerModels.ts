import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { TracerDoc } from '../../state/appState.ts';

/** One Monaco model per tracer, so each keeps its own undo history. */
export interface TracerModels {
  /** The model of `doc`, created on first use. */
  get(doc: TracerDoc): Monaco.editor.ITextModel;
  /** Drops models of tracers that no longer exist. */
  prune(ids: Set<string>): void;
  /** The tracer id of a model, if it is one of ours. */
  idOf(model: Monaco.editor.ITextModel): string | undefined;
}

/** Creates the model registry. */
export function createTracerModels(monaco: typeof Monaco): TracerModels {
  const models = new Map<string, Monaco.editor.ITextModel>();
  return {
    get(doc) {
      let model = models.get(doc.id);
      if (!model || model.isDisposed()) {
        model = monaco.editor.createModel(
          doc.source,
          'javascript',
          monaco.Uri.parse(`file:///tracers/${doc.id}.js`),
        );
        models.set(doc.id, model);
      }
      return model;
    },
    prune(ids) {
      for (const [id, model] of models)
        if (!ids.has(id)) {
          model.dispose();
          models.delete(id);
        }
    },
    idOf(model) {
      for (const [id, m] of models) if (m === model) return id;
      return undefined;
    },
  };
}
