import type * as estree from 'estree';
import { isReusedObject, type ValueType } from './apiModel.ts';
import type { FunctionInfo } from './analyzeTracer.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const storedReusedObject = defineRule(
  'stored-reused-object',
  'warning',
  'the reused log, frame or frame result object is stored',
);

const storingMethods = new Set<string | undefined>(['push', 'unshift']);

/** Storing the reused `log` (or its parts, or a call frame) for later: it always shows the current step. */
const checkStoredLog: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type === 'AssignmentExpression') {
    if (node.operator === '=' && node.left.type === 'MemberExpression') checkStored(node.right, visit.fn, cx);
  } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    const name = memberName(node.callee);
    if (!storingMethods.has(name)) return;
    // Stryker disable next-line ConditionalExpression,StringLiteral: a spread is typed 'unknown', so never reported
    for (const arg of node.arguments) if (arg.type !== 'SpreadElement') checkStored(arg, visit.fn, cx);
  }
};

function checkStored(value: estree.Node, fn: FunctionInfo | null, cx: LintContext): void {
  const candidates: estree.Node[] = [value];
  if (value.type === 'ObjectExpression') {
    for (const p of value.properties) if (p.type === 'Property') candidates.push(p.value);
  } else if (value.type === 'ArrayExpression') {
    // Stryker disable next-line ConditionalExpression,StringLiteral: a spread is typed 'unknown', so never reported
    for (const el of value.elements) if (el && el.type !== 'SpreadElement') candidates.push(el);
  }
  for (const c of candidates) {
    const t = cx.types.typeOf(c, fn);
    if (isReusedObject(t)) report(c as AnyNode, t, cx);
  }
}

function report(n: AnyNode, t: ValueType, cx: LintContext): void {
  const frame = t === 'frame' || t === 'frameResult';
  const label = t === 'frame' ? 'call frame' : t === 'frameResult' ? 'frame result' : t;
  const message = frame
    ? `geth reuses one ${label} object for every call: what you store here changes with the next call. Store the values instead (e.g. ${t === 'frame' ? 'toHex(frame.getTo())' : 'frameResult.getGasUsed()'})`
    : `geth reuses one ${label} object for every step: what you store here always shows the current step. Store the values instead (e.g. log.getPC(), log.stack.peek(0).toString(16))`;
  cx.report(storedReusedObject.make(cx.r, message, n.start, n.end));
}

/** A lint pass: its rules (storedReusedObject) and the check that reports them. */
export const lintStoredLog: LintPass = { rules: [storedReusedObject], check: checkStoredLog };
