import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { TracerErrorPlace } from '../../core/rpc/protocol/summarizeReply.ts';
import { nodeErrorMarkerOwner } from './applyDiagnostics.ts';

/** What marking a node's tracer error needs. */
export interface NodeErrorMarkerDeps {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor;
}

/** What the marker says after the node's words when the editor no longer holds the text that was sent. */
export const editedSinceSent = '(at its place in the tracer as sent: the text was edited since)';

/**
 * Marks where in the editor a node's tracer error points, moves the cursor there, and clears the mark on the next
 * edit. Returns the function to call with the reply's place (already mapped through the sent tracer's own position
 * map) and the source that was sent: when the editor's text differs from it, the mark stays at the sent text's
 * place and says so.
 */
export function createNodeErrorMarker(
  deps: NodeErrorMarkerDeps,
): (place: TracerErrorPlace, sentSource: string) => void {
  const { monaco, editor } = deps;
  editor.onDidChangeModelContent(() => {
    const model = editor.getModel();
    if (model) monaco.editor.setModelMarkers(model, nodeErrorMarkerOwner, []);
  });
  return (place, sentSource) => {
    const model = editor.getModel();
    if (!model) return;
    const stale = model.getValue() !== sentSource;
    // Lines and columns of the sent text (not its offsets, read in a text that may have changed since).
    const { start, end } = place.range;
    const endColumn = end.offset > start.offset ? end.column : start.column + 1;
    monaco.editor.setModelMarkers(model, nodeErrorMarkerOwner, [
      {
        severity: monaco.MarkerSeverity.Error,
        message: `Node: ${place.message}${stale ? ` ${editedSinceSent}` : ''}`,
        source: 'node',
        startLineNumber: start.line,
        startColumn: start.column,
        endLineNumber: end.line,
        endColumn,
      },
    ]);
    editor.revealLineInCenter(start.line);
    editor.setPosition({ lineNumber: start.line, column: start.column });
  };
}
