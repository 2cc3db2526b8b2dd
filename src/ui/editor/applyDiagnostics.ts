import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Diagnostic } from '../../core/diagnostics.ts';
import { isFlattenFact } from '../../core/flatten/flattenFacts.ts';

/** The marker owner for tracer diagnostics. */
export const tracerMarkerOwner = 'tracer-check';
/** The marker owner for errors reported by a node and mapped back to the source. */
export const nodeErrorMarkerOwner = 'node-error';

interface Current {
  versionId: number;
  diagnostics: Diagnostic[];
}
const current = new WeakMap<Monaco.editor.ITextModel, Current>();

function toMarkerSeverity(monaco: typeof Monaco, severity: Diagnostic['severity']): Monaco.MarkerSeverity {
  if (severity === 'error') return monaco.MarkerSeverity.Error;
  if (severity === 'warning') return monaco.MarkerSeverity.Warning;
  // Notes (e.g. "comments are removed when flattened") stay quiet in the editor: dots, not squiggles.
  return monaco.MarkerSeverity.Hint;
}

/** Shows `diagnostics` (computed for the model's current version) as markers; remembers them for quick fixes. */
export function applyDiagnostics(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  diagnostics: Diagnostic[],
): void {
  current.set(model, { versionId: model.getVersionId(), diagnostics });
  monaco.editor.setModelMarkers(
    model,
    tracerMarkerOwner,
    // Flattening facts (comments removed, …) are shown with the flattened string, not marked in the text.
    diagnostics
      .filter((d) => !isFlattenFact(d))
      // One diagnostic standing for several places (12 `let`s) marks each of them.
      .flatMap((d) => [d.range, ...(d.related ?? [])].map((range) => ({ d, range })))
      .map(({ d, range }) => {
        const start = model.getPositionAt(range.start.offset);
        let end = model.getPositionAt(range.end.offset);
        // An empty range would be invisible: widen it to the next character.
        if (end.equals(start)) end = model.getPositionAt(range.start.offset + 1);
        return {
          severity: toMarkerSeverity(monaco, d.severity),
          message: d.message,
          code: d.ruleId,
          source: 'tracer',
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        };
      }),
  );
}

/** Registers quick fixes (code actions) built from each diagnostic's `fix`. */
export function registerQuickFixes(monaco: typeof Monaco): void {
  monaco.languages.registerCodeActionProvider('javascript', {
    provideCodeActions(model, range, context) {
      const cur = current.get(model);
      if (!cur || cur.versionId !== model.getVersionId()) return { actions: [], dispose() {} };
      const actions: Monaco.languages.CodeAction[] = [];
      for (const d of cur.diagnostics) {
        if (!d.fix) continue;
        // The fix of a grouped diagnostic is offered at every place it stands for.
        const at = [d.range, ...(d.related ?? [])].find((r) => {
          const s = model.getPositionAt(r.start.offset);
          const e = model.getPositionAt(Math.max(r.end.offset, r.start.offset + 1));
          return monaco.Range.areIntersectingOrTouching(monaco.Range.fromPositions(s, e), range);
        });
        if (!at) continue;
        const start = model.getPositionAt(at.start.offset);
        const marker = context.markers.find(
          (mk) =>
            mk.code === d.ruleId &&
            mk.startLineNumber === start.lineNumber &&
            mk.startColumn === start.column,
        );
        actions.push({
          title: d.fix.title,
          kind: 'quickfix',
          isPreferred: true,
          diagnostics: marker ? [marker] : undefined,
          edit: {
            edits: d.fix.edits.map((e) => ({
              resource: model.uri,
              versionId: cur.versionId,
              textEdit: {
                range: monaco.Range.fromPositions(model.getPositionAt(e.start), model.getPositionAt(e.end)),
                text: e.text,
              },
            })),
          },
        });
      }
      return { actions, dispose() {} };
    },
  });
}
