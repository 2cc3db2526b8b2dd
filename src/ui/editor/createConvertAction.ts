import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { ConvertResult } from '../../core/convert/convertToEs5.ts';

/** What {@link createConvertAction} needs. */
export interface ConvertActionDeps {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor;
  /** The convert worker (started on first use). */
  worker(): { convert(source: string): Promise<ConvertResult> | ConvertResult };
  notify(message: string | null): void;
}

/** The one-line report of a conversion. */
export function describeConversion(r: ConvertResult): string {
  if (r.converted.length === 0 && r.ok)
    return 'Convert to ES5: the tracer is ES5.1 already; nothing changed.';
  const done = r.converted.length > 0 ? `converted ${r.converted.join(', ')}` : 'nothing converted';
  if (r.ok) return `Convert to ES5: ${done}. Undo (Ctrl/Cmd+Z) brings the original back.`;
  const first = r.notConverted[0];
  const more = r.notConverted.length > 1 ? ` and ${r.notConverted.length - 1} more` : '';
  return `Convert to ES5: ${done}; not converted: line ${first.line}: ${first.message}${more} (the Problems panel lists them).`;
}

/**
 * Convert to ES5 as one editor action (the top bar's button, the editor's context menu and command palette): the
 * whole text is replaced in one undoable edit, and a notice says what changed and what could not be.
 */
export function createConvertAction(deps: ConvertActionDeps): () => Promise<void> {
  const run = async () => {
    const model = deps.editor.getModel();
    if (!model) return;
    const source = model.getValue();
    const version = model.getVersionId();
    // The first conversion starts TypeScript in its worker: a wait of a second or more gets a word.
    const slow = setTimeout(
      () => deps.notify('Convert to ES5: starting TypeScript in its worker (first use)…'),
      600,
    );
    const r = await Promise.resolve(deps.worker().convert(source)).finally(() => clearTimeout(slow));
    if (deps.editor.getModel() !== model || model.getVersionId() !== version) {
      deps.notify('Convert to ES5: the tracer changed meanwhile; run it again.');
      return;
    }
    if (r.code !== source) {
      deps.editor.pushUndoStop();
      deps.editor.executeEdits('convert-to-es5', [{ range: model.getFullModelRange(), text: r.code }]);
      deps.editor.pushUndoStop();
    }
    deps.notify(describeConversion(r));
  };
  deps.editor.addAction({
    id: 'tracer.convertToEs5',
    label: 'Convert to ES5',
    contextMenuGroupId: '1_modification',
    run: () => run(),
  });
  return run;
}
