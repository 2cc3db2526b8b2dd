import type { Diagnostic } from '../core/diagnostics.ts';
import { es5Rules } from '../core/es5/es5Rules.ts';
import type { TargetId } from '../core/targets.ts';

/** The file name shown in diagnostics (`-` is standard input). */
export function displayName(file: string): string {
  return file === '-' ? '<stdin>' : file;
}

/**
 * The last line of a refused flatten of `file` (a path, or `-` for standard input): how many errors stopped it and
 * their rule ids, then how to go on: `tracer convert` only when a construct of the ES5.1 check's rule table is among
 * them, and the target the ES5.1 check's summary suggests (its `suggestedTarget`) when those constructs are all there is.
 */
export function flattenRefusal(file: string, target: TargetId, diagnostics: readonly Diagnostic[]): string {
  const base = `${displayName(file)} cannot be flattened for the target ${target}`;
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return base;
  const ids = [...new Set(errors.map((d) => d.ruleId))];
  const stopped = `${base}: ${errors.length === 1 ? '1 error' : `${errors.length} errors`} (${ids.join(', ')})`;
  const syntax = ids.filter((id) => id in es5Rules);
  if (syntax.length === 0) return `${stopped}; fix ${errors.length === 1 ? 'it' : 'them'}`;
  const convert = `run tracer convert ${file} for an ES5.1 copy`;
  if (syntax.length < ids.length) return `${stopped}; fix them (${convert} of its ES2015+ syntax)`;
  const named = diagnostics.find((d) => d.suggestedTarget)?.suggestedTarget;
  const other = named ? `, or pass --target ${named} if the node runs it` : '';
  return `${stopped}; only its ES2015+ syntax stops it: ${convert}${other}`;
}
