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
  // Stryker disable next-line OptionalChaining: a return statement is always inside a function, so visit.fn is set
  if (node.type !== 'ReturnStatement' || !node.argument || visit.fn?.memberName !== 'result') return;
  checkTopLevel(node.argument as AnyNode, visit.fn, cx);
  checkState(node.argument as AnyNode, visit.fn, cx);
};

/** A value stored into the tracer's state: `this.NAME = value`, `this.NAME[k] = value`, `this.NAME.push(value)`. */
interface Store {
  name: string;
  value: AnyNode;
  fn: FunctionInfo | null;
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
  // Stryker disable next-line ConditionalExpression: a cache only: collecting again finds the same value nodes, and reportedStores reports each once ('true' is killed)
  if (cached) return cached;
  // Stryker disable next-line ArrayDeclaration: a junk first entry is a string, whose name (undefined) no returned state has
  const stores: Store[] = [];
  const add = (v: NodeVisit, name: string | undefined, value: estree.Node) => {
    // Stryker disable next-line ConditionalExpression: a store under no name is never read, as no returned state is unnamed ('false' is killed)
    if (name !== undefined) stores.push({ name, value: value as AnyNode, fn: v.fn });
  };
  for (const v of cx.analysis.visits) {
    const n = v.node;
    if (n.type === 'AssignmentExpression') {
      if (n.operator === '=') add(v, storedIn(n.left, v.fn), n.right);
    } else if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
      const method = memberName(n.callee);
      if (method !== 'push' && method !== 'unshift') continue;
      // A spread argument is kept too: its type is unknown, so it is never reported.
      for (const arg of n.arguments) add(v, stateName(n.callee.object, v.fn), arg);
    }
  }
  storesCache.set(cx, stores);
  return stores;
}

/** The state an assignment to `target` writes into: `this.NAME`, or `this.NAME[k]` / `this.NAME.k` (inside it). */
function storedIn(target: estree.Node, fn: FunctionInfo | null): string | undefined {
  return (
    stateName(target, fn) ?? (target.type === 'MemberExpression' ? stateName(target.object, fn) : undefined)
  );
}

/**
 * `n` and, for an object or array literal, the values written in it (holes skipped; a spread as itself, whose type
 * and state are unknown).
 */
function valueParts(n: AnyNode): AnyNode[] {
  if (n.type === 'ObjectExpression')
    return [n, ...n.properties.map((p) => (p.type === 'Property' ? p.value : p) as AnyNode)];
  if (n.type === 'ArrayExpression') return [n, ...(n.elements.filter((el) => el !== null) as AnyNode[])];
  return [n];
}

const reportedStores = new WeakMap<LintContext, Set<AnyNode>>();

/**
 * Bytes that reach result()'s JSON through the tracer's state: `this.addr = log.contract.getAddress()` (or
 * `this.calls.push({to: frame.getTo()})`) and `return this.addr` / `return {calls: this.calls}`. Reported where
 * the bytes are stored, with a fix wrapping them in toHex(…).
 */
function checkState(arg: AnyNode, fn: FunctionInfo, cx: LintContext): void {
  // The state names the returned value reaches: `this.NAME`, or `this.NAME` in a returned object or array literal
  // (undefined for the other parts, which no store has).
  const names = new Set(valueParts(arg).map((v) => stateName(v, fn)));
  let done = reportedStores.get(cx);
  if (!done) reportedStores.set(cx, (done = new Set()));
  const resultLine = cx.r.lines.positionAt(arg.start).line;
  for (const store of collectStores(cx)) {
    if (!names.has(store.name)) continue;
    for (const value of valueParts(store.value)) {
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
  } else {
    // arg itself is none of those types, so only a value written in a returned literal can be a byte array.
    for (const v of valueParts(arg)) {
      if (cx.types.typeOf(v, fn) !== 'bytes') continue;
      const message = 'This byte array is encoded as {"0":…,"1":…} in the result: use toHex(…)';
      report(cx, resultReturnsBytes, message, v, `toHex(${textOf(cx, v)})`, 'Wrap in toHex(…)');
    }
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

// A literal or `this` never has a type these rules report, so only these can be operands without parentheses.
function needsParens(n: estree.Node): boolean {
  return !['Identifier', 'MemberExpression', 'CallExpression'].includes(n.type);
}

/** A lint pass: its rules (resultReturnsBytes, resultReturnsBigint, resultReturnsGoString) and the check that reports them. */
export const lintResultReturn: LintPass = {
  rules: [resultReturnsBytes, resultReturnsBigint, resultReturnsGoString],
  check: checkResultReturn,
};
