import escodegen from 'escodegen';
import { continuesChain } from './collapseChains.ts';
import { printRegExpLiteral, printStringLiteral, printTemplateRaw } from './escapeLiteral.ts';

/** The escodegen `verbatim` property the flattener puts on literal nodes it prints itself. */
export const verbatimKey = 'x-flatten-verbatim';

/**
 * Deepest AST nesting the printer accepts. escodegen recurses a few frames per level; this keeps it far from the
 * stack limit of a browser worker while allowing any hand-written tracer (real ones nest < 50 levels).
 */
export const maxDepth = 1000;

/** A problem that stops printing, at a source offset (-1 when the node has no offset). */
export interface PrepareProblem {
  message: string;
  start: number;
  end: number;
}

/** What the preparation pass found. */
export interface PreparedAst {
  problem: PrepareProblem | null;
  /** Start offsets of double-quoted string literals (converted to single quotes). */
  doubleQuoted: number[];
}

type AnyNode = { type: string; start?: number; end?: number; [key: string]: unknown };

const primary = (escodegen as unknown as { Precedence: Record<string, number> }).Precedence.Primary;

function setVerbatim(node: AnyNode, content: string): void {
  node[verbatimKey] = { content, precedence: primary };
}

function offsetOf(node: AnyNode): { start: number; end: number } {
  return { start: node.start ?? -1, end: node.end ?? node.start ?? -1 };
}

/**
 * Walks the AST once (iteratively, so deep input cannot overflow the stack; an operator chain's left spine counts as
 * one level, as collapseChains prints it flat) and attaches verbatim text to every
 * string, regular-expression and template literal so escodegen prints them single-quoted and free of `"`.
 * Mutates the AST by adding {@link verbatimKey} properties; returns the first problem that prevents printing.
 */
export function prepareAst(root: AnyNode): PreparedAst {
  const doubleQuoted: number[] = [];
  const done = new Set<AnyNode>();
  const stack: Array<[AnyNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > maxDepth) {
      const message = `The code nests deeper than ${maxDepth} levels; the flattener cannot print it safely`;
      return { problem: { message, ...offsetOf(node) }, doubleQuoted };
    }
    const problem = visit(node, done, doubleQuoted);
    if (problem) return { problem, doubleQuoted };
    // Child nodes are the values (or array items) with a string `type`; `loc`, `regex`, a literal's value, a template
    // element's value and verbatim text have none.
    for (const key in node) {
      const v = node[key];
      for (const c of Array.isArray(v) ? v : [v]) {
        if (typeof (c as AnyNode | null)?.type !== 'string') continue;
        // A chain `a + b + c …` is printed flat (collapseChains): its left spine adds no depth.
        stack.push([c as AnyNode, key === 'left' && continuesChain(node, c as AnyNode) ? depth : depth + 1]);
      }
    }
  }
  return { problem: null, doubleQuoted };
}

/** ES2022 class syntax escodegen 2.1 has no printer for. */
const unprintable = new Map([
  ['PropertyDefinition', 'class fields'],
  ['PrivateIdentifier', 'private class members (#name)'],
  ['StaticBlock', 'static class blocks'],
]);

function visit(node: AnyNode, done: Set<AnyNode>, doubleQuoted: number[]): PrepareProblem | null {
  const what = unprintable.get(node.type);
  if (what) {
    const message = `The flattener cannot print ${what} (ES2022 syntax); set the values in the constructor or keep them as tracer members`;
    return { message, ...offsetOf(node) };
  }
  switch (node.type) {
    case 'Literal':
      if (done.has(node)) return null;
      if (typeof node.value === 'string') {
        setVerbatim(node, printStringLiteral(node.value));
        if (typeof node.raw === 'string' && node.raw[0] === '"') doubleQuoted.push(node.start ?? -1);
      } else if (node.regex) {
        const { pattern, flags } = node.regex as { pattern: string; flags: string };
        setVerbatim(node, printRegExpLiteral(pattern, flags));
      }
      return null;
    case 'TemplateElement': {
      const raw = (node.value as { raw: string }).raw;
      setVerbatim(node, printTemplateRaw(raw));
      return null;
    }
    case 'TaggedTemplateExpression':
      return checkTaggedTemplate(node);
    case 'BinaryExpression': {
      // `a < /script>/` would print as `a</script>/`, which ends an HTML <script> element; keep a space.
      const right = leftmost(node.right as AnyNode);
      // Only a regular-expression Literal has `regex`.
      if (node.operator === '<' && right.regex) {
        const { pattern, flags } = right.regex as { pattern: string; flags: string };
        setVerbatim(right, ' ' + printRegExpLiteral(pattern, flags));
        done.add(right);
      }
      // `/a/ / b` would print as `/a//b`, where `//` starts a comment; keep a space after the regular expression.
      const last = node.operator === '/' ? flaglessRegExpAtEnd(node.left as AnyNode) : null;
      if (last) {
        // The `<` rule above may have given it a space in front already (`a < /r/ / b`, visited parent first).
        const before = last[verbatimKey] as { content: string } | undefined;
        const { pattern } = last.regex as { pattern: string };
        setVerbatim(last, (before?.content ?? printRegExpLiteral(pattern, '')) + ' ');
        done.add(last);
      }
      return null;
    }
    case 'ExpressionStatement': {
      // escodegen prints `(let[a] = b)` as `let[a]=b;`, which is a declaration; keep `let` parenthesized.
      const first = leftmost(node.expression as AnyNode);
      // Only an Identifier has the name `let` (a PrivateIdentifier cannot start a statement).
      if (first.name === 'let') setVerbatim(first, '(let)');
      return null;
    }
    case 'Program':
      markPrologue(node.body as AnyNode[], done);
      return null;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression': {
      const body = node.body as AnyNode;
      if (body.type === 'BlockStatement') markPrologue(body.body as AnyNode[], done);
      return null;
    }
  }
  return null;
}

const leftChild = new Map([
  ['AssignmentExpression', 'left'],
  ['BinaryExpression', 'left'],
  ['LogicalExpression', 'left'],
  ['MemberExpression', 'object'],
  ['CallExpression', 'callee'],
  ['ConditionalExpression', 'test'],
  ['TaggedTemplateExpression', 'tag'],
  ['ChainExpression', 'expression'],
]);

/** The node whose text starts an expression statement. */
function leftmost(expr: AnyNode): AnyNode {
  let n = expr;
  for (;;) {
    if (n.type === 'SequenceExpression') n = (n.expressions as AnyNode[])[0];
    else if (n.type === 'UpdateExpression' && !n.prefix) n = n.argument as AnyNode;
    else {
      const child = leftChild.get(n.type);
      if (!child) return n;
      n = n[child] as AnyNode;
    }
  }
}

/** Operators that print their right operand last without brackets when it is a left operand of `/`. */
const tighterOrSame = new Set(['*', '/', '%', '**']);

/**
 * The regular-expression literal without flags that the text of `expr` ends with, as the left operand of `/`
 * (`/a/`, `-/a/`, `x * /a/`), or null.
 */
function flaglessRegExpAtEnd(expr: AnyNode): AnyNode | null {
  let n = expr;
  for (;;) {
    // Only a regular-expression Literal has `regex`.
    if (n.regex) return (n.regex as { flags: string }).flags === '' ? n : null;
    if (n.type === 'UnaryExpression') n = n.argument as AnyNode;
    // Only a BinaryExpression has one of these operators (assignments have `*=`, `/=`, …).
    else if (tighterOrSame.has(n.operator as string)) n = n.right as AnyNode;
    else return null;
  }
}

function checkTaggedTemplate(node: AnyNode): PrepareProblem | null {
  const quasis = (node.quasi as AnyNode).quasis as AnyNode[];
  for (const q of quasis) {
    const raw = (q.value as { raw: string }).raw;
    if (printTemplateRaw(raw) !== raw) {
      const message =
        'A tagged template whose raw text contains a line break, a line continuation, a double quote or </ cannot be put on one line without changing what the tag receives; rewrite it without the tag';
      return { message, ...offsetOf(q) };
    }
  }
  return null;
}

/**
 * Directive prologues: a real directive keeps its raw text (so 'use strict' keeps or lacks its effect exactly), and
 * a string statement that was parenthesized in the source stays parenthesized so it does not become a directive.
 */
function markPrologue(body: AnyNode[], done: Set<AnyNode>): void {
  for (const st of body) {
    if (st.type !== 'ExpressionStatement') return;
    const expr = st.expression as AnyNode;
    // Only a Literal has a string `value` among expressions.
    if (typeof expr.value !== 'string') return;
    done.add(expr);
    if (typeof st.directive === 'string') setVerbatim(expr, printDirective(st.directive, expr.value));
    else setVerbatim(expr, '(' + printStringLiteral(expr.value) + ')');
  }
}

function printDirective(raw: string, value: string): string {
  if (!/[\\'"<\u2028\u2029]/.test(raw)) return "'" + raw + "'";
  // An escaped 'use strict' is not a directive; keep one escape so it does not become one.
  if (value === 'use strict') return "'use\\x20strict'";
  return printStringLiteral(value);
}
