import type { Expression, Program } from 'estree';
import { createLineIndex, type Diagnostic, type LineIndex } from '../diagnostics.ts';
import { defaultTarget, parseTarget, type LegacyProfile, type TargetId } from '../targets.ts';
import { describeSyntaxError, printable } from './describeSyntaxError.ts';
import { findConstructs } from './findConstructs.ts';
import { groupConstructs } from './groupConstructs.ts';
import { parseEs5Fast, type FastParse } from './parseEs5Fast.ts';
import { parseGoal, skipTrivia, type GoalParse } from './parseGoal.ts';
import { scanBrackets } from './scanBrackets.ts';
import { createTokenList } from './tokenList.ts';

/** Options of {@link checkEs5}. */
export interface Es5Options {
  /** What the tracer must run on; default `es5` (ES5.1). */
  target?: TargetId;
  /** The target a probe found on the node the tracer is for, if any (named in the summary line). */
  detected?: TargetId;
  /** @deprecated The earlier name of `target`: `strict` is `es5`, `goja` is `geth`. */
  profile?: LegacyProfile;
}

/** The target options ask for (`target`, else the earlier `profile`, else es5). */
export function targetOf(options: Es5Options): TargetId {
  return options.target ?? parseTarget(options.profile) ?? defaultTarget;
}

/** What {@link checkEs5} found out about a tracer source. */
export interface Es5Result {
  /** Sorted by start offset. */
  diagnostics: Diagnostic[];
  /** 'expression' when the source is one expression (optionally followed by `;` and/or comments), else 'program'. */
  goal: 'expression' | 'program';
  /**
   * acorn AST (ESTree, with `start`/`end` offsets and `loc`), parsed with ecmaVersion 'latest' so later passes can
   * walk any syntax; for goal 'expression' it is the Expression node, for 'program' the Program. null when it does
   * not parse even as latest JS.
   */
  ast: Expression | Program | null;
  /** true when acorn with ecmaVersion 5 accepts the source (in the chosen goal). */
  es5Valid: boolean;
  /** offset just after the expression, when goal is 'expression' (the caller checks for a trailing ';'). */
  expressionEnd?: number;
  /** comments found (acorn onComment), for callers that need them. */
  comments: { type: 'Line' | 'Block'; value: string; start: number; end: number }[];
}

/**
 * Deepest bracket nesting checked. acorn recurses per level and runs out of stack at roughly 700 nested
 * parentheses in Node (less in some browsers and workers); a fixed limit gives the same answer everywhere.
 */
const maxNestingDepth = 256;

/**
 * Deepest nesting the one-pass ES5 parse takes on. Deeper code (never seen in real tracers) takes the full check,
 * which measures the depth before parsing: an ES5 parse near the stack limit of a small worker stack can exhaust
 * memory instead of throwing.
 */
const fastPathMaxDepth = 64;

const emptyMessage =
  'The tracer is empty: expected an object literal such as {result: function(ctx, db) {…}, fault: function(log, db) {}}';

function tooDeep(index: LineIndex, at: number, levels = maxNestingDepth): Diagnostic {
  // Few brackets: something else nests (e.g. thousands of unary operators), so brackets are not the measure.
  const message =
    levels >= 10
      ? `The code is nested too deeply to check (over ${levels} levels of brackets)`
      : 'The code is nested too deeply to check (the parser ran out of stack here)';
  return { severity: 'error', ruleId: 'es5/too-deeply-nested', message, range: index.rangeOf(at, at + 1) };
}

interface Judging {
  target: TargetId;
  detected?: TargetId;
}

function constructDiagnostics(
  source: string,
  parsed: GoalParse,
  index: LineIndex,
  judging: Judging,
): Diagnostic[] {
  // Stryker disable next-line ConditionalExpression: code ES5 accepts holds no ES2015+ construct and no ES5 error, so the search below finds nothing (this only saves time)
  if (parsed.es5Valid) return [];
  const tokens = createTokenList(source, parsed.tokens);
  const findings = findConstructs(source, parsed.ast!, tokens, parsed.module);
  const out = groupConstructs(findings, index, judging.target, judging.detected);
  if (out.length === 0 && parsed.es5Error) {
    // Never stay silent when ES5 rejects the code: pass on the ES5 parser's own (named) error.
    const es5 = describeSyntaxError(source, parsed.es5Error, index);
    const message = `ES5.1 engines reject this code (${es5.message}), and the check cannot name the construct`;
    out.push({ severity: 'error', ruleId: 'es5/unsupported-syntax', message, range: es5.range });
  }
  return out;
}

/** The result for a source {@link parseEs5Fast} accepted: valid ES5, nothing to report. */
function fastResult(fast: FastParse): Es5Result {
  const result: Es5Result = {
    diagnostics: [],
    goal: fast.goal,
    ast: fast.ast as unknown as Expression | Program,
    es5Valid: true,
    comments: fast.comments.map((c) => ({ type: c.type, value: c.value, start: c.start, end: c.end })),
  };
  if (fast.expressionEnd !== undefined) result.expressionEnd = fast.expressionEnd;
  return result;
}

function run(source: string, judging: Judging): Es5Result {
  // Most tracers are valid ES5: one parse answers for them; everything else takes the full check below.
  const fast = parseEs5Fast(source, fastPathMaxDepth);
  // Stryker disable next-line ConditionalExpression: the full check gives the same result for what the fast path takes (fastPath.test.ts compares them); skipping it only costs time
  if (fast) return fastResult(fast);
  const index = createLineIndex(source);
  const brackets = scanBrackets(source, source.length, maxNestingDepth);
  // Stryker disable next-line EqualityOperator: the bracket over the limit has 256 before it, so it is never at offset 0
  if (brackets.overLimitAt >= 0) {
    const first = source[skipTrivia(source, 0)];
    const goal = first === '{' || first === '(' ? 'expression' : 'program';
    return {
      diagnostics: [tooDeep(index, brackets.overLimitAt)],
      goal,
      ast: null,
      es5Valid: false,
      comments: [],
    };
  }
  const parsed = parseGoal(source);
  let diagnostics: Diagnostic[];
  if (skipTrivia(source, 0) >= source.length) {
    diagnostics = [
      { severity: 'error', ruleId: 'es5/empty-source', message: emptyMessage, range: index.rangeOf(0, 0) },
    ];
  } else if (!parsed.ast) {
    const error = parsed.error!;
    // acorn ran out of stack below the limit (a small stack, e.g. in a worker): say how deep it got.
    const levels = () => scanBrackets(source, error.pos).open.length;
    diagnostics = [
      error.tooDeep ? tooDeep(index, error.pos, levels()) : describeSyntaxError(source, error, index),
    ];
  } else {
    diagnostics = constructDiagnostics(source, parsed, index, judging);
  }
  // Only the construct search gives more than one diagnostic, and groupConstructs already returns them in position
  // order (each group at its first construct, the summary at the last): the sort keeps the promise of Es5Result.
  // Stryker disable MethodExpression,ArrowFunction,ConditionalExpression,LogicalOperator,ArithmeticOperator: see above
  diagnostics.sort(
    (a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset,
  );
  // Stryker restore MethodExpression,ArrowFunction,ConditionalExpression,LogicalOperator,ArithmeticOperator
  const result: Es5Result = {
    diagnostics,
    goal: parsed.goal,
    ast: parsed.ast as unknown as Expression | Program | null,
    es5Valid: parsed.es5Valid,
    comments: parsed.comments.map((c) => ({ type: c.type, value: c.value, start: c.start, end: c.end })),
  };
  if (parsed.expressionEnd !== undefined) result.expressionEnd = parsed.expressionEnd;
  return result;
}

/**
 * Checks that a tracer source is ECMAScript 5.1: parses it (as one expression when it is one, else as a script),
 * reports syntax errors and every ES2015+ construct by name, with mechanical fixes where they are safe.
 * For a target other than es5, the constructs its engine runs are notes (info), grouped per kind with a count.
 * Never throws.
 */
export function checkEs5(source: string, options: Es5Options = {}): Es5Result {
  const judging: Judging = { target: targetOf(options), detected: options.detected };
  try {
    if (typeof source !== 'string')
      throw new TypeError(`expected the tracer source as a string, got ${typeof source}`);
    return run(source, judging);
  } catch (e) {
    const message = `The ES5 check failed unexpectedly: ${printable(String((Object(e) as Error).message ?? e))}`;
    const start = { offset: 0, line: 1, column: 1 };
    const range = { start, end: start };
    const diagnostics: Diagnostic[] = [{ severity: 'error', ruleId: 'es5/internal-error', message, range }];
    return { diagnostics, goal: 'program', ast: null, es5Valid: false, comments: [] };
  }
}
