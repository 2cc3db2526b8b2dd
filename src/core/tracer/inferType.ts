import type * as estree from 'estree';
import { hookParams, type ValueType } from './apiModel.ts';
import { hookOf, lookupWithOwner, type Declaration, type FunctionInfo } from './analyzeTracer.ts';
import type { MemberCalls } from './collectMemberCalls.ts';
import {
  binaryType,
  globalCallType,
  literalType,
  methodReturnType,
  propertyType,
  unaryType,
} from './typeRules.ts';
import { memberName } from './walkNodes.ts';

/** Infers the static type of expressions inside the tracer (best effort; `unknown` when unsure). */
export interface TypeInference {
  typeOf(node: estree.Node, fn: FunctionInfo | null): ValueType;
  /** True when `name` is not declared anywhere in scope (a global of the tracer runtime). */
  isGlobal(name: string, fn: FunctionInfo | null): boolean;
}

// Expressions deeper than this are not typed (keeps the recursion bounded on pathological input).
const maxDepth = 64;

/** One inference's member calls and its per-declaration cache. */
interface Inference {
  memberCalls?: MemberCalls;
  cache: Map<Declaration, ValueType>;
}

function helperParamType(inf: Inference, index: number, owner: FunctionInfo, depth: number): ValueType {
  const { memberCalls } = inf;
  if (!memberCalls) return 'unknown';
  const name = owner.memberName;
  // Stryker disable next-line ConditionalExpression: no call or escape is recorded under a null name, so the loop below answers 'unknown' too
  if (name === null) return 'unknown';
  if (memberCalls.dynamic || memberCalls.escaped.has(name)) return 'unknown';
  let agreed: ValueType = 'unknown';
  for (const { call, fn } of memberCalls.calls.get(name) ?? []) {
    const arg = call.arguments[index];
    if (!arg || call.arguments.some((a) => a.type === 'SpreadElement')) return 'unknown';
    const t = typeOf(inf, arg, fn, depth + 1);
    if (t === 'unknown' || (agreed !== 'unknown' && agreed !== t)) return 'unknown';
    agreed = t;
  }
  return agreed;
}

function computeType(inf: Inference, d: Declaration, owner: FunctionInfo, depth: number): ValueType {
  if (d.kind === 'param') {
    const hook = hookOf(owner);
    return hook ? hookParams[hook][d.index] || 'unknown' : helperParamType(inf, d.index, owner, depth);
  }
  // Only a `var x = init` declaration has an initialiser.
  return d.init ? typeOf(inf, d.init, owner, depth + 1) : 'unknown';
}

function declarationType(inf: Inference, d: Declaration, owner: FunctionInfo, depth: number): ValueType {
  const { cache } = inf;
  if (d.reassigned) return 'unknown';
  const cached = cache.get(d);
  if (cached) return cached;
  cache.set(d, 'unknown');
  const t = computeType(inf, d, owner, depth);
  cache.set(d, t);
  return t;
}

function typeOf(inf: Inference, node: estree.Node, fn: FunctionInfo | null, depth: number): ValueType {
  if (depth > maxDepth) return 'unknown';
  switch (node.type) {
    case 'Identifier': {
      const found = lookupWithOwner(node.name, fn);
      if (found) return declarationType(inf, found.declaration, found.owner, depth);
      return node.name === 'bigInt' ? 'bigIntStatic' : 'unknown';
    }
    case 'Literal':
      return literalType(node);
    case 'TemplateLiteral':
      return 'string';
    case 'MemberExpression': {
      const name = memberName(node);
      // `super.x` needs no case of its own: a Super node is typed 'unknown', and 'unknown' has no members.
      // Stryker disable next-line ConditionalExpression: propertyType has no member under an undefined name either
      return name === undefined ? 'unknown' : propertyType(typeOf(inf, node.object, fn, depth + 1), name);
    }
    case 'CallExpression':
      return callType(node, fn, (n) => typeOf(inf, n, fn, depth + 1));
    case 'BinaryExpression':
      // The operands are typed for `+` only, whose left side is never a private name (`#x in o` is boolean).
      return binaryType(node.operator, () => [
        typeOf(inf, node.left, fn, depth + 1),
        typeOf(inf, node.right, fn, depth + 1),
      ]);
    case 'ConditionalExpression': {
      const a = typeOf(inf, node.consequent, fn, depth + 1);
      return a === typeOf(inf, node.alternate, fn, depth + 1) ? a : 'unknown';
    }
    case 'AssignmentExpression':
      return node.operator === '=' ? typeOf(inf, node.right, fn, depth + 1) : 'unknown';
    case 'SequenceExpression':
      return typeOf(inf, node.expressions[node.expressions.length - 1], fn, depth + 1);
    case 'UnaryExpression':
      return unaryType(node.operator);
    default:
      return 'unknown';
  }
}

/**
 * Creates a type inference with a per-declaration cache. Hook parameters get geth's types; parameters of helper
 * members get the type every `this.helper(...)` call site agrees on (when `memberCalls` is given).
 */
export function createTypeInference(memberCalls?: MemberCalls): TypeInference {
  const inf: Inference = { memberCalls, cache: new Map() };
  return {
    typeOf: (node, fn) => typeOf(inf, node, fn, 0),
    isGlobal: (name, fn) => lookupWithOwner(name, fn) === undefined,
  };
}

function callType(
  node: estree.CallExpression,
  fn: FunctionInfo | null,
  sub: (n: estree.Node) => ValueType,
): ValueType {
  const callee = node.callee;
  if (callee.type === 'Identifier')
    return lookupWithOwner(callee.name, fn) ? 'unknown' : globalCallType(callee.name);
  // `super.m()` needs no case of its own: a Super node is typed 'unknown', and 'unknown' has no methods.
  if (callee.type !== 'MemberExpression') return 'unknown';
  const name = memberName(callee);
  // Stryker disable next-line ConditionalExpression: methodReturnType has no method under an undefined name either
  return name === undefined ? 'unknown' : methodReturnType(sub(callee.object), name);
}
