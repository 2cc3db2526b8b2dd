import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Remote } from 'comlink';
import type { TargetId } from '../../core/targets.ts';
import { createSequence } from '../../state/sequence.ts';
import type { TracerAnalysis, TracerWorkerApi } from '../../worker/contracts.ts';
import type { EmbeddedTracerCode } from '../../worker/embeddedFlattenContract.ts';
import { consoleForEmbeddedNode, onlyConsoleErrors } from '../debug/consoleForEmbeddedNode.ts';
import { applyDiagnostics } from './applyDiagnostics.ts';

/** Options of {@link createLiveCheck}. */
export interface LiveCheckOptions {
  monaco: typeof Monaco;
  editor: Monaco.editor.IStandaloneCodeEditor;
  worker: Remote<TracerWorkerApi>;
  /** The active tracer's target. */
  target: () => TargetId;
  /** The target the probe found on the active endpoint, if any (named in the summary line). */
  detected: () => TargetId | undefined;
  /**
   * Called with each fresh (never stale) analysis, and the embedded node's own text of the tracer when only console
   * calls keep it from flattening (null otherwise).
   */
  onResult(analysis: TracerAnalysis, embedded: EmbeddedTracerCode | null): void;
  /**
   * The embedded node's console support: whether it is the active endpoint (console errors are then shown as
   * warnings), and the text that keeps console calls (see flattenForEmbeddedNode), asked only for a tracer whose
   * sole errors are console calls.
   */
  embedded?: {
    active(): boolean;
    flatten(source: string, target: TargetId): Promise<EmbeddedTracerCode | null>;
  };
  delayMs?: number;
}

/**
 * Re-checks the editor's model after each edit (debounced). Every request carries a sequence number; a result
 * is applied only if it is the newest request and the model has not changed since it was sent.
 */
export function createLiveCheck(o: LiveCheckOptions): {
  runNow(): void;
  /** Resolves once the analysis shown belongs to the editor's current text (checking it now if it does not). */
  settled(): Promise<void>;
  dispose(): void;
} {
  const seq = createSequence();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The model and version whose analysis was applied last.
  let applied: { model: Monaco.editor.ITextModel; version: number } | null = null;
  const run = async () => {
    const model = o.editor.getModel();
    if (!model) return;
    const id = seq.next();
    const version = model.getVersionId();
    try {
      const source = model.getValue();
      const analysis = await o.worker.analyze(id, source, o.target(), o.detected());
      const embedded =
        !analysis.flat && o.embedded && onlyConsoleErrors(analysis.diagnostics)
          ? await o.embedded.flatten(source, o.target())
          : null;
      if (!seq.isCurrent(analysis.seq) || o.editor.getModel() !== model || model.getVersionId() !== version)
        return;
      const shown = consoleForEmbeddedNode(analysis.diagnostics, !!embedded && !!o.embedded?.active());
      applyDiagnostics(o.monaco, model, shown);
      applied = { model, version };
      o.onResult({ ...analysis, diagnostics: shown }, embedded);
    } catch (e) {
      console.error('tracer check failed', e);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, o.delayMs ?? 200);
  };
  const subs = [o.editor.onDidChangeModelContent(schedule), o.editor.onDidChangeModel(() => void run())];
  return {
    runNow: () => {
      clearTimeout(timer);
      void run();
    },
    async settled() {
      // A few rounds at most: text that keeps changing while it is checked is sent as of the last round.
      for (let round = 0; round < 5; round++) {
        const model = o.editor.getModel();
        if (!model || (applied?.model === model && applied.version === model.getVersionId())) return;
        clearTimeout(timer);
        await run();
      }
    },
    dispose() {
      clearTimeout(timer);
      subs.forEach((s) => s.dispose());
    },
  };
}
