import type * as estree from 'estree';
import { targetInfo } from '../targets.ts';
import { lookup } from './analyzeTracer.ts';
import { closestName } from './editDistance.ts';
import type { LintContext, LintRule } from './lintContext.ts';
import { missingGlobalNames } from './lintMisc.ts';
import type { AnyNode } from './walkNodes.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const undeclaredIdentifier = defineRule(
  'undeclared-identifier',
  'error',
  'a name read that is declared nowhere in the tracer, nor built in (a ReferenceError on every node)',
);
export const implicitGlobal = defineRule(
  'implicit-global',
  'warning',
  "a name assigned without 'var' (goja creates a global)",
);

/** The globals of ECMAScript (every edition: the target decides the syntax, not the library). */
const ecmaGlobals = new Set([
  'Array', 'ArrayBuffer', 'Atomics', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'DataView', 'Date', 'Error',
  'EvalError', 'Float32Array', 'Float64Array', 'Function', 'Infinity', 'Int16Array', 'Int32Array', 'Int8Array',
  'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'Proxy', 'RangeError', 'ReferenceError', 'Reflect',
  'RegExp', 'Set', 'String', 'Symbol', 'SyntaxError', 'TypeError', 'URIError', 'Uint16Array', 'Uint32Array',
  'Uint8Array', 'Uint8ClampedArray', 'WeakMap', 'WeakSet', 'decodeURI', 'decodeURIComponent', 'encodeURI',
  'encodeURIComponent', 'escape', 'eval', 'globalThis', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'undefined',
  'unescape', 'arguments',
]); // prettier-ignore

/** Names other tools and stale docs use, and what a tracer has instead. */
const knownMistakes: Record<string, string> = {
  big: 'bigInt',
  BigNumber: 'bigInt',
  hexlify: 'toHex',
  toHexString: 'toHex',
  bytesToHex: 'toHex',
  getAddress: 'toAddress',
};

interface Names {
  /** Declared anywhere in the tracer (var, function, parameter, catch, class, function or class name). */
  declared: Set<string>;
  /** The properties of object patterns (`var {a, b: c} = …`): their names bind, they do not read. */
  patternProperties: Set<estree.Node>;
  /** Assigned anywhere with `=` (`x = …`, `[x] = …`, `for (x in …)`): each creates the global. */
  assigned: Set<string>;
  /** `[start, end]` of the outermost `with` bodies, ascending: a name there may be a property of the object. */
  withBodies: Array<[number, number]>;
}

const namesCache = new WeakMap<LintContext, Names>();

function collectNames(cx: LintContext): Names {
  const cached = namesCache.get(cx);
  // Stryker disable next-line ConditionalExpression: a cache only (performance); the names come out the same
  if (cached) return cached;
  const declared = new Set<string>();
  for (const fn of cx.analysis.functions.values())
    for (const name of fn.declarations.keys()) declared.add(name);
  const assigned = new Set<string>();
  const patternProperties = new Set<estree.Node>();
  const withBodies: Array<[number, number]> = [];
  for (const { node } of cx.analysis.visits) {
    if (node.type === 'ObjectPattern') for (const p of node.properties) patternProperties.add(p);
    if (node.type === 'WithStatement') {
      // Visits come parents first, in text order: a body inside the last one recorded is already covered.
      const body = node.body as AnyNode;
      const last = withBodies[withBodies.length - 1];
      if (!last || body.start >= last[1]) withBodies.push([body.start, body.end]);
    }
    // `class Named {…}` binds Named inside the class; the analysis declares only function-scoped names.
    if (node.type === 'ClassExpression' && node.id) declared.add(node.id.name);
    for (const id of identifiersOf(writeTarget(node))) assigned.add(id.name);
  }
  const names = { declared, assigned, patternProperties, withBodies };
  namesCache.set(cx, names);
  return names;
}

/**
 * What `node` assigns to without declaring it: the left of `x = …` and of `for (x in …)` / `for (x of …)` (a
 * `var` there declares). `x += 1` and `x++` read `x` first, so on a name that does not exist they throw.
 */
function writeTarget(node: estree.Node): estree.Node | null {
  if (node.type === 'AssignmentExpression') return node.operator === '=' ? node.left : null;
  if (node.type === 'ForInStatement' || node.type === 'ForOfStatement') return node.left;
  return null;
}

/** The identifiers a write target binds (none for `o.p`, `var x`). */
function identifiersOf(n: estree.Node | null): (estree.Identifier & AnyNode)[] {
  if (!n) return [];
  if (n.type === 'Identifier') return [n as estree.Identifier & AnyNode];
  if (n.type === 'ObjectPattern')
    return n.properties.flatMap((p) => identifiersOf(p.type === 'RestElement' ? p.argument : p.value));
  if (n.type === 'ArrayPattern') return n.elements.flatMap((e) => identifiersOf(e));
  if (n.type === 'AssignmentPattern') return identifiersOf(n.left);
  if (n.type === 'RestElement') return identifiersOf(n.argument);
  return [];
}

/**
 * Whether an identifier is read where it stands (not a key, a member name, a binding or a label). Some names count
 * as read that are never reported, being declared or assigned: a function expression's or class expression's own
 * name and parameters, and the target of `x = …` or `for (x in …)`.
 */
function isRead(node: estree.Identifier, parent: AnyNode | null, names: Names): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: only the tracer object itself has no parent
  if (!parent) return false;
  switch (parent.type) {
    case 'MemberExpression':
      return parent.object === node || parent.computed;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      // A pattern's value binds. Elsewhere a value is read (a shorthand's is a copy of its key), a key when computed.
      if (names.patternProperties.has(parent)) return parent.computed && parent.key === node;
      return parent.value === node || parent.computed;
    case 'VariableDeclarator':
      return parent.init === node;
    case 'ClassDeclaration':
      return parent.superClass === node;
    case 'AssignmentPattern':
      return parent.right === node;
    case 'UnaryExpression':
      return parent.operator !== 'typeof';
    case 'FunctionDeclaration':
    case 'CatchClause':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'MetaProperty':
    case 'RestElement':
    case 'ArrayPattern':
      return false;
    default:
      return true;
  }
}

/** Whether `node` lies in the body of a `with` statement (binary search over the outermost bodies). */
function inWithBody(node: AnyNode, names: Names): boolean {
  const list = names.withBodies;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid][1] <= node.start) lo = mid + 1;
    else if (list[mid][0] > node.start) hi = mid - 1;
    else return true;
  }
  return false;
}

function known(name: string, cx: LintContext): boolean {
  return (
    ecmaGlobals.has(name) ||
    targetInfo(cx.target).globals.includes(name) ||
    name === 'bigInt' ||
    missingGlobalNames.has(name)
  );
}

const reported = new WeakMap<LintContext, Set<string>>();

function firstTime(cx: LintContext, key: string): boolean {
  let seen = reported.get(cx);
  if (!seen) reported.set(cx, (seen = new Set()));
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/**
 * A name read that is declared and assigned nowhere in the tracer and is neither an ECMAScript global nor one the
 * target's tracer runtime defines (`big.ToInt`, `hexlify(…)`): a ReferenceError on every node. One error per name,
 * at its first read, with "did you mean". Names the unknown-global rule explains (console, require, …) are left to it.
 */
const checkUndeclared: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type !== 'Identifier') return;
  const names = collectNames(cx);
  if (!isRead(node, visit.parent, names)) return;
  const name = node.name;
  if (names.declared.has(name) || names.assigned.has(name) || known(name, cx)) return;
  // Inside `with (o) { … }` a name may be a property of o: nothing here says it is declared nowhere.
  if (inWithBody(node as AnyNode, names)) return;
  if (!firstTime(cx, `read:${name}`)) return;
  const candidates = [
    ...names.declared,
    ...names.assigned,
    ...targetInfo(cx.target).globals,
    'bigInt',
    ...ecmaGlobals,
  ];
  const guess = knownMistakes[name] ?? closestName(name, candidates);
  const where = cx.target === 'es5' ? 'nor by the tracer runtime' : `nor by ${targetInfo(cx.target).name}`;
  const message =
    `'${name}' is declared nowhere in the tracer, ${where}: reading it throws a ReferenceError on every node` +
    (guess ? `; did you mean '${guess}'?` : '');
  const fix = guess
    ? {
        title: `Replace with '${guess}'`,
        edits: [{ start: visit.node.start, end: visit.node.end, text: guess }],
      }
    : undefined;
  cx.report(undeclaredIdentifier.make(cx.r, message, visit.node.start, visit.node.end, fix));
};

/** `x = 1` with no `var x` in scope: goja (sloppy mode) creates a global that every hook and later call shares. */
const checkImplicitGlobal: LintRule = (visit, cx) => {
  for (const id of identifiersOf(writeTarget(visit.node))) {
    if (lookup(id.name, visit.fn) || known(id.name, cx)) continue;
    // Inside `with (o) { … }` the assignment may set a property of o.
    if (inWithBody(id, collectNames(cx))) continue;
    if (!firstTime(cx, `write:${id.name}`)) continue;
    const message = `'${id.name}' is assigned without being declared: geth (goja, sloppy mode) creates a global that outlives this call and is shared by every hook; declare it with 'var ${id.name}' in this function, or keep it as this.${id.name}`;
    cx.report(implicitGlobal.make(cx.r, message, id.start, id.end));
  }
};

/** A lint pass: its rules (undeclaredIdentifier, implicitGlobal) and the checks that report them. */
export const lintUndeclared: LintPass = {
  rules: [undeclaredIdentifier, implicitGlobal],
  check: (visit, cx) => {
    checkUndeclared(visit, cx);
    checkImplicitGlobal(visit, cx);
  },
};
