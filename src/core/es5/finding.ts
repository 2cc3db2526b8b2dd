import type { Fix } from '../diagnostics.ts';
import type { Engine } from '../targets.ts';
import type { FixContext } from './buildFixes.ts';
import type { AnyNode } from './walkAst.ts';

/** One ES2015+ construct found in the source, before it becomes a diagnostic. */
export interface Finding {
  ruleId: string;
  /** Names the construct in plain words, e.g. "Arrow function" or "'let' declaration". */
  subject: string;
  start: number;
  end: number;
  fix?: Fix;
  /** Overrides the rule's edition (e.g. a regexp flag from ES2018). */
  since?: string;
  /** Overrides the engines that run it (e.g. the regexp flags goja lacks). */
  engines?: readonly Engine[];
}

/** What the detectors read and where they report. */
export interface FindContext extends FixContext {
  /** The source was parsed as a module (strict code). */
  module: boolean;
  report(finding: Finding): void;
}

/** A detector for one node type; `ancestors` runs from the root to the node's parent. */
export type Detector = (ctx: FindContext, node: AnyNode, ancestors: readonly AnyNode[]) => void;

/** Shortens source text for a message. */
export function excerpt(text: string, max = 30): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? oneLine.slice(0, max - 1) + '…' : oneLine;
}
