import type { Diagnostic } from '../diagnostics.ts';
import type { TargetId } from '../targets.ts';
import type { NodeVisit, TracerAnalysis } from './analyzeTracer.ts';
import type { Reporter } from './createReporter.ts';
import type { TypeInference } from './inferType.ts';

/** What every lint rule gets. */
export interface LintContext {
  source: string;
  r: Reporter;
  types: TypeInference;
  analysis: TracerAnalysis;
  /** What the tracer must run on (its globals and syntax). */
  target: TargetId;
  report(d: Diagnostic): void;
}

/** A lint rule: called once for every node of the tracer object, in source order. */
export type LintRule = (visit: NodeVisit, cx: LintContext) => void;

/** The source text of a node. */
export function textOf(cx: LintContext, node: { start: number; end: number }): string {
  return cx.source.slice(node.start, node.end);
}
