import type { Diagnostic } from '../diagnostics.ts';
import { createLineIndex } from '../diagnostics.ts';
import { checkEs5, targetOf, type Es5Options, type Es5Result } from '../es5/checkEs5.ts';
import type { TargetId } from '../targets.ts';
import { analyzeTracer } from './analyzeTracer.ts';
import { checkShape, type TracerMember } from './checkShape.ts';
import { createReporter } from './createReporter.ts';
import { extractTracerObject, type ExtractedTracer } from './extractTracerObject.ts';
import { blankRange, findPrefixWrapper, type PrefixWrapper } from './findWrapper.ts';
import { createTypeInference } from './inferType.ts';
import type { LintContext } from './lintContext.ts';
import { internalError, lintPasses } from './tracerRules.ts';

export type { TracerMember } from './checkShape.ts';

/** Everything known about a tracer source after the ES5, form, shape and lint checks. */
export interface TracerCheckResult {
  /** ES5 check + form + shape + lint, sorted by start offset. */
  diagnostics: Diagnostic[];
  tracer: ExtractedTracer | null;
  members: TracerMember[];
  es5: Es5Result;
}

/**
 * The ES5 check of a source, without the wrapper head in front of its object (`var|let|const NAME =`,
 * `module.exports =`, `export default`): the head is blanked out, so no rule sees it and positions do not move. When
 * the rest is not one expression, the source is checked as it is.
 */
function checkWithoutWrapper(
  source: string,
  options: Es5Options,
): { es5: Es5Result; prefix: PrefixWrapper | null } {
  const prefix = typeof source === 'string' ? findPrefixWrapper(source) : null;
  if (prefix) {
    const es5 = checkEs5(blankRange(source, prefix.start, prefix.end), options);
    if (es5.goal === 'expression' && es5.ast) return { es5, prefix };
  }
  return { es5: checkEs5(source, options), prefix: null };
}

/**
 * Checks a tracer source: ES5.1 syntax (or the target's), accepted form, geth's required shape, and lint rules.
 * A `var|let|const NAME = {…};` wrapper is stripped before any rule runs. Never throws.
 */
export function checkTracer(source: string, options: Es5Options = {}): TracerCheckResult {
  const { es5, prefix } = checkWithoutWrapper(source, options);
  if (typeof source !== 'string') return { diagnostics: es5.diagnostics, tracer: null, members: [], es5 };
  try {
    return run(source, es5, prefix, targetOf(options));
  } catch (e) {
    const message = `The tracer check failed unexpectedly: ${String((e as Error)?.message ?? e).slice(0, 200)}`;
    const range = createLineIndex(source).rangeOf(0, 0);
    const internal: Diagnostic = {
      severity: internalError.severity,
      ruleId: internalError.id,
      message,
      range,
    };
    return { diagnostics: sortDiagnostics([...es5.diagnostics, internal]), tracer: null, members: [], es5 };
  }
}

function run(
  source: string,
  es5: Es5Result,
  prefix: PrefixWrapper | null,
  target: TargetId,
): TracerCheckResult {
  const extracted = extractTracerObject(source, es5, prefix);
  // extractTracerObject may hand back checkEs5's own errors; list each diagnostic once.
  const diagnostics = [...new Set([...es5.diagnostics, ...extracted.diagnostics])];
  const tracer = extracted.tracer;
  if (!tracer) return { diagnostics: sortDiagnostics(diagnostics), tracer, members: [], es5 };
  const r = createReporter(source);
  const shape = checkShape(tracer.object, r, source);
  // One push each: a spread of one diagnostic per member (a duplicated key, 200,000 times) overflows the stack.
  for (const d of shape.diagnostics) diagnostics.push(d);
  const analysis = analyzeTracer(tracer.object);
  const cx: LintContext = {
    source,
    r,
    types: createTypeInference(analysis.memberCalls),
    analysis,
    target,
    report: (d) => diagnostics.push(d),
  };
  for (const visit of analysis.visits) for (const pass of lintPasses) pass.check(visit, cx);
  return { diagnostics: sortDiagnostics(diagnostics), tracer, members: shape.members, es5 };
}

// Sorts a fresh list in place by start offset. Array.prototype.sort is stable (ES2019), so diagnostics at the same
// offset keep the order they were reported in.
function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort((a, b) => a.range.start.offset - b.range.start.offset);
}
