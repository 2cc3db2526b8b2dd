import type { Es5Options } from '../es5/checkEs5.ts';
import { checkTracer } from '../tracer/checkTracer.ts';
import { consoleCall } from '../tracer/lintConsole.ts';
import { flattenTracer, type FlattenResult } from './flattenTracer.ts';

/**
 * The tracer text for a run on this tool's embedded node (`tracer replay`, the page's embedded node), where console
 * calls print (geth has none): the flattened string when the tracer has no console call; with console calls and no
 * other error, the tracer object's own text (`verbatim`, a slice of the source: the flattener refuses console calls,
 * since its string is what nodes get). Any other error refuses as flatten does (`flat` holds the diagnostics).
 */
export type EmbeddedTracerText =
  | { ok: true; kind: 'flattened'; code: string; flat: FlattenResult }
  | { ok: true; kind: 'verbatim'; code: string; flat: FlattenResult }
  | { ok: false; flat: FlattenResult };

/** See {@link EmbeddedTracerText}. */
export function flattenForEmbeddedNode(source: string, options: Es5Options = {}): EmbeddedTracerText {
  const flat = flattenTracer(source, options);
  if (flat.ok) return { ok: true, kind: 'flattened', code: flat.code, flat };
  const errors = flat.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0 || errors.some((d) => d.ruleId !== consoleCall.id)) return { ok: false, flat };
  const object = checkTracer(source, options).tracer?.object as { start: number; end: number } | undefined;
  // Stryker disable next-line ConditionalExpression: a guard: the console rule reports only on a tracer object
  if (!object) return { ok: false, flat };
  return { ok: true, kind: 'verbatim', code: source.slice(object.start, object.end), flat };
}
