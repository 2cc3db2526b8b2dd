type AnyNode = { type: string; [key: string]: unknown };

/**
 * Names a function may use without declaring them: ECMAScript built-ins (ES5.1 and the ES2015+ ones goja also
 * has) and the globals geth's JS tracer environment provides.
 */
export const knownGlobals = new Set(
  (
    'Object Function Array String Boolean Number Math Date RegExp Error EvalError RangeError ReferenceError ' +
    'SyntaxError TypeError URIError JSON NaN Infinity undefined isNaN isFinite parseInt parseFloat decodeURI ' +
    'decodeURIComponent encodeURI encodeURIComponent escape unescape eval arguments globalThis Map Set WeakMap ' +
    'WeakSet Symbol Promise Proxy Reflect ArrayBuffer DataView Int8Array Uint8Array Uint8ClampedArray Int16Array ' +
    'Uint16Array Int32Array Uint32Array Float32Array Float64Array ' +
    'bigInt toHex toWord toAddress toContract toContract2 isPrecompiled slice'
  ).split(' '),
);

/** Fields holding a name that is not a variable reference (unless the node is `computed`). */
const nonReferenceFields = new Map([
  ['MemberExpression', ['property']],
  ['Property', ['key']],
  ['MethodDefinition', ['key']],
  ['PropertyDefinition', ['key']],
  ['LabeledStatement', ['label']],
  ['BreakStatement', ['label']],
  ['ContinueStatement', ['label']],
  ['MetaProperty', ['meta', 'property']],
]);

function collectPatternNames(pattern: AnyNode | null | undefined, into: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties as AnyNode[])
        collectPatternNames((p.type === 'RestElement' ? p.argument : p.value) as AnyNode, into);
      break;
    case 'ArrayPattern':
      for (const e of pattern.elements as Array<AnyNode | null>) collectPatternNames(e, into);
      break;
    case 'RestElement':
      collectPatternNames(pattern.argument as AnyNode, into);
      break;
    case 'AssignmentPattern':
      collectPatternNames(pattern.left as AnyNode, into);
      break;
  }
}

function collectDeclared(node: AnyNode, declared: Set<string>): void {
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      if (node.id) declared.add((node.id as AnyNode).name as string);
      for (const p of node.params as AnyNode[]) collectPatternNames(p, declared);
      break;
    // A class's id is an Identifier or null, a declarator's a pattern.
    case 'ClassDeclaration':
    case 'ClassExpression':
    case 'VariableDeclarator':
      collectPatternNames(node.id as AnyNode | null, declared);
      break;
    case 'CatchClause':
      collectPatternNames(node.param as AnyNode | null, declared);
      break;
  }
}

/**
 * Identifiers a function reads or writes that it does not declare anywhere inside itself and that are not
 * {@link knownGlobals}. Deliberately generous: a name declared in any inner scope counts as declared everywhere,
 * so the result never names a variable the function does declare. Also reports whether `super` is used.
 */
export function findFreeVariables(fn: AnyNode): { free: string[]; usesSuper: boolean } {
  const declared = new Set<string>();
  const referenced = new Set<string>();
  let usesSuper = false;
  const stack: AnyNode[] = [fn];
  while (stack.length > 0) {
    const node = stack.pop()!;
    collectDeclared(node, declared);
    if (node.type === 'Identifier') referenced.add(node.name as string);
    if (node.type === 'Super') usesSuper = true;
    const skip = node.computed ? undefined : nonReferenceFields.get(node.type);
    for (const key of Object.keys(node)) {
      if (skip?.includes(key)) continue;
      // Child nodes are the values (or array items) with a string `type`; strings, `loc` and `regex` have none.
      const v = node[key];
      for (const c of Array.isArray(v) ? v : [v])
        if (typeof (c as AnyNode | null)?.type === 'string') stack.push(c as AnyNode);
    }
  }
  const free = [...referenced].filter((n) => !declared.has(n) && !knownGlobals.has(n)).sort();
  return { free, usesSuper };
}
