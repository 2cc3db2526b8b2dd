import type { Diagnostic } from '../../core/diagnostics.ts';
import { consoleCall } from '../../core/tracer/lintConsole.ts';

/** What the console rule adds for a run on the embedded node, where console calls print. */
export const embeddedConsoleNote =
  ' On the embedded node it prints to the Console panel; sent to any other node, the tracer is refused until the calls are removed.';

/** Whether every error of a check is the console rule's (the tracer then runs on the embedded node as it is). */
export function onlyConsoleErrors(diagnostics: readonly Diagnostic[]): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return errors.length > 0 && errors.every((d) => d.ruleId === consoleCall.id);
}

/**
 * The check's diagnostics as shown while the embedded node is the endpoint and the tracer runs there with its console
 * calls (`runsThere`): the console rule's errors become warnings that still say geth has none, plus where the lines
 * go. Anything else (or a tracer the embedded node cannot run either) is unchanged.
 */
export function consoleForEmbeddedNode(diagnostics: Diagnostic[], runsThere: boolean): Diagnostic[] {
  if (!runsThere) return diagnostics;
  return diagnostics.map((d) =>
    d.ruleId === consoleCall.id && d.severity === 'error'
      ? { ...d, severity: 'warning', message: d.message + embeddedConsoleNote }
      : d,
  );
}
