import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { textOf } from './lintContext.ts';
import { targetInfo } from '../targets.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const unknownGlobal = defineRule(
  'unknown-global',
  'warning',
  'a global geth does not provide (require, BigInt, process, …)',
);
export const negativeStackIndex = defineRule(
  'negative-stack-index',
  'warning',
  'log.stack.peek() with a negative index',
);
export const bigintEquality = defineRule(
  'bigint-equality',
  'warning',
  'a bigInt compared with === or with another bigInt',
);

// `console` has a rule of its own (tracer/console, lintConsole.ts): it prints on the embedded node.
const missingGlobals: Record<string, string> = {
  require: 'tracers cannot load modules',
  module: 'tracers are not modules',
  process: 'tracers do not run in Node.js',
  window: 'tracers do not run in a browser',
  document: 'tracers do not run in a browser',
  setTimeout: 'there are no timers',
  setInterval: 'there are no timers',
  clearTimeout: 'there are no timers',
  Buffer: 'use Uint8Array and toHex()',
  BigInt: 'goja has no native BigInt: use bigInt(…) (BigInteger.js)',
  fetch: 'tracers cannot make requests',
  web3: 'tracers cannot reach a node',
  ethers: 'tracers cannot load libraries',
};

/** The names the unknown-global and console rules explain (the undeclared-identifier rule leaves them to them). */
export const missingGlobalNames: ReadonlySet<string> = new Set([...Object.keys(missingGlobals), 'console']);

/** Globals that geth's tracer runtime does not have (a ReferenceError when reached). */
const checkUnknownGlobal: LintRule = (visit, cx) => {
  const node = visit.node;
  const parent = visit.parent;
  if (
    node.type !== 'Identifier' ||
    !Object.prototype.hasOwnProperty.call(missingGlobals, node.name) ||
    !parent
  )
    return;
  if (!isRead(node, parent) || !cx.types.isGlobal(node.name, visit.fn)) return;
  // The target's runtime has it (e.g. BigInt on Boa and V8).
  if (targetInfo(cx.target).globals.includes(node.name)) return;
  const message = `geth's tracer runtime has no '${node.name}' (${missingGlobals[node.name]}); reaching this line throws a ReferenceError`;
  cx.report(unknownGlobal.make(cx.r, message, visit.node.start, visit.node.end));
};

/**
 * Whether an identifier reads its name where it stands (a ReferenceError when there is no such global): not the name
 * of a member or a key, typeof's operand, a label, or the target of `=` or `for (x in …)` (which create the global).
 */
export function isRead(node: estree.Node, parent: estree.Node): boolean {
  switch (parent.type) {
    case 'MemberExpression':
      return parent.object === node || parent.computed;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return parent.value === node || parent.computed;
    case 'UnaryExpression':
      return parent.operator !== 'typeof';
    case 'AssignmentExpression':
      return parent.left !== node || parent.operator !== '=';
    case 'ForInStatement':
    case 'ForOfStatement':
      return parent.left !== node;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return false;
    default:
      return true;
  }
}

/** `log.stack.peek(-n)`: always out of range, and the error cannot be caught. */
const checkNegativePeek: LintRule = (visit, cx) => {
  const node = visit.node;
  if (
    node.type !== 'CallExpression' ||
    node.callee.type !== 'MemberExpression' ||
    memberName(node.callee) !== 'peek'
  )
    return;
  const arg = node.arguments[0];
  if (!arg || arg.type !== 'UnaryExpression' || arg.operator !== '-') return;
  // Only a Literal has a value.
  const value = (arg.argument as estree.Literal).value;
  if (typeof value !== 'number' || value === 0) return;
  if (cx.types.typeOf(node.callee.object, visit.fn) !== 'log.stack') return;
  const message =
    "log.stack.peek() with a negative index always stops the trace with the uncatchable error 'tracer accessed out of bound stack'; 0 is the top of the stack";
  const n = arg as AnyNode;
  cx.report(negativeStackIndex.make(cx.r, message, n.start, n.end));
};

/** `===` between a bigInt and a primitive, or any equality between two bigInt objects, compares identity. */
const checkBigIntEquality: LintRule = (visit, cx) => {
  // Only a BinaryExpression has these operators.
  const operator = (visit.node as { operator?: string }).operator as string;
  if (!['==', '===', '!=', '!=='].includes(operator)) return;
  const node = visit.node as estree.BinaryExpression & AnyNode;
  const l = cx.types.typeOf(node.left, visit.fn);
  const r = cx.types.typeOf(node.right, visit.fn);
  const strict = node.operator.length === 3;
  let big: estree.Node;
  let other: estree.Node;
  let message: string;
  if (l === 'bigInt' && r === 'bigInt') {
    [big, other] = [node.left, node.right];
    message = `${node.operator} between two bigInt values compares the objects, not the numbers: use a.eq(b)`;
  } else if (strict && (l === 'bigInt' || r === 'bigInt') && (l === 'bigInt' ? r : l) !== 'unknown') {
    [big, other] = l === 'bigInt' ? [node.left, node.right] : [node.right, node.left];
    message = `${node.operator} compares the bigInt object itself, so it is never equal to a number or string: use .eq(…)`;
  } else return;
  const negate = node.operator.startsWith('!');
  const text = `${negate ? '!' : ''}${wrapped(cx, big)}.eq(${textOf(cx, other as AnyNode)})`;
  const n = visit.node;
  const fix: Fix = { title: `Use ${negate ? '!' : ''}.eq()`, edits: [{ start: n.start, end: n.end, text }] };
  cx.report(bigintEquality.make(cx.r, message, n.start, n.end, fix));
};

function wrapped(cx: LintContext, n: estree.Node): string {
  const text = textOf(cx, n as AnyNode);
  // `this` is never a bigInt (its type is unknown).
  return ['Identifier', 'MemberExpression', 'CallExpression'].includes(n.type) ? text : `(${text})`;
}

/** A lint pass: its rules (unknownGlobal) and the check that reports them. */
export const lintUnknownGlobal: LintPass = { rules: [unknownGlobal], check: checkUnknownGlobal };

/** A lint pass: its rules (negativeStackIndex) and the check that reports them. */
export const lintNegativePeek: LintPass = { rules: [negativeStackIndex], check: checkNegativePeek };

/** A lint pass: its rules (bigintEquality) and the check that reports them. */
export const lintBigIntEquality: LintPass = { rules: [bigintEquality], check: checkBigIntEquality };
