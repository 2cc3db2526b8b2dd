import { applyEdits, type Diagnostic } from '../diagnostics.ts';
import type { Es5Options } from '../es5/checkEs5.ts';
import { checkTracer } from '../tracer/checkTracer.ts';
import { consoleCall } from '../tracer/lintConsole.ts';

/** The source without its console calls, or the console rule's diagnostics that cannot be removed safely. */
export type RemoveConsoleResult =
  { ok: true; source: string; removed: number } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Applies the console rule's quick fix (`tracer flatten --remove-console`): every console call that stands as a
 * statement is removed. Refused, with the diagnostics that stop it, while any other use of `console` is left (an
 * alias, a call whose arguments change state, a property named console): those are removed by hand.
 */
export function removeConsoleCalls(source: string, options: Es5Options = {}): RemoveConsoleResult {
  const found = consoleDiagnostics(source, options);
  if (found.length === 0) return { ok: true, source, removed: 0 };
  const unsafe = found.filter((d) => !d.fix);
  if (unsafe.length > 0) return { ok: false, diagnostics: unsafe };
  // Every diagnostic of the rule carries the same fix: all the removable calls.
  const edits = found[0].fix!.edits;
  const out = applyEdits(source, edits);
  const left = consoleDiagnostics(out, options);
  // Stryker disable next-line ConditionalExpression: a guard: the fix removes every call it was made for
  if (left.length > 0) return { ok: false, diagnostics: left };
  return { ok: true, source: out, removed: edits.length };
}

function consoleDiagnostics(source: string, options: Es5Options): Diagnostic[] {
  return checkTracer(source, options).diagnostics.filter((d) => d.ruleId === consoleCall.id);
}
