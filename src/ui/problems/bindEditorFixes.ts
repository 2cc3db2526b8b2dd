import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Fix } from '../../core/diagnostics.ts';

// The editor is made once, by the page; the Problems panel reaches it only through this function.
let applier: ((fix: Fix) => boolean) | null = null;

/**
 * Lets the Problems panel apply a diagnostic's quick fix to `editor` (one undoable edit), while `isCurrent` says the
 * diagnostics shown belong to the editor's text (their offsets are that text's).
 */
export function bindEditorFixes(
  monaco: typeof Monaco,
  editor: Monaco.editor.IStandaloneCodeEditor,
  isCurrent: () => boolean,
): void {
  applier = (fix) => {
    const model = editor.getModel();
    if (!model || !isCurrent()) return false;
    const at = (offset: number) => model.getPositionAt(offset);
    editor.pushUndoStop();
    editor.executeEdits(
      'problems-panel',
      fix.edits.map((e) => ({ range: monaco.Range.fromPositions(at(e.start), at(e.end)), text: e.text })),
    );
    editor.pushUndoStop();
    const first = fix.edits[0];
    if (first) editor.revealPositionInCenterIfOutsideViewport(at(first.start));
    editor.focus();
    return true;
  };
}

/** Applies `fix` to the editor; false when it cannot now (no editor bound, or the text changed since the check). */
export function applyEditorFix(fix: Fix): boolean {
  return applier?.(fix) ?? false;
}
