import type * as estree from 'estree';

/** An estree node as acorn builds it, with source offsets. */
export type AnyNode = estree.Node & { start: number; end: number };

const skippedKeys = new Set(['type', 'start', 'end', 'loc', 'range']);

/** The direct child nodes of `node` (in acorn's property order; callers sort their findings). */
export function childNodes(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  appendChildNodes(node, out);
  return out;
}

/** Appends the direct child nodes of `node` to `out` (as {@link childNodes}; lets hot walks reuse one array). */
export function appendChildNodes(node: AnyNode, out: AnyNode[]): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key in record) {
    // Stryker disable next-line ConditionalExpression: performance only; none of these keys ever holds a node.
    if (skippedKeys.has(key)) continue;
    const v = record[key];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: performance only; isNode rejects these too.
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) if (isNode(item)) out.push(item);
    } else if (isNode(v)) out.push(v);
  }
}

function isNode(v: unknown): v is AnyNode {
  return typeof (v as { type?: unknown } | null | undefined)?.type === 'string';
}

/** Whether a node is a function of any kind. */
export function isFunctionNode(n: estree.Node): n is estree.Function {
  return (
    n.type === 'FunctionExpression' ||
    n.type === 'FunctionDeclaration' ||
    n.type === 'ArrowFunctionExpression'
  );
}

/**
 * The static name of a property key: an identifier, a string or number literal, or a computed key that is a
 * constant (`['fa' + 'ult']`, `` [`step`] ``), if any.
 */
export function propertyKeyName(key: estree.Node, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name;
  return computed ? constantString(key, 0) : literalName(key);
}

function literalName(key: estree.Node): string | undefined {
  // Of the nodes a key or an operand can be, only a Literal has a primitive `value`.
  const value = (key as { value?: unknown }).value;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function constantString(n: estree.Node, depth: number): string | undefined {
  if (depth > 20) return undefined;
  if (n.type === 'TemplateLiteral')
    return n.expressions.length === 0 ? (n.quasis[0].value.cooked ?? undefined) : undefined;
  // A private name never folds: literalName gives it no name.
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const l = constantString(n.left, depth + 1);
    if (l === undefined) return undefined;
    const r = constantString(n.right, depth + 1);
    return r === undefined ? undefined : l + r;
  }
  return literalName(n);
}

/** The member name of `a.b` or `a['b']`, if static. */
export function memberName(n: estree.MemberExpression): string | undefined {
  // A private name (`this.#x`) is neither an identifier nor a literal, so it has no static name.
  return propertyKeyName(n.property, n.computed);
}
