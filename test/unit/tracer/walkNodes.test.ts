import { parse } from 'acorn';
import type * as estree from 'estree';
import { describe, expect, it } from 'vitest';
import { childNodes, memberName, propertyKeyName, type AnyNode } from '../../../src/core/tracer/walkNodes.ts';

/** The first expression of `source`, parsed as acorn does for the linter. */
function expr(source: string): AnyNode {
  const program = parse(source, { ecmaVersion: 2022 }) as unknown as estree.Program;
  return (program.body[0] as estree.ExpressionStatement).expression as AnyNode;
}

// childNodes: every direct child that is a node, in source order, never plain objects, numbers or array holes.
const childRows: Array<[source: string, childTypes: string[]]> = [
  ['a + 1', ['Identifier', 'Literal']],
  ['f(x, "s")', ['Identifier', 'Identifier', 'Literal']],
  // A regex literal's `regex: { pattern, flags }` and RegExp `value` are objects but not nodes.
  ['/ab+/g', []],
  // Array holes are null items, skipped.
  ['[1, , 2]', ['Literal', 'Literal']],
  ['x', []],
];

describe('childNodes', () => {
  it.each(childRows)('%s → %j', (source, childTypes) => {
    expect(childNodes(expr(source)).map((n) => n.type)).toEqual(childTypes);
  });
});

// memberName: the static name of `o.name` / `o[key]` — identifiers, string and number literals, templates without
// substitutions, and `+` of those; anything else (booleans, variables, other operators, a private name) has none.
const constantChain = (n: number) => Array.from({ length: n }, (_, i) => `'${String.fromCharCode(97 + i)}'`);
const memberRows: Array<[source: string, name: string | undefined]> = [
  ['o.step', 'step'],
  ["o['fault']", 'fault'],
  ['o[1]', '1'],
  ['o[x]', undefined],
  ['o[true]', undefined],
  ['o[null]', undefined],
  ['o[`step`]', 'step'],
  ['o[`st${x}`]', undefined],
  ["o['fa' + 'ult']", 'fault'],
  ["o['fa' + `ul` + 't']", 'fault'],
  ["o['fa' + 1]", 'fa1'],
  ["o['fa' - 'ult']", undefined],
  // Unary plus is no concatenation.
  ["o[+'1']", undefined],
  ["o['fa' + x]", undefined],
  ["o[x + 'ult']", undefined],
  ["o[('a' + x) + 'b']", undefined],
  // Folding gives up beyond 20 levels of nesting (on either side): 21 terms fold, 22 do not.
  [`o[${constantChain(21).join(' + ')}]`, 'abcdefghijklmnopqrstu'],
  [`o[${constantChain(22).join(' + ')}]`, undefined],
  [`o[${constantChain(21).join(' + (')}${')'.repeat(20)}]`, 'abcdefghijklmnopqrstu'],
  [`o[${constantChain(22).join(' + (')}${')'.repeat(21)}]`, undefined],
];

describe('memberName', () => {
  it.each(memberRows)('%s → %s', (source, name) => {
    expect(memberName(expr(source) as unknown as estree.MemberExpression)).toBe(name);
  });
});

// propertyKeyName for object-literal keys: a plain identifier, string or number key; a computed one only if constant.
const keyRows: Array<[source: string, name: string | undefined]> = [
  ['({ step: 0 })', 'step'],
  ["({ 'fault': 0 })", 'fault'],
  ['({ 2: 0 })', '2'],
  ['({ [step]: 0 })', undefined],
  ["({ ['st' + 'ep']: 0 })", 'step'],
];

describe('propertyKeyName', () => {
  it.each(keyRows)('%s → %s', (source, name) => {
    const property = (expr(source) as unknown as estree.ObjectExpression).properties[0] as estree.Property;
    expect(propertyKeyName(property.key, property.computed)).toBe(name);
  });
});

describe('memberName of a private name', () => {
  it('has no static name', () => {
    const source = 'class C { #x = 1; m() { return this.#x + this.#x; } }';
    const program = parse(source, { ecmaVersion: 2022 }) as unknown as estree.Program;
    const method = (program.body[0] as estree.ClassDeclaration).body.body[1] as estree.MethodDefinition;
    const ret = method.value.body.body[0] as estree.ReturnStatement;
    const sum = ret.argument as estree.BinaryExpression;
    expect(memberName(sum.left as estree.MemberExpression)).toBeUndefined();
  });
});
