import type * as estree from 'estree';
import type { FunctionInfo } from './analyzeTracer.ts';
import { thisOwner } from './collectMemberCalls.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const arrowMemberThis = defineRule(
  'arrow-member-this',
  'warning',
  "an arrow-function member uses 'this'",
);
export const thisInNestedFunction = defineRule(
  'this-in-nested-function',
  'warning',
  "'this' inside a nested callback is not the tracer",
);

// Array methods whose last optional argument sets `this` for the callback.
const thisArgMethods = new Set<string | undefined>([
  'forEach',
  'map',
  'filter',
  'some',
  'every',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'flatMap',
]);

/** `this` where it is not the tracer object: in a nested callback function, or in an arrow-function member. */
const checkThis: LintRule = (visit, cx) => {
  if (visit.node.type !== 'ThisExpression') return;
  const owner = thisOwner(visit.fn);
  if (!owner) return;
  const n = visit.node;
  if (owner.node.type === 'ArrowFunctionExpression') {
    // Stryker disable next-line ConditionalExpression: thisOwner only stops at an arrow function that is a member
    if (owner.memberName === null) return;
    const message = `'${owner.memberName}' is an arrow function, so 'this' is not the tracer object here: write ${owner.memberName}: function(...) {...}`;
    cx.report(arrowMemberThis.make(cx.r, message, n.start, n.end));
    return;
  }
  // A member (named or not) has no enclosing function: only nested functions are checked.
  if (owner.parent === null || bindsThis(owner, cx)) return;
  const message =
    "'this' here is not the tracer object: this nested function is called on its own (e.g. by forEach), so 'this' is undefined or the global object. Save it first (var self = this;) and use self";
  cx.report(thisInNestedFunction.make(cx.r, message, n.start, n.end));
};

/** Whether the nested function gets a meaningful `this` (method of an object, bound, or given a thisArg). */
function bindsThis(fn: FunctionInfo, cx: LintContext): boolean {
  // A capitalised function is a constructor by convention: `new` gives it its own `this`.
  // Stryker disable next-line ConditionalExpression: /^[A-Z]/ is false for undefined as well (tested as 'undefined')
  const isCapitalised = (name: string | undefined) => name !== undefined && /^[A-Z]/.test(name);
  // Stryker disable next-line OptionalChaining: only `export default function() {}` has no id, and it is no nested function
  if (fn.node.type === 'FunctionDeclaration' && isCapitalised(fn.node.id?.name)) return true;
  const parent = parentOf(fn.node, cx);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a nested function always has a parent node
  if (!parent) return false;
  if (
    parent.type === 'VariableDeclarator' &&
    // Stryker disable next-line ConditionalExpression: a pattern has no name, and isCapitalised(undefined) is false
    parent.id.type === 'Identifier' &&
    isCapitalised(parent.id.name)
  )
    return true;
  if (parent.type === 'Property' || parent.type === 'MethodDefinition') return true;
  if (parent.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression') return true;
  if (parent.type === 'NewExpression') return true;
  if (
    parent.type === 'MemberExpression' &&
    // Stryker disable next-line ConditionalExpression: as a computed key the function gives no member name either
    parent.object === fn.node
  ) {
    const name = memberName(parent);
    return name === 'call' || name === 'apply' || name === 'bind';
  }
  if (parent.type === 'CallExpression' && parent.callee.type === 'MemberExpression') {
    const name = memberName(parent.callee);
    const args = parent.arguments;
    return thisArgMethods.has(name) && args.length >= 2 && args[0] === fn.node;
  }
  return false;
}

function parentOf(node: estree.Node, cx: LintContext): AnyNode | null {
  let parents = parentCache.get(cx);
  // Stryker disable next-line ConditionalExpression: performance only; rebuilding the map gives the same map
  if (!parents) {
    parents = new Map();
    // Stryker disable next-line ConditionalExpression: the root's null parent reads back as null either way
    for (const v of cx.analysis.visits) if (v.parent) parents.set(v.node, v.parent);
    parentCache.set(cx, parents);
  }
  return parents.get(node) ?? null;
}

const parentCache = new WeakMap<LintContext, Map<estree.Node, AnyNode>>();

/** A lint pass: its rules (thisInNestedFunction, arrowMemberThis) and the check that reports them. */
export const lintThis: LintPass = { rules: [thisInNestedFunction, arrowMemberThis], check: checkThis };
