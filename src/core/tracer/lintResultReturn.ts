import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { textOf } from './lintContext.ts';
import type { FunctionInfo, NodeVisit } from './analyzeTracer.ts';
import { thisOwner } from './collectMemberCalls.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
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
  checkState(node.argument as AnyNode, visit.fn, cx);
};

/** A value stored into the tracer's state: `this.NAME = value`, `this.NAME.push(value)`, `this.NAME[k] = value`. */
interface Store {
  name: string;
  value: AnyNode;
  fn: FunctionInfo | null;
  /** Stored as the state itself, or as an element of it (push, index). */
  element: boolean;
}

const storesCache = new WeakMap<LintContext, Store[]>();

/** `this.NAME` where `this` is the tracer (a member function's own `this`), else undefined. */
function stateName(n: estree.Node, fn: FunctionInfo | null): string | undefined {
  if (n.type !== 'MemberExpression' || n.object.type !== 'ThisExpression') return undefined;
  const owner = thisOwner(fn);
  if (!owner || owner.memberName === null || owner.node.type === 'ArrowFunctionExpression') return undefined;
  return memberName(n);
}

function collectStores(cx: LintContext): Store[] {
  const cached = storesCache.get(cx);
  if (cached) return cached;
  const stores: Store[] = [];
  const add = (v: NodeVisit, target: estree.Node, value: estree.Node) => {
    const direct = stateName(target, v.fn);
    if (direct !== undefined)
      stores.push({ name: direct, value: value as AnyNode, fn: v.fn, element: false });
    else if (target.type === 'MemberExpression' && target.computed) {
      const inner = stateName(target.object, v.fn);
      if (inner !== undefined) stores.push({ name: inner, value: value as AnyNode, fn: v.fn, element: true });
    }
  };
  for (const v of cx.analysis.visits) {
    const n = v.node;
    if (n.type === 'AssignmentExpression' && n.operator === '=') add(v, n.left, n.right);
    else if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
      const method = memberName(n.callee);
      const owner = stateName(n.callee.object, v.fn);
      if (owner === undefined || (method !== 'push' && method !== 'unshift')) continue;
      for (const arg of n.arguments)
        if (arg.type !== 'SpreadElement')
          stores.push({ name: owner, value: arg as AnyNode, fn: v.fn, element: true });
    }
  }
  storesCache.set(cx, stores);
  return stores;
}

/** The state names a returned value reaches: `this.NAME`, or `this.NAME` inside a returned object or array literal. */
function returnedState(arg: AnyNode, fn: FunctionInfo | null): string[] {
  const direct = stateName(arg, fn);
  if (direct !== undefined) return [direct];
  const values: estree.Node[] = [];
  if (arg.type === 'ObjectExpression') {
    for (const p of arg.properties) if (p.type === 'Property') values.push(p.value);
  } else if (arg.type === 'ArrayExpression')
    for (const el of arg.elements) if (el && el.type !== 'SpreadElement') values.push(el);
  return values.flatMap((v) => {
    const name = stateName(v, fn);
    return name === undefined ? [] : [name];
  });
}

const reportedStores = new WeakMap<LintContext, Set<AnyNode>>();

/**
 * Bytes that reach result()'s JSON through the tracer's state: `this.addr = log.contract.getAddress()` (or
 * `this.calls.push({to: frame.getTo()})`) and `return this.addr` / `return {calls: this.calls}`. Reported where
 * the bytes are stored, with a fix wrapping them in toHex(…).
 */
function checkState(arg: AnyNode, fn: FunctionInfo, cx: LintContext): void {
  const names = new Set(returnedState(arg, fn));
  if (names.size === 0) return;
  let done = reportedStores.get(cx);
  if (!done) reportedStores.set(cx, (done = new Set()));
  const resultLine = cx.r.lines.positionAt(arg.start).line;
  for (const store of collectStores(cx)) {
    if (!names.has(store.name)) continue;
    const candidates: AnyNode[] = [store.value];
    if (store.value.type === 'ObjectExpression') {
      for (const p of store.value.properties) if (p.type === 'Property') candidates.push(p.value as AnyNode);
    } else if (store.value.type === 'ArrayExpression')
      for (const el of store.value.elements)
        if (el && el.type !== 'SpreadElement') candidates.push(el as AnyNode);
    for (const value of candidates) {
      if (done.has(value) || cx.types.typeOf(value, store.fn) !== 'bytes') continue;
      done.add(value);
      const message = `This byte array is kept in this.${store.name}, which result() returns (line ${resultLine}): geth encodes it as {"0":…,"1":…}; store toHex(…) instead`;
      report(cx, resultReturnsBytes, message, value, `toHex(${textOf(cx, value)})`, 'Store toHex(…)');
    }
  }
}

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
