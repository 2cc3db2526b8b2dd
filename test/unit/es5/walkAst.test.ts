import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { someNode, walkAst, type AnyNode } from '../../../src/core/es5/walkAst.ts';

const ast = parse('var f = function (a) { return /x/g.test(a) ? null : [1, , a]; };', {
  ecmaVersion: 'latest',
  locations: true,
}) as unknown as AnyNode;

describe('walkAst', () => {
  it('visits every node in source order with its ancestors (no loc, regex or null values)', () => {
    const seen: string[] = [];
    walkAst(ast, (node, ancestors) => {
      seen.push(`${ancestors.length}:${node.type}`);
    });
    expect(seen).toEqual([
      '0:Program',
      '1:VariableDeclaration',
      '2:VariableDeclarator',
      '3:Identifier',
      '3:FunctionExpression',
      '4:Identifier',
      '4:BlockStatement',
      '5:ReturnStatement',
      '6:ConditionalExpression',
      '7:CallExpression',
      '8:MemberExpression',
      '9:Literal',
      '9:Identifier',
      '8:Identifier',
      '7:Literal',
      '7:ArrayExpression',
      '8:Literal',
      '8:Identifier',
    ]);
  });

  it("leaves out a 'skip' node's children", () => {
    const seen: string[] = [];
    walkAst(ast, (node) => {
      seen.push(node.type);
      return node.type === 'FunctionExpression' ? 'skip' : undefined;
    });
    expect(seen).toEqual([
      'Program',
      'VariableDeclaration',
      'VariableDeclarator',
      'Identifier',
      'FunctionExpression',
    ]);
  });
});

describe('someNode', () => {
  const isArray = (n: AnyNode) => n.type === 'ArrayExpression';
  const isFunction = (n: AnyNode) => n.type === 'FunctionExpression';
  it.each([
    ['finds a node deep inside', isArray, undefined, true],
    ['does not enter a stopAt node', isArray, isFunction, false],
    ['checks a stopAt node itself', isFunction, isFunction, true],
    ['finds nothing absent', (n: AnyNode) => n.type === 'ThisExpression', undefined, false],
  ])('%s', (_name, pred, stopAt, found) => {
    expect(someNode(ast, pred, stopAt)).toBe(found);
  });
});
