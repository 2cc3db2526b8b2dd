import type * as estree from 'estree';
import type { Fix } from '../diagnostics.ts';
import { inheritedMembers, isObjectType, memberOf, members, typeLabel, type ObjectType } from './apiModel.ts';
import { aliasOf } from './memberAliases.ts';
import { closestName } from './editDistance.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { textOf } from './lintContext.ts';
import { memberName, type AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const methodNotCalled = defineRule(
  'method-not-called',
  'warning',
  'an accessor method is read without calling it',
);
export const notAFunction = defineRule(
  'not-a-function',
  'error',
  'a value accessor (log.op, ctx.gasUsed…) is called like a function: a TypeError on every node (unless a typeof test of it guards the call)',
);
export const unknownMember = defineRule(
  'unknown-member',
  'warning',
  'an accessor geth does not have (log, db, ctx, frames, bigInt), read (undefined) or called where it may not throw (behind a guard, with ?.(), on a bigInt)',
);
export const unknownMemberCall = defineRule(
  'unknown-member-call',
  'error',
  'a call of a member geth does not define on log, log.stack, log.memory, log.contract, log.op, db, ctx or the frames (a TypeError on every node)',
);
export const bytesToHex = defineRule(
  'bytes-to-hex',
  'warning',
  "toHex()/toString('hex') called on a byte array",
);

const logParts: ObjectType[] = ['log.contract', 'log.stack', 'log.memory', 'log.op'];

/** Unknown accessors, methods read without calling them, and values called as functions. */
const checkMembers: LintRule = (visit, cx) => {
  const node = visit.node;
  // `super.x` needs no test: the type of `super` is unknown, so it is left alone below.
  if (node.type !== 'MemberExpression') return;
  // Only the tracer object itself has no parent.
  const parent = visit.parent as AnyNode;
  const name = memberName(node);
  if (name === undefined || isWriteTarget(node, parent)) return;
  const objectType = cx.types.typeOf(node.object, visit.fn);
  if (objectType === 'bytes') return lintBytesMember(node, name, parent, cx);
  if (!isObjectType(objectType)) return;
  const info = memberOf(objectType, name);
  // The callee of a call or of `new` (geth's accessors are no constructors; neither rule fits `new`).
  const called = (parent as { callee?: estree.Node }).callee === node;
  if (!info) {
    if (!inheritedMembers.has(name))
      reportUnknown(node, objectType, name, throwsWhenCalled(node, parent, cx), cx);
    return;
  }
  const property = node.property as AnyNode;
  const label = `${typeLabel[objectType]}.${name}`;
  if (info.kind === 'method' && !called && !isTypeofOperand(parent)) {
    const message = `${label} is a method: call it as ${name}()`;
    const fix: Fix = { title: `Call ${name}()`, edits: [{ start: node.end, end: node.end, text: '()' }] };
    cx.report(methodNotCalled.make(cx.r, message, property.start, property.end, fix));
  } else if (
    info.kind === 'property' &&
    called &&
    parent.type === 'CallExpression' &&
    !isTypeofGuarded(node, cx)
  ) {
    const call = parent as estree.SimpleCallExpression & AnyNode;
    const message = `${label} is a value, not a function: remove the ()`;
    const fix: Fix | undefined =
      call.arguments.length === 0 && !call.optional
        ? { title: 'Remove the ()', edits: [{ start: node.end, end: call.end, text: '' }] }
        : undefined;
    cx.report(notAFunction.make(cx.r, message, property.start, property.end, fix));
  }
};

/** The objects whose members geth defines completely: calling any other member is a TypeError on every node. */
const closedTypes: ReadonlySet<ObjectType> = new Set([
  'log',
  'log.op',
  'log.stack',
  'log.memory',
  'log.contract',
  'db',
  'ctx',
  'frame',
  'frameResult',
]);

/**
 * Whether `node` (an unknown member) is called in a way that throws on every node: a plain call or `new` (not `?.()`),
 * of a member the tracer reads nowhere else (`if (log.getFoo) log.getFoo()` and `typeof db.x === 'function'` guard it).
 */
function throwsWhenCalled(
  node: estree.MemberExpression & AnyNode,
  parent: AnyNode,
  cx: LintContext,
): boolean {
  if ((parent as { callee?: estree.Node }).callee !== node) return false;
  if ((parent as { optional?: boolean }).optional) return false;
  const text = textOf(cx, node);
  // Every other occurrence of the member's text must be a call too (a comment mentioning it counts as a read).
  for (let at = cx.source.indexOf(text); at >= 0; at = cx.source.indexOf(text, at + 1)) {
    if (!/^\s*\(/.test(cx.source.slice(at + text.length, at + text.length + 64))) return false;
  }
  return true;
}

/**
 * Whether the tracer tests `typeof <member>` somewhere (`typeof ctx.gasUsed === 'function' ? ctx.gasUsed() : …`):
 * it then calls the value only where it is a function, and the call is left alone. Calling a value is otherwise a
 * TypeError on every node, `?.()` included (the value is there, so `?.` calls it).
 */
function isTypeofGuarded(node: estree.MemberExpression & AnyNode, cx: LintContext): boolean {
  const text = textOf(cx, node).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\btypeof\\s*\\(?\\s*${text}(?![\\w$])`).test(cx.source);
}

function isWriteTarget(node: estree.Node, parent: estree.Node): boolean {
  if (parent.type === 'AssignmentExpression' && parent.left === node) return true;
  if (parent.type === 'UpdateExpression') return true;
  return operatorOf(parent) === 'delete';
}

function isTypeofOperand(parent: estree.Node): boolean {
  return operatorOf(parent) === 'typeof';
}

// Only a UnaryExpression has the operators 'delete' and 'typeof'.
function operatorOf(n: estree.Node): string | undefined {
  return (n as { operator?: string }).operator;
}

function reportUnknown(
  node: estree.MemberExpression & AnyNode,
  t: ObjectType,
  name: string,
  called: boolean,
  cx: LintContext,
): void {
  const property = node.property as AnyNode;
  let suggestion: string | undefined;
  let replacement: string | undefined;
  let note: string | undefined;
  const alias = aliasOf(t, name);
  if (alias) {
    ({ suggestion, replacement, note } = alias);
  } else if (t === 'log') {
    const paths = logParts.flatMap((part) =>
      Object.keys(members[part])
        .filter((k) => k.toLowerCase() === name.toLowerCase())
        .map((k) => `${part}.${k}`),
    );
    // '' when there is none: the closest name below.
    suggestion = paths.join("' or '");
    if (paths.length === 1) replacement = paths[0].slice(4);
  }
  if (!suggestion) suggestion = replacement = closestName(name, Object.keys(members[t]));
  let message = `${typeLabel[t]} has no member '${name}'`;
  if (suggestion && suggestion !== 'nothing') message += `; did you mean '${suggestion}'?`;
  if (note) message += ` (${note})`;
  const fix: Fix | undefined =
    replacement && !node.computed
      ? {
          title: `Replace with '${replacement}'`,
          edits: [{ start: property.start, end: property.end, text: replacement }],
        }
      : undefined;
  const rule = called && closedTypes.has(t) ? unknownMemberCall : unknownMember;
  cx.report(rule.make(cx.r, message, property.start, property.end, fix));
}

function lintBytesMember(
  node: estree.MemberExpression & AnyNode,
  name: string,
  parent: estree.Node,
  cx: LintContext,
): void {
  // The callee of a call or of `new` (`new a.toHex()` makes the same mistake).
  if ((parent as { callee?: estree.Node }).callee !== node) return;
  const call = parent as (estree.SimpleCallExpression | estree.NewExpression) & AnyNode;
  // Only a Literal has a value.
  const hexArg =
    call.arguments.length === 1 &&
    ['hex', 16].includes((call.arguments[0] as estree.Literal).value as string);
  if (name !== 'toHex' && !(name === 'toString' && hexArg)) return;
  const object = textOf(cx, node.object as AnyNode);
  const message = `A byte array (Uint8Array) has no ${name === 'toHex' ? 'toHex() method' : 'hex toString()'}: use the global toHex(${object})`;
  const fix: Fix = {
    title: `Use toHex(${object})`,
    edits: [{ start: call.start, end: call.end, text: `toHex(${object})` }],
  };
  const property = node.property as AnyNode;
  cx.report(bytesToHex.make(cx.r, message, property.start, call.end, fix));
}

/**
 * A lint pass: its rules (unknownMember, unknownMemberCall, methodNotCalled, notAFunction, bytesToHex) and the check
 * that reports them.
 */
export const lintMembers: LintPass = {
  rules: [unknownMember, unknownMemberCall, methodNotCalled, notAFunction, bytesToHex],
  check: checkMembers,
};
