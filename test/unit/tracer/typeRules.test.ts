import type * as estree from 'estree';
import { describe, expect, it } from 'vitest';
import type { ValueType } from '../../../src/core/tracer/apiModel.ts';
import {
  binaryType,
  globalCallType,
  literalType,
  methodReturnType,
  propertyType,
  unaryType,
} from '../../../src/core/tracer/typeRules.ts';

const lit = (value: estree.Literal['value'], raw: string): estree.Literal =>
  ({ type: 'Literal', value, raw }) as estree.Literal;

describe('literalType', () => {
  it.each<[estree.Literal, ValueType]>([
    [lit('a', "'a'"), 'string'],
    [lit(0, '0'), 'number'],
    [lit(true, 'true'), 'boolean'],
    [lit(false, 'false'), 'boolean'],
    [lit(null, 'null'), 'unknown'],
    [lit(/a/, '/a/'), 'unknown'],
  ])('%o is %s', (node, type) => {
    expect(literalType(node)).toBe(type);
  });
});

describe('unaryType', () => {
  it.each<[estree.UnaryOperator, ValueType]>([
    ['!', 'boolean'],
    ['delete', 'boolean'],
    ['typeof', 'string'],
    ['void', 'unknown'],
    ['-', 'number'],
    ['+', 'number'],
    ['~', 'number'],
  ])('%s x is %s', (operator, type) => {
    expect(unaryType(operator)).toBe(type);
  });
});

describe('propertyType', () => {
  it.each<[ValueType, string, ValueType]>([
    // Object types: only properties have a type; reading a method or an unknown name is unknown.
    ['log', 'op', 'log.op'],
    ['log', 'getPC', 'unknown'],
    ['log', 'nope', 'unknown'],
    // `length` of bytes and of every kind of string is a number.
    ['bytes', 'length', 'number'],
    ['string', 'length', 'number'],
    ['goString', 'length', 'number'],
    ['opName', 'length', 'number'],
    ['frameType', 'length', 'number'],
    ['ctxType', 'length', 'number'],
    ['config', 'length', 'number'],
    ['number', 'length', 'unknown'],
    ['boolean', 'length', 'unknown'],
    ['unknown', 'length', 'unknown'],
    ['bytes', 'size', 'unknown'],
    ['string', 'size', 'unknown'],
  ])('%s.%s is %s', (objectType, name, type) => {
    expect(propertyType(objectType, name)).toBe(type);
  });
});

describe('methodReturnType', () => {
  it.each<[ValueType, string, ValueType]>([
    // Object types: only methods return their type; calling a property or an unknown name is unknown.
    ['log', 'getPC', 'number'],
    ['log', 'op', 'unknown'],
    ['log', 'nope', 'unknown'],
    // toString/valueOf of a string keep its kind of string.
    ['string', 'toString', 'string'],
    ['goString', 'toString', 'goString'],
    ['opName', 'valueOf', 'opName'],
    ['config', 'valueOf', 'config'],
    ['string', 'slice', 'unknown'],
    ['number', 'toString', 'unknown'],
    ['unknown', 'valueOf', 'unknown'],
    // slice/subarray of bytes are bytes.
    ['bytes', 'slice', 'bytes'],
    ['bytes', 'subarray', 'bytes'],
    ['bytes', 'toString', 'unknown'],
    ['bytes', 'map', 'unknown'],
    ['unknown', 'slice', 'unknown'],
  ])('%s.%s() is %s', (objectType, name, type) => {
    expect(methodReturnType(objectType, name)).toBe(type);
  });
});

describe('globalCallType', () => {
  it.each<[string, ValueType]>([
    ['toHex', 'goString'],
    ['toWord', 'bytes'],
    ['isPrecompiled', 'boolean'],
    ['String', 'string'],
    ['Number', 'number'],
    ['nope', 'unknown'],
    // Names inherited from Object.prototype are not global helpers.
    ['toString', 'unknown'],
    ['hasOwnProperty', 'unknown'],
  ])('%s() is %s', (name, type) => {
    expect(globalCallType(name)).toBe(type);
  });
});

describe('binaryType', () => {
  const never = (): [ValueType, ValueType] => {
    throw new Error('operands evaluated');
  };
  it.each<[estree.BinaryOperator, ValueType]>([
    ['-', 'number'],
    ['*', 'number'],
    ['/', 'number'],
    ['%', 'number'],
    ['**', 'number'],
    ['|', 'number'],
    ['&', 'number'],
    ['^', 'number'],
    ['<<', 'number'],
    ['>>', 'number'],
    ['>>>', 'number'],
    ['==', 'boolean'],
    ['!==', 'boolean'],
    ['<', 'boolean'],
    ['>=', 'boolean'],
    ['in', 'boolean'],
    ['instanceof', 'boolean'],
  ])('x %s y is %s without looking at the operands', (operator, type) => {
    expect(binaryType(operator, never)).toBe(type);
  });

  it.each<[ValueType, ValueType, ValueType]>([
    ['string', 'number', 'string'],
    ['number', 'string', 'string'],
    ['goString', 'bytes', 'string'],
    ['unknown', 'opName', 'string'],
    ['config', 'config', 'string'],
    ['number', 'number', 'number'],
    ['number', 'unknown', 'unknown'],
    ['unknown', 'number', 'unknown'],
  ])('%s + %s is %s', (l, r, type) => {
    expect(binaryType('+', () => [l, r])).toBe(type);
  });
});
