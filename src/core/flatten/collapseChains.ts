import escodegen from 'escodegen';

type AnyNode = { type: string; [key: string]: unknown };

const P = (escodegen as unknown as { Precedence: Record<string, number> }).Precedence;

/** escodegen's precedence of each binary and logical operator ('**' and 'in' are left to escodegen). */
const operatorPrecedence: Record<string, number> = {
  '??': P.Coalesce,
  '||': P.LogicalOR,
  '&&': P.LogicalAND,
  '|': P.BitwiseOR,
  '^': P.BitwiseXOR,
  '&': P.BitwiseAND,
  '==': P.Equality,
  '!=': P.Equality,
  '===': P.Equality,
  '!==': P.Equality,
  '<': P.Relational,
  '>': P.Relational,
  '<=': P.Relational,
  '>=': P.Relational,
  instanceof: P.Relational,
  '<<': P.BitwiseSHIFT,
  '>>': P.BitwiseSHIFT,
  '>>>': P.BitwiseSHIFT,
  '+': P.Additive,
  '-': P.Additive,
  '*': P.Multiplicative,
  '/': P.Multiplicative,
  '%': P.Multiplicative,
};

/** Chains shorter than this are printed by escodegen itself. */
export const shortestCollapsedChain = 32;

const isChainNode = (n: AnyNode): boolean =>
  (n.type === 'BinaryExpression' || n.type === 'LogicalExpression') &&
  Object.prototype.hasOwnProperty.call(operatorPrecedence, n.operator as string);

/**
 * Whether `left` (the `left` child of `node`) continues `node`'s chain: an operator of the same precedence, so it
 * needs no parentheses. Every caller passes AST nodes; `left` is only read when `node` is a chain node.
 */
export function continuesChain(node: AnyNode, left: AnyNode): boolean {
  return (
    isChainNode(node) &&
    isChainNode(left) &&
    operatorPrecedence[left.operator as string] === operatorPrecedence[node.operator as string]
  );
}

const placeholder = '$$flattenChainPlaceholder$$';

/**
 * Prints long left-associative operator chains (`a + b + c + …`, thousands of terms are valid JavaScript) without
 * escodegen's recursion of a few frames per operator: each chain gets verbatim text built from its operands, each
 * printed by escodegen next to a placeholder so that it decides parentheses and spacing as it would. Chains inside
 * operands are done first. Mutates the AST (adds `verbatimKey` to chain roots).
 */
export function collapseChains(root: AnyNode, verbatimKey: string, options: escodegen.GenerateOptions): void {
  // Stryker disable next-line ArrayDeclaration: a string in roots is no chain node, so collapse leaves it at once
  const roots: AnyNode[] = [];
  const stack: { node: AnyNode; inChain: boolean }[] = [{ node: root, inChain: false }];
  while (stack.length > 0) {
    const { node, inChain } = stack.pop()!;
    if (!inChain && continuesChain(node, node.left as AnyNode)) roots.push(node);
    // Child nodes are the values (or array items) with a string `type`; `loc`, `regex`, verbatim text have none.
    for (const key in node) {
      const v = node[key];
      const children = Array.isArray(v) ? v : [v];
      for (const c of children)
        if (typeof (c as AnyNode | null)?.type === 'string')
          stack.push({ node: c as AnyNode, inChain: key === 'left' && continuesChain(node, c as AnyNode) });
    }
  }
  // Pre-order: an operand's chains come after their chain's root, so the reverse order prints them first.
  for (let i = roots.length - 1; i >= 0; i--) collapse(roots[i], verbatimKey, options);
}

function collapse(chainRoot: AnyNode, verbatimKey: string, options: escodegen.GenerateOptions): void {
  const spine: AnyNode[] = [];
  let n: AnyNode = chainRoot;
  while (continuesChain(n, n.left as AnyNode)) {
    spine.push(n);
    n = n.left as AnyNode;
  }
  spine.push(n);
  if (spine.length < shortestCollapsedChain) return;
  const ph = { type: 'Identifier', name: placeholder };
  const gen = (node: AnyNode) => escodegen.generate(node, options);
  // The innermost link (`a + b`) is printed whole; every further link as `$ + c`, the placeholder cut off again.
  const [first, ...links] = spine.reverse();
  let text = gen(first);
  for (const link of links) {
    const piece = gen({ type: link.type, operator: link.operator, left: ph, right: link.right });
    text += piece.slice(placeholder.length);
  }
  chainRoot[verbatimKey] = { content: text, precedence: operatorPrecedence[chainRoot.operator as string] };
}
