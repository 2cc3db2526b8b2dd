import type * as estree from 'estree';
import { globalFunctions, isObjectType, memberOf, type ValueType } from './apiModel.ts';

/** Types that are JS strings at run time. */
export const stringTypes: ReadonlySet<ValueType> = new Set([
  'string',
  'goString',
  'opName',
  'frameType',
  'ctxType',
  'config',
]);

/** The type of a literal. */
export function literalType(node: estree.Literal): ValueType {
  if (typeof node.value === 'string') return 'string';
  if (typeof node.value === 'number') return 'number';
  if (typeof node.value === 'boolean') return 'boolean';
  return 'unknown';
}

/** The type of a unary expression. */
export function unaryType(operator: estree.UnaryOperator): ValueType {
  if (operator === '!' || operator === 'delete') return 'boolean';
  if (operator === 'typeof') return 'string';
  return operator === 'void' ? 'unknown' : 'number';
}

/** The type of reading `x.name` when x has `objectType`. */
export function propertyType(objectType: ValueType, name: string): ValueType {
  if (isObjectType(objectType)) {
    const info = memberOf(objectType, name);
    return info && info.kind === 'property' ? info.type : 'unknown';
  }
  if (name === 'length' && (objectType === 'bytes' || stringTypes.has(objectType))) return 'number';
  return 'unknown';
}

/** The type returned by calling `x.name(...)` when x has `objectType`. */
export function methodReturnType(objectType: ValueType, name: string): ValueType {
  if (isObjectType(objectType)) {
    const info = memberOf(objectType, name);
    return info && info.kind === 'method' ? info.type : 'unknown';
  }
  if (stringTypes.has(objectType) && (name === 'toString' || name === 'valueOf')) return objectType;
  if (objectType === 'bytes' && (name === 'slice' || name === 'subarray')) return 'bytes';
  return 'unknown';
}

/** The type returned by a global function of the tracer runtime. */
export function globalCallType(name: string): ValueType {
  if (Object.prototype.hasOwnProperty.call(globalFunctions, name)) return globalFunctions[name];
  return name === 'String' ? 'string' : name === 'Number' ? 'number' : 'unknown';
}

const numericOperators = new Set(['-', '*', '/', '%', '**', '|', '&', '^', '<<', '>>', '>>>']);

/** The type of a binary expression; `operands` is only evaluated for `+`. */
export function binaryType(
  operator: estree.BinaryOperator,
  operands: () => [ValueType, ValueType],
): ValueType {
  if (numericOperators.has(operator)) return 'number';
  if (operator !== '+') return 'boolean';
  const [l, r] = operands();
  if (stringTypes.has(l) || stringTypes.has(r)) return 'string';
  return l === 'number' && r === 'number' ? 'number' : 'unknown';
}
