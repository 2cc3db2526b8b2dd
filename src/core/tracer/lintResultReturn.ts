import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { textOf } from './lintContext.ts';
import type { AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass, type TracerRule } from './defineRule.ts';

export const resultReturnsBytes = defineRule(
  'result-returns-bytes',
  'warning',
  'result returns a byte array (encoded as {"0":…})',
);
export const resultReturnsBigint = defineRule(
  'result-returns-bigint',
  'warning',
  'result returns a bigInt (encoded as a decimal string)',
);
export const resultReturnsGoString = defineRule(
  'result-returns-go-string',
  'warning',
  'result returns a geth-made string directly (encoded as {})',
);

/**
 * Values returned from result() that geth encodes badly (reference §7): byte arrays become {"0":…},
 * bigInts decimal strings, and long strings made by geth (toHex, ctx.error, getError()) become {}.
 */
const checkResultReturn: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type !== 'ReturnStatement' || !node.argument || visit.fn?.memberName !== 'result') return;
  if (visit.fn.node.type === 'ArrowFunctionExpression' && visit.fn.node.expression) return;
  checkTopLevel(node.argument as AnyNode, visit.fn, cx);
};

function checkTopLevel(arg: AnyNode, fn: Parameters<LintRule>[0]['fn'], cx: LintContext): void {
  const t = cx.types.typeOf(arg, fn);
  const text = textOf(cx, arg);
  const operand = needsParens(arg) ? `(${text})` : text;
  if (t === 'bytes') {
    const message =
      'result() returns a byte array, which geth encodes as {"0":…,"1":…}: return \'\' + toHex(…) (the \'\' + keeps geth from turning the long hex string into {})';
    report(cx, resultReturnsBytes, message, arg, `'' + toHex(${text})`, "Return '' + toHex(…)");
  } else if (t === 'bigInt') {
    const message =
      'result() returns a bigInt, which geth encodes as a decimal string: return .toString(16) for hex (or .toString() to keep decimal)';
    report(cx, resultReturnsBigint, message, arg, `${operand}.toString(16)`, 'Return .toString(16)');
  } else if (t === 'goString') {
    const message =
      "geth encodes a string made by geth (toHex(), ctx.error, getError()) as {} when result() returns it directly and it is longer than 16 bytes: return '' + it, or put it in an object";
    report(cx, resultReturnsGoString, message, arg, `'' + ${operand}`, "Prefix with '' +");
  } else if (arg.type === 'ObjectExpression' || arg.type === 'ArrayExpression') {
    checkNested(arg, fn, cx);
  }
}

function checkNested(
  literal: estree.ObjectExpression | estree.ArrayExpression,
  fn: Parameters<LintRule>[0]['fn'],
  cx: LintContext,
): void {
  const values: estree.Node[] = [];
  if (literal.type === 'ObjectExpression') {
    for (const p of literal.properties) if (p.type === 'Property') values.push(p.value);
  } else for (const el of literal.elements) if (el && el.type !== 'SpreadElement') values.push(el);
  for (const v of values) {
    if (cx.types.typeOf(v, fn) !== 'bytes') continue;
    const n = v as AnyNode;
    const message = 'This byte array is encoded as {"0":…,"1":…} in the result: use toHex(…)';
    report(cx, resultReturnsBytes, message, n, `toHex(${textOf(cx, n)})`, 'Wrap in toHex(…)');
  }
}

function report(
  cx: LintContext,
  rule: TracerRule,
  message: string,
  n: AnyNode,
  text: string,
  title: string,
): void {
  const fix: Fix = { title, edits: [{ start: n.start, end: n.end, text }] };
  cx.report(rule.make(cx.r, message, n.start, n.end, fix));
}

function needsParens(n: estree.Node): boolean {
  return !['Identifier', 'MemberExpression', 'CallExpression', 'ThisExpression', 'Literal'].includes(n.type);
}

/** A lint pass: its rules (resultReturnsBytes, resultReturnsBigint, resultReturnsGoString) and the check that reports them. */
export const lintResultReturn: LintPass = {
  rules: [resultReturnsBytes, resultReturnsBigint, resultReturnsGoString],
  check: checkResultReturn,
};
