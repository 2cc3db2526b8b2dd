import { detectCall, detectAwait, detectFunction } from './detectFunctions.ts';
import { detectIdentifier, detectLiteral } from './detectLiterals.ts';
import { detectDuplicateKeys, detectPattern, detectProperty, detectSpread } from './detectObjects.ts';
import * as s from './detectSyntax.ts';
import type { Detector, Finding } from './finding.ts';
import type { TokenList } from './tokenList.ts';
import { walkAst, type AnyNode } from './walkAst.ts';

const detectors: Record<string, Detector> = {
  FunctionDeclaration: detectFunction,
  FunctionExpression: detectFunction,
  ArrowFunctionExpression: detectFunction,
  CallExpression: (ctx, node, ancestors) => {
    detectCall(ctx, node, ancestors);
    s.detectOptional(ctx, node, ancestors);
  },
  NewExpression: detectCall,
  AwaitExpression: detectAwait,
  Property: detectProperty,
  ObjectExpression: detectDuplicateKeys,
  SpreadElement: detectSpread,
  ObjectPattern: detectPattern,
  ArrayPattern: detectPattern,
  VariableDeclaration: s.detectDeclaration,
  TemplateLiteral: s.detectTemplate,
  TaggedTemplateExpression: s.detectTaggedTemplate,
  ClassDeclaration: s.detectClass,
  ClassExpression: s.detectClass,
  PropertyDefinition: s.detectClassMember,
  PrivateIdentifier: s.detectClassMember,
  StaticBlock: s.detectClassMember,
  Super: s.detectSuper,
  BinaryExpression: s.detectOperator,
  LogicalExpression: s.detectOperator,
  AssignmentExpression: s.detectOperator,
  MemberExpression: s.detectOptional,
  MetaProperty: s.detectMeta,
  ImportExpression: s.detectModuleSyntax,
  ImportDeclaration: s.detectModuleSyntax,
  ExportNamedDeclaration: s.detectModuleSyntax,
  ExportDefaultDeclaration: s.detectModuleSyntax,
  ExportAllDeclaration: s.detectModuleSyntax,
  ForOfStatement: s.detectForOf,
  CatchClause: s.detectCatch,
  DoWhileStatement: s.detectDoWhile,
  Literal: detectLiteral,
  Identifier: detectIdentifier,
};

/** Every construct in `ast` that ES5.1 lacks, deduplicated (acorn shares nodes between shorthand keys and values). */
export function findConstructs(source: string, ast: AnyNode, tokens: TokenList, module: boolean): Finding[] {
  const found = new Map<string, Finding>();
  const report = (f: Finding) => {
    const key = `${f.ruleId}@${f.start}:${f.end}`;
    if (!found.has(key)) found.set(key, f);
  };
  const ctx = { source, tokens, module, report };
  if (source.startsWith('#!')) {
    const end = source.search(/[\n\r\u2028\u2029]|$/);
    report({ ruleId: 'es5/hashbang', subject: "A '#!' line", start: 0, end });
  }
  walkAst(ast, (node, ancestors) => {
    detectors[node.type]?.(ctx, node, ancestors);
  });
  return [...found.values()];
}
