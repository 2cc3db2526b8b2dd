import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/javascript/register';
import * as tsLanguage from 'monaco-editor/languages/features/typescript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { buildTracerApiDts } from '../../core/tracer/buildTracerApiDts.ts';
import { registerTracerApiProviders } from './registerTracerApiProviders.ts';

let done = false;

/**
 * Configures Monaco once: workers (Vite bundles, no data: URLs), the JavaScript language service limited to
 * ES5 names plus the tracer API declarations, and our completion/hover/signature providers.
 */
export function setupMonaco(): typeof monaco {
  if (done) return monaco;
  done = true;
  self.MonacoEnvironment = {
    getWorker(_id: string, label: string) {
      return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker();
    },
  };
  const js = tsLanguage.javascriptDefaults;
  js.setCompilerOptions({
    target: tsLanguage.ScriptTarget.ES5,
    lib: ['es5'],
    allowJs: true,
    checkJs: false,
    allowNonTsExtensions: true,
    noEmit: true,
  });
  // The tracer checker reports syntax (a bare `{…}` tracer is not a valid script for TypeScript).
  js.setDiagnosticsOptions({
    noSemanticValidation: true,
    noSyntaxValidation: true,
    noSuggestionDiagnostics: true,
  });
  // A bare `{…}` tracer cannot be contextually typed by the language service, so completions, hovers and
  // signature help come from our providers (driven by the same table as the declarations added below). Document
  // symbols are off too: sticky scroll asked for them at start-up, which loaded the 6.9 MB TypeScript worker
  // before anyone needed it; now it loads only when the user asks for go-to-definition, references or rename.
  js.setModeConfiguration({
    completionItems: false,
    hovers: false,
    signatureHelp: false,
    documentHighlights: false,
    diagnostics: false,
    documentSymbols: false,
    definitions: true,
    references: true,
    rename: true,
  });
  js.addExtraLib(buildTracerApiDts(), 'ts:tracer-api.d.ts');
  registerTracerApiProviders(monaco);
  return monaco;
}

export { monaco };
