import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import { ctxTypes, frameTypes, type ValueType } from './apiModel.ts';
import { closestName } from './editDistance.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { opcodeNameSet, renamedOpcodes } from './opcodes.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass, type TracerRule } from './defineRule.ts';

export const unknownOpcode = defineRule(
  'unknown-opcode',
  'warning',
  'log.op.toString() compared with a name geth does not print',
);
export const unknownCallType = defineRule(
  'unknown-call-type',
  'warning',
  'frame.getType() or ctx.type compared with a type that never occurs',
);

const equality = new Set(['==', '===', '!=', '!==']);

/**
 * Comparisons of `log.op.toString()`, `frame.getType()` or `ctx.type` with a string geth never produces
 * (`==`/`===`/`!=`/`!==`, `switch` cases, and `['A','B'].indexOf(x)`).
 */
const checkKnownStrings: LintRule = (visit, cx) => {
  const node = visit.node;
  for (const [value, other] of comparedPairs(node)) {
    if (!isStringLiteral(other)) continue;
    const t = cx.types.typeOf(value, visit.fn);
    checkLiteral(other, t, cx, () => chainLiterals(node, t, visit.fn, cx));
  }
  if (node.type === 'SwitchStatement') {
    const t = cx.types.typeOf(node.discriminant, visit.fn);
    checkLiterals(stringLiterals(node.cases.map((c) => c.test)), t, cx);
  } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    const callee = node.callee;
    if (
      memberName(callee) !== 'indexOf' ||
      callee.object.type !== 'ArrayExpression' ||
      node.arguments.length < 1
    )
      return;
    const t = cx.types.typeOf(node.arguments[0], visit.fn);
    checkLiterals(stringLiterals(callee.object.elements), t, cx);
  }
};

/** `a == b` (or `===`, `!=`, `!==`): [a, b] and [b, a], each a value and what it is compared with; else none. */
function* comparedPairs(n: estree.Node): Generator<[estree.Node, estree.Node]> {
  // No type test: only a BinaryExpression has one of these operators (and a private name is only left of `in`).
  const { operator, left, right } = n as estree.BinaryExpression;
  if (equality.has(operator)) {
    yield [left, right];
    yield [right, left];
  }
}

/** The string literals among switch case tests or array elements (either may be missing). */
function stringLiterals(nodes: (estree.Node | null | undefined)[]): StringLiteral[] {
  return nodes.filter((n): n is StringLiteral => !!n && isStringLiteral(n));
}

/** Checks the strings of one switch or `[...].indexOf(x)`, each of which handles the others. */
function checkLiterals(literals: StringLiteral[], t: ValueType, cx: LintContext): void {
  const handled = () => new Set(literals.map((l) => l.value));
  for (const lit of literals) checkLiteral(lit, t, cx, handled);
}

const parentsCache = new WeakMap<LintContext, Map<estree.Node, AnyNode | null>>();

function parentOf(node: estree.Node, cx: LintContext): AnyNode | null | undefined {
  return (parentsCache.get(cx) ?? cacheParents(cx)).get(node);
}

function cacheParents(cx: LintContext): Map<estree.Node, AnyNode | null> {
  const parents = new Map(cx.analysis.visits.map((v) => [v.node, v.parent]));
  parentsCache.set(cx, parents);
  return parents;
}

/**
 * The strings compared with a value of type `t` in the `||`/`&&` chain a comparison belongs to
 * (`op == 'SELFDESTRUCT' || op == 'SUICIDE'`).
 */
function chainLiterals(
  comparison: AnyNode,
  t: ValueType,
  fn: Parameters<LintRule>[0]['fn'],
  cx: LintContext,
): Set<string> {
  let root: AnyNode = comparison;
  for (let p = parentOf(root, cx); p && p.type === 'LogicalExpression'; p = parentOf(p, cx)) root = p;
  const found = new Set<string>();
  const stack: estree.Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'LogicalExpression') stack.push(n.left, n.right);
    for (const [value, other] of comparedPairs(n))
      if (isStringLiteral(other) && cx.types.typeOf(value, fn) === t) found.add(other.value);
  }
  return found;
}

type StringLiteral = estree.Literal & { value: string };

function isStringLiteral(n: estree.Node): n is StringLiteral {
  // No type test: only a Literal has a string value (a Property's or a TemplateElement's value is an object).
  return typeof (n as estree.Literal).value === 'string';
}

/**
 * Reports a string no value of type `t` ever equals. A rename hint (`SUICIDE` → `SELFDESTRUCT`, `ctx.type` 'CREATE2'
 * → 'CREATE') stays silent when `handled()` (the strings the same switch or comparison chain tests) already has the
 * name it would suggest: the code handles both.
 */
function checkLiteral(
  lit: StringLiteral,
  t: ValueType,
  cx: LintContext,
  handled: () => ReadonlySet<string>,
): void {
  const value = lit.value;
  let message: string;
  let replacement: string | undefined;
  let rule: TracerRule;
  if (t === 'opName') {
    rule = unknownOpcode;
    // Stryker disable next-line ConditionalExpression: a known name's closest name is itself, which the comparison itself handles, so going on stays silent too ('→ true', never warning, fails the warning rows)
    if (opcodeNameSet.has(value)) return;
    replacement = renamedOpcodes.get(value.toUpperCase());
    if (replacement) {
      message = `geth names this opcode '${replacement}', not '${value}', so this comparison is never true`;
    } else {
      // The closest name (case-insensitive) of 'call' is 'CALL'.
      replacement = closestName(value, opcodeNameSet);
      message =
        `geth has no opcode named '${value}'` +
        (replacement ? `; did you mean '${replacement}'?` : ', so this comparison is never true');
    }
  } else if (t === 'frameType' || t === 'ctxType') {
    rule = unknownCallType;
    const allowed = t === 'frameType' ? frameTypes : ctxTypes;
    // Stryker disable next-line ConditionalExpression: as for opcodes above
    if (allowed.has(value)) return;
    const what = t === 'frameType' ? 'frame.getType()' : 'ctx.type';
    replacement = closestName(value, allowed);
    message =
      `${what} is never '${value}' (it is one of ${[...allowed].join(', ')})` +
      (replacement ? `; did you mean '${replacement}'?` : '');
  } else return;
  if (replacement && handled().has(replacement)) return;
  const n = lit as unknown as AnyNode;
  const fix: Fix | undefined = replacement
    ? {
        title: `Replace with '${replacement}'`,
        edits: [{ start: n.start, end: n.end, text: quoteLike(cx.source[n.start], replacement) }],
      }
    : undefined;
  cx.report(rule.make(cx.r, message, n.start, n.end, fix));
}

function quoteLike(quote: string, text: string): string {
  return `${quote}${text}${quote}`;
}

/** A lint pass: its rules (unknownOpcode, unknownCallType) and the check that reports them. */
export const lintKnownStrings: LintPass = {
  rules: [unknownOpcode, unknownCallType],
  check: checkKnownStrings,
};
