import type * as estree from 'estree';

/** A short noun phrase for what a tracer source contains instead of an object literal. */
export function describeNonObject(node: estree.Node): string {
  switch (node.type) {
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'FunctionDeclaration':
      return 'a function';
    case 'ClassExpression':
    case 'ClassDeclaration':
      return 'a class';
    case 'ArrayExpression':
      return 'an array';
    case 'Literal':
      return typeof node.value === 'string' ? 'a string' : `the literal ${String(node.raw ?? node.value)}`;
    case 'TemplateLiteral':
      return 'a template string';
    case 'CallExpression':
    case 'NewExpression':
      return 'a function call';
    case 'Identifier':
      return `the name '${node.name}'`;
    case 'SequenceExpression':
      return 'several comma-separated expressions';
    case 'AssignmentExpression':
      return node.left.type === 'Identifier'
        ? `an assignment to '${node.left.name}' (write only the {...} object, or 'var ${node.left.name} = {...};')`
        : 'an assignment';
    case 'VariableDeclaration':
      return node.declarations.length === 1
        ? 'a variable declaration whose value is not an object literal'
        : 'a declaration of several variables';
    case 'ExportDefaultDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportDeclaration':
      return 'an ES module import/export (write only the {...} object)';
    case 'ExpressionStatement':
      return describeNonObject(node.expression);
    default:
      // Stryker disable next-line Regex: no ESTree node type has 'Statement' or 'Declaration' other than at its end
      return /Statement$|Declaration$/.test(node.type)
        ? 'a statement'
        : 'an expression that is not an object literal';
  }
}
