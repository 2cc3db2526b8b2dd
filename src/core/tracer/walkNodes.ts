import type * as estree from 'estree';

/** An estree node as acorn builds it, with source offsets. */
export type AnyNode = estree.Node & { start: number; end: number };

const skippedKeys = new Set(['type', 'start', 'end', 'loc', 'range']);

/** The direct child nodes of `node`, in source order. */
export function childNodes(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const key of Object.keys(node)) {
    if (skippedKeys.has(key)) continue;
    const v = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(v)) {
      for (const item of v) if (isNode(item)) out.push(item);
    } else if (isNode(v)) out.push(v);
  }
  return out.sort((a, b) => a.start - b.start);
}

function isNode(v: unknown): v is AnyNode {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

/** Whether a node is a function of any kind. */
export function isFunctionNode(n: estree.Node): n is estree.Function {
  return (
    n.type === 'FunctionExpression' ||
    n.type === 'FunctionDeclaration' ||
    n.type === 'ArrowFunctionExpression'
  );
}

/** The static name of a property key (identifier or string/number literal), if any. */
export function propertyKeyName(key: estree.Node, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  return undefined;
}

/** The member name of `a.b` or `a['b']`, if static. */
export function memberName(n: estree.MemberExpression): string | undefined {
  if (n.property.type === 'PrivateIdentifier') return undefined;
  return propertyKeyName(n.property, n.computed);
}
