/** An ESTree node as acorn produces it (with offsets); loosely typed so one walker covers every node type. */
export interface AnyNode {
  type: string;
  start: number;
  end: number;
  [key: string]: any;
}

/** What a visitor returns: `'skip'` to leave the node's children out. */
export type VisitResult = void | 'skip';

/** A node has a string `type`; null, primitives and other objects (`loc`, a regexp's `regex`) have none. */
function isNode(value: unknown): value is AnyNode {
  return typeof (value as AnyNode | null | undefined)?.type === 'string';
}

function childrenOf(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item);
    } else if (isNode(value)) out.push(value);
  }
  return out;
}

/**
 * Visits every node under `root` (pre-order, source order) with its ancestors (outermost first).
 * Iterative, so arbitrarily deep trees cannot overflow the call stack.
 */
export function walkAst(
  root: AnyNode,
  visit: (node: AnyNode, ancestors: readonly AnyNode[]) => VisitResult,
): void {
  const stack: { node: AnyNode; depth: number }[] = [{ node: root, depth: 0 }];
  // Stryker disable next-line ArrayDeclaration: the first visit sets ancestors.length to 0, so no first element stays
  const ancestors: AnyNode[] = [];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    ancestors.length = depth;
    if (visit(node, ancestors) === 'skip') continue;
    ancestors.push(node);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
  }
}

/** True when `pred` holds for some node under `root` (the root included); `stopAt` nodes (the root too) are not entered. */
export function someNode(
  root: AnyNode,
  pred: (node: AnyNode) => boolean,
  stopAt?: (node: AnyNode) => boolean,
): boolean {
  let found = false;
  walkAst(root, (node) => {
    // Stryker disable next-line ConditionalExpression,StringLiteral: only ends the walk early; found stays true
    if (found) return 'skip';
    if (pred(node)) found = true;
    else if (stopAt?.(node)) return 'skip';
  });
  return found;
}
