import type { Diagnostic } from '../diagnostics.ts';

/**
 * True for the flattener's notes about what it did (comments removed, N lines made one, double quotes re-quoted):
 * facts about the ready-to-send string, shown with it rather than among the tracer's problems.
 */
export function isFlattenFact(d: Diagnostic): boolean {
  // What flattening did to the text, said as information: not a problem with the tracer.
  const factRules = ['flatten/one-line', 'flatten/comments-removed', 'flatten/double-quotes'];
  return d.severity === 'info' && factRules.includes(d.ruleId);
}
