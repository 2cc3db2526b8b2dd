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
  if (
    node.type === 'BinaryExpression' &&
    equality.has(node.operator) &&
    node.left.type !== 'PrivateIdentifier'
  ) {
    const pairs: [estree.Node, estree.Node][] = [
      [node.left, node.right],
      [node.right, node.left],
    ];
    for (const [value, other] of pairs) {
      if (!isStringLiteral(other)) continue;
      const t = cx.types.typeOf(value, visit.fn);
      if (t === 'opName' || t === 'frameType' || t === 'ctxType')
        checkLiteral(other, t, cx, () => chainLiterals(visit.node, t, visit.fn, cx));
    }
  } else if (node.type === 'SwitchStatement') {
    const t = cx.types.typeOf(node.discriminant, visit.fn);
    const handled = () =>
      new Set(node.cases.flatMap((c) => (c.test && isStringLiteral(c.test) ? [c.test.value] : [])));
    for (const c of node.cases) if (c.test && isStringLiteral(c.test)) checkLiteral(c.test, t, cx, handled);
  } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    const callee = node.callee;
    if (
      memberName(callee) !== 'indexOf' ||
      callee.object.type !== 'ArrayExpression' ||
      node.arguments.length < 1
    )
      return;
    const t = cx.types.typeOf(node.arguments[0], visit.fn);
    const elements = callee.object.elements;
    const handled = () => new Set(elements.flatMap((el) => (el && isStringLiteral(el) ? [el.value] : [])));
    for (const el of elements) if (el && isStringLiteral(el)) checkLiteral(el, t, cx, handled);
  }
};

const parentsCache = new WeakMap<LintContext, Map<estree.Node, AnyNode>>();

function parentOf(node: estree.Node, cx: LintContext): AnyNode | undefined {
  let parents = parentsCache.get(cx);
  if (!parents) {
    parents = new Map();
    for (const v of cx.analysis.visits) if (v.parent) parents.set(v.node, v.parent);
    parentsCache.set(cx, parents);
  }
  return parents.get(node);
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
    else if (
      n.type === 'BinaryExpression' &&
      equality.has(n.operator) &&
      n.left.type !== 'PrivateIdentifier'
    ) {
      for (const [value, other] of [
        [n.left, n.right],
        [n.right, n.left],
      ] as [estree.Node, estree.Node][])
        if (isStringLiteral(other) && cx.types.typeOf(value, fn) === t) found.add(other.value);
    }
  }
  return found;
}

function isStringLiteral(n: estree.Node): n is estree.Literal & { value: string } {
  return n.type === 'Literal' && typeof n.value === 'string';
}

/**
 * Reports a string no value of type `t` ever equals. A rename hint (`SUICIDE` → `SELFDESTRUCT`, `ctx.type` 'CREATE2'
 * → 'CREATE') stays silent when `handled()` (the strings the same switch or comparison chain tests) already has the
 * name it would suggest: the code handles both.
 */
function checkLiteral(
  lit: estree.Literal & { value: string },
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
    if (opcodeNameSet.has(value)) return;
    replacement = renamedOpcodes.get(value.toUpperCase());
    if (replacement) {
      message = `geth names this opcode '${replacement}', not '${value}', so this comparison is never true`;
    } else {
      replacement =
        value.toUpperCase() !== value && opcodeNameSet.has(value.toUpperCase())
          ? value.toUpperCase()
          : closestName(value, opcodeNameSet);
      message =
        `geth has no opcode named '${value}'` +
        (replacement ? `; did you mean '${replacement}'?` : ', so this comparison is never true');
    }
  } else if (t === 'frameType' || t === 'ctxType') {
    rule = unknownCallType;
    const allowed = t === 'frameType' ? frameTypes : ctxTypes;
    if (allowed.has(value)) return;
    const what = t === 'frameType' ? 'frame.getType()' : 'ctx.type';
    replacement = allowed.has(value.toUpperCase()) ? value.toUpperCase() : closestName(value, allowed);
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
