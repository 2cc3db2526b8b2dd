import type * as estree from 'estree';
import { globalFunctions, hookParams, isObjectType, memberOf, type ValueType } from './apiModel.ts';
import { hookOf, lookupWithOwner, type Declaration, type FunctionInfo } from './analyzeTracer.ts';
import type { MemberCalls } from './collectMemberCalls.ts';
import { memberName, type AnyNode } from './walkNodes.ts';

/** Infers the static type of expressions inside the tracer (best effort; `unknown` when unsure). */
export interface TypeInference {
  typeOf(node: estree.Node, fn: FunctionInfo | null): ValueType;
  /** True when `name` is not declared anywhere in scope (a global of the tracer runtime). */
  isGlobal(name: string, fn: FunctionInfo | null): boolean;
}

// Expressions deeper than this are not typed (keeps the recursion bounded on pathological input).
const maxDepth = 64;

const stringish = new Set<ValueType>(['string', 'goString', 'opName', 'frameType', 'ctxType', 'config']);

/**
 * Creates a type inference with a per-declaration cache. Hook parameters get geth's types; parameters of helper
 * members get the type every `this.helper(...)` call site agrees on (when `memberCalls` is given).
 */
export function createTypeInference(memberCalls?: MemberCalls): TypeInference {
  const cache = new Map<Declaration, ValueType>();

  const helperParamType = (index: number, owner: FunctionInfo, depth: number): ValueType => {
    const name = owner.memberName;
    if (!memberCalls || name === null || owner.node.type === 'ArrowFunctionExpression') return 'unknown';
    if (memberCalls.dynamic || memberCalls.escaped.has(name)) return 'unknown';
    let agreed: ValueType = 'unknown';
    for (const { call, fn } of memberCalls.calls.get(name) ?? []) {
      const arg = call.arguments[index];
      if (!arg || call.arguments.some((a) => a.type === 'SpreadElement')) return 'unknown';
      const t = typeOf(arg, fn, depth + 1);
      if (t === 'unknown' || (agreed !== 'unknown' && agreed !== t)) return 'unknown';
      agreed = t;
    }
    return agreed;
  };

  const computeType = (d: Declaration, owner: FunctionInfo, depth: number): ValueType => {
    if (d.kind === 'param') {
      const hook = hookOf(owner);
      return hook ? hookParams[hook][d.index] || 'unknown' : helperParamType(d.index, owner, depth);
    }
    return d.kind === 'var' && d.init ? typeOf(d.init, owner, depth + 1) : 'unknown';
  };

  const declarationType = (d: Declaration, owner: FunctionInfo, depth: number): ValueType => {
    if (d.reassigned) return 'unknown';
    const cached = cache.get(d);
    if (cached) return cached;
    cache.set(d, 'unknown');
    const t = computeType(d, owner, depth);
    cache.set(d, t);
    return t;
  };

  const typeOf = (node: estree.Node, fn: FunctionInfo | null, depth: number): ValueType => {
    if (depth > maxDepth) return 'unknown';
    switch (node.type) {
      case 'Identifier': {
        const found = lookupWithOwner(node.name, fn);
        if (found) return declarationType(found.declaration, found.owner, depth);
        return node.name === 'bigInt' ? 'bigIntStatic' : 'unknown';
      }
      case 'Literal':
        return literalType(node);
      case 'TemplateLiteral':
        return 'string';
      case 'MemberExpression':
        return memberType(node, fn, depth);
      case 'CallExpression':
        return callType(node, fn, depth);
      case 'BinaryExpression':
        return binaryType(node, fn, depth);
      case 'ConditionalExpression': {
        const a = typeOf(node.consequent, fn, depth + 1);
        return a === typeOf(node.alternate, fn, depth + 1) ? a : 'unknown';
      }
      case 'AssignmentExpression':
        return node.operator === '=' ? typeOf(node.right, fn, depth + 1) : 'unknown';
      case 'SequenceExpression':
        return typeOf(node.expressions[node.expressions.length - 1], fn, depth + 1);
      case 'UnaryExpression':
        return node.operator === '!' || node.operator === 'delete'
          ? 'boolean'
          : node.operator === 'typeof'
            ? 'string'
            : node.operator === 'void'
              ? 'unknown'
              : 'number';
      default:
        return 'unknown';
    }
  };

  const memberType = (node: estree.MemberExpression, fn: FunctionInfo | null, depth: number): ValueType => {
    const name = memberName(node);
    if (name === undefined || node.object.type === 'Super') return 'unknown';
    const objectType = typeOf(node.object, fn, depth + 1);
    if (isObjectType(objectType)) {
      const info = memberOf(objectType, name);
      return info && info.kind === 'property' ? info.type : 'unknown';
    }
    if (name === 'length' && (objectType === 'bytes' || stringish.has(objectType))) return 'number';
    return 'unknown';
  };

  const callType = (node: estree.CallExpression, fn: FunctionInfo | null, depth: number): ValueType => {
    const callee = node.callee;
    if (callee.type === 'Identifier') {
      if (lookupWithOwner(callee.name, fn)) return 'unknown';
      if (Object.prototype.hasOwnProperty.call(globalFunctions, callee.name))
        return globalFunctions[callee.name];
      return callee.name === 'String' ? 'string' : callee.name === 'Number' ? 'number' : 'unknown';
    }
    if (callee.type !== 'MemberExpression' || callee.object.type === 'Super') return 'unknown';
    const name = memberName(callee);
    if (name === undefined) return 'unknown';
    const objectType = typeOf(callee.object, fn, depth + 1);
    if (isObjectType(objectType)) {
      const info = memberOf(objectType, name);
      return info && info.kind === 'method' ? info.type : 'unknown';
    }
    if (stringish.has(objectType) && (name === 'toString' || name === 'valueOf')) return objectType;
    if (objectType === 'bytes' && (name === 'slice' || name === 'subarray')) return 'bytes';
    return 'unknown';
  };

  const binaryType = (node: estree.BinaryExpression, fn: FunctionInfo | null, depth: number): ValueType => {
    switch (node.operator) {
      case '+': {
        if (node.left.type === 'PrivateIdentifier') return 'unknown';
        const l = typeOf(node.left, fn, depth + 1);
        const r = typeOf(node.right, fn, depth + 1);
        if (stringish.has(l) || stringish.has(r)) return 'string';
        return l === 'number' && r === 'number' ? 'number' : 'unknown';
      }
      case '-':
      case '*':
      case '/':
      case '%':
      case '**':
      case '|':
      case '&':
      case '^':
      case '<<':
      case '>>':
      case '>>>':
        return 'number';
      default:
        return 'boolean';
    }
  };

  return {
    typeOf: (node, fn) => typeOf(node, fn, 0),
    isGlobal: (name, fn) => lookupWithOwner(name, fn) === undefined,
  };
}

function literalType(node: estree.Literal): ValueType {
  if (typeof node.value === 'string') return 'string';
  if (typeof node.value === 'number') return 'number';
  if (typeof node.value === 'boolean') return 'boolean';
  return 'unknown';
}

/** Source offsets of a node. */
export function spanOf(node: estree.Node): { start: number; end: number } {
  const n = node as AnyNode;
  return { start: n.start, end: n.end };
}
