import type * as estree from 'estree';
import type { FunctionInfo, NodeVisit } from './analyzeTracer.ts';
import { memberName, type AnyNode } from './walkNodes.ts';

/** A call `this.NAME(args)` made where `this` is the tracer object. */
export interface MemberCall {
  call: AnyNode & estree.SimpleCallExpression;
  /** The function the call is written in (for typing its arguments). */
  fn: FunctionInfo;
}

/** How the tracer's own members are called, to type helper parameters from their call sites. */
export interface MemberCalls {
  /** Direct `this.NAME(...)` calls per member name. */
  calls: Map<string, MemberCall[]>;
  /** Names also used in any other way (read without a call, or `x.NAME` on another object): their params stay untyped. */
  escaped: Set<string>;
  /** `this[expr]` seen: any member may be called from anywhere. */
  dynamic: boolean;
}

/** The function whose `this` applies at a point: the innermost non-arrow function, or an arrow member. */
export function thisOwner(fn: FunctionInfo | null): FunctionInfo | null {
  let f = fn;
  while (f && f.node.type === 'ArrowFunctionExpression' && f.memberName === null) f = f.parent;
  return f;
}

/** Collects `this.NAME(...)` calls made from member functions (where `this` is the tracer). */
export function collectMemberCalls(visits: readonly NodeVisit[]): MemberCalls {
  const result: MemberCalls = { calls: new Map(), escaped: new Set(), dynamic: false };
  for (const { node, parent, fn } of visits) {
    if (node.type !== 'MemberExpression' || node.object.type === 'Super') continue;
    const name = memberName(node);
    if (node.object.type !== 'ThisExpression') {
      if (name !== undefined) result.escaped.add(name);
      continue;
    }
    const owner = thisOwner(fn);
    const isTracer =
      owner !== null && owner.memberName !== null && owner.node.type !== 'ArrowFunctionExpression';
    // Stryker disable next-line OptionalChaining: only the tracer object (no MemberExpression) has no parent
    const isCallee = parent?.type === 'CallExpression' && parent.callee === node;
    if (name === undefined) {
      result.dynamic = true;
    } else if (isTracer && fn && isCallee) {
      const list = result.calls.get(name) ?? [];
      list.push({ call: parent as AnyNode & estree.SimpleCallExpression, fn });
      result.calls.set(name, list);
    } else result.escaped.add(name);
  }
  return result;
}
