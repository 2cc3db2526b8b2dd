import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Remote } from 'comlink';
import type { TargetId } from '../../core/targets.ts';
import type { TracerWorkerApi } from '../../worker/contracts.ts';
import { nodeErrorMarkerOwner } from './applyDiagnostics.ts';

/** What marking a node's tracer error needs. */
export interface NodeErrorMarkerDeps {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor;
  tracerWorker: Remote<TracerWorkerApi>;
  /** The source the request was flattened from, and the target it was checked for. */
  activeSource(): string;
  target(): TargetId;
}

/**
 * Marks where in the editor a node's tracer error points (mapped back through the flattening), moves the cursor
 * there, and clears the mark on the next edit. Returns the function to call with the node's error text.
 */
export function createNodeErrorMarker(deps: NodeErrorMarkerDeps): (errorText: string) => Promise<void> {
  const { monaco, editor } = deps;
  editor.onDidChangeModelContent(() => {
    const model = editor.getModel();
    if (model) monaco.editor.setModelMarkers(model, nodeErrorMarkerOwner, []);
  });
  return async (errorText) => {
    const model = editor.getModel();
    if (!model) return;
    const mapped = await deps.tracerWorker.mapNodeError(deps.activeSource(), errorText, deps.target());
    if (!mapped || editor.getModel() !== model) return;
    const start = model.getPositionAt(mapped.range.start.offset);
    const end = model.getPositionAt(Math.max(mapped.range.end.offset, mapped.range.start.offset + 1));
    monaco.editor.setModelMarkers(model, nodeErrorMarkerOwner, [
      {
        severity: monaco.MarkerSeverity.Error,
        message: `Node: ${mapped.message}`,
        source: 'node',
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      },
    ]);
    editor.revealLineInCenter(start.lineNumber);
    editor.setPosition(start);
  };
}
