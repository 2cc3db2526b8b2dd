import type * as estree from 'estree';
import { hookParams } from './apiModel.ts';
import { collectMemberCalls, type MemberCalls } from './collectMemberCalls.ts';
import { appendChildNodes, isFunctionNode, propertyKeyName, type AnyNode } from './walkNodes.ts';

/** A name declared in a function. */
export interface Declaration {
  kind: 'param' | 'var' | 'function' | 'other';
  /** Parameter position (for params). */
  index: number;
  /** Initialiser of a `var x = init` declaration. */
  init: AnyNode | null;
  /** True when the name is assigned again (or declared twice), so its type is unknown. */
  reassigned: boolean;
}

/** Facts about one function inside the tracer object. */
export interface FunctionInfo {
  node: AnyNode & estree.Function;
  parent: FunctionInfo | null;
  /** The tracer member name when this function is a member's value (`step: function…`). */
  memberName: string | null;
  declarations: Map<string, Declaration>;
}

/** One visited node with its parent and innermost enclosing function. */
export interface NodeVisit {
  node: AnyNode;
  parent: AnyNode | null;
  fn: FunctionInfo | null;
}

/** The tracer object's nodes in source order, with scope facts. */
export interface TracerAnalysis {
  visits: NodeVisit[];
  functions: Map<estree.Node, FunctionInfo>;
  /** How members are called through `this` (types helper parameters). */
  memberCalls: MemberCalls;
}

/** Walks the tracer object once (iteratively), collecting every node and each function's declarations. */
export function analyzeTracer(object: AnyNode & estree.ObjectExpression): TracerAnalysis {
  const visits: NodeVisit[] = [];
  const functions = new Map<estree.Node, FunctionInfo>();
  // Stryker disable next-line ArrayDeclaration: a junk first entry is a string, whose name (undefined) no function declares
  const assigned: { name: string; fn: FunctionInfo | null }[] = [];
  const stack: NodeVisit[] = [{ node: object, parent: null, fn: null }];
  // One scratch array for every node's children: this walk runs over the whole tracer on every check.
  // Stryker disable next-line ArrayDeclaration: it is emptied before each use
  const children: AnyNode[] = [];
  // A set, not `properties.includes`: that search per function made a tracer of many members quadratic.
  const members = new Set<estree.Node>(object.properties);
  while (stack.length > 0) {
    const visit = stack.pop() as NodeVisit;
    visits.push(visit);
    const { node } = visit;
    let inner = visit.fn;
    if (isFunctionNode(node)) {
      inner = createFunctionInfo(node as AnyNode & estree.Function, visit, members);
      functions.set(node, inner);
      if (node.type === 'FunctionDeclaration' && node.id && visit.fn)
        declare(visit.fn, node.id.name, 'function', 0, null);
    } else recordDeclarations(visit, assigned);
    children.length = 0;
    appendChildNodes(node, children);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], parent: node, fn: inner });
  }
  for (const a of assigned) {
    const found = lookup(a.name, a.fn);
    if (found) found.reassigned = true;
  }
  return { visits, functions, memberCalls: collectMemberCalls(visits) };
}

function createFunctionInfo(
  node: AnyNode & estree.Function,
  visit: NodeVisit,
  members: ReadonlySet<estree.Node>,
): FunctionInfo {
  // A member's value: the value of one of the tracer object's own properties (one of them may be a spread, which has
  // no value, so it is no member).
  const prop = visit.parent as estree.Property;
  const isMember = members.has(prop) && prop.value === node;
  const memberName = isMember ? (propertyKeyName(prop.key, prop.computed) ?? null) : null;
  const info: FunctionInfo = { node, parent: visit.fn, memberName, declarations: new Map() };
  node.params.forEach((param, index) => {
    if (param.type === 'Identifier') declare(info, param.name, 'param', index, null);
    else for (const name of patternNames(param)) declare(info, name, 'other', index, null);
  });
  if (node.type === 'FunctionExpression' && node.id) declare(info, node.id.name, 'other', 0, null);
  return info;
}

function declare(
  fn: FunctionInfo,
  name: string,
  kind: Declaration['kind'],
  index: number,
  init: AnyNode | null,
): void {
  const existing = fn.declarations.get(name);
  if (existing) {
    // `var x = a; … var x = b;` or a var shadowing a parameter: the type is no longer certain.
    if (init || kind !== 'var') existing.reassigned = true;
    return;
  }
  fn.declarations.set(name, { kind, index, init, reassigned: false });
}

function recordDeclarations(visit: NodeVisit, assigned: { name: string; fn: FunctionInfo | null }[]): void {
  const { node, fn } = visit;
  if (node.type === 'VariableDeclarator' && fn) {
    if (node.id.type === 'Identifier') declare(fn, node.id.name, 'var', 0, (node.init as AnyNode) ?? null);
    else for (const name of patternNames(node.id)) declare(fn, name, 'other', 0, null);
  } else if (node.type === 'CatchClause') {
    // `catch {}` binds no name
    if (node.param && fn) for (const name of patternNames(node.param)) declare(fn, name, 'other', 0, null);
  } else if (node.type === 'ClassDeclaration' && node.id && fn) {
    declare(fn, node.id.name, 'other', 0, null);
  } else if (node.type === 'AssignmentExpression') {
    for (const name of patternNames(node.left)) assigned.push({ name, fn });
  } else if (node.type === 'UpdateExpression') {
    // `x++` (a name) or `a.b++` (a member, which binds no name)
    for (const name of patternNames(node.argument)) assigned.push({ name, fn });
  } else if (node.type === 'ForInStatement' || node.type === 'ForOfStatement') {
    // `for (x in o)` assigns x; `for (var x in o)` binds no name here (its declarator is visited on its own)
    for (const name of patternNames(node.left)) assigned.push({ name, fn });
  }
}

/** Identifier names bound by a pattern (iterative); none for other nodes (a member expression, a declaration). */
function patternNames(pattern: estree.Node): string[] {
  const names: string[] = [];
  const stack: estree.Node[] = [pattern];
  while (stack.length > 0) {
    const p = stack.pop() as estree.Node;
    if (p.type === 'Identifier') names.push(p.name);
    else if (p.type === 'ObjectPattern') {
      for (const prop of p.properties) stack.push(prop.type === 'RestElement' ? prop : prop.value);
    } else if (p.type === 'ArrayPattern') {
      for (const el of p.elements) if (el) stack.push(el);
    } else if (p.type === 'RestElement') stack.push(p.argument);
    else if (p.type === 'AssignmentPattern') stack.push(p.left);
  }
  return names;
}

/** The declaration `name` resolves to from inside `fn`, or undefined for a global. */
export function lookup(name: string, fn: FunctionInfo | null): Declaration | undefined {
  return lookupWithOwner(name, fn)?.declaration;
}

/** Like {@link lookup}, also returning the declaring function. */
export function lookupWithOwner(
  name: string,
  fn: FunctionInfo | null,
): { declaration: Declaration; owner: FunctionInfo } | undefined {
  for (let f = fn; f; f = f.parent) {
    const d = f.declarations.get(name);
    if (d) return { declaration: d, owner: f };
  }
  return undefined;
}

/** Whether `fn` is a hook that geth calls with typed arguments. */
export function hookOf(fn: FunctionInfo | null): string | null {
  const name = fn ? fn.memberName : null;
  // Stryker disable next-line ConditionalExpression: hookParams has no key 'null', so hasOwnProperty would say no to null too
  return name !== null && Object.prototype.hasOwnProperty.call(hookParams, name) ? name : null;
}
