import type { Fix } from '../diagnostics.ts';
import type { TokenList, TokenSpan } from './tokenList.ts';
import { someNode, type AnyNode } from './walkAst.ts';

/** What the fix builders read: the original source and its tokens. */
export interface FixContext {
  source: string;
  tokens: TokenList;
}

const src = (ctx: FixContext, node: { start: number; end: number }) => ctx.source.slice(node.start, node.end);

/** `let x` / `const x` → `var x`. */
export function buildVarFix(node: AnyNode): Fix {
  const kind = node.kind as string;
  return {
    title: `Replace '${kind}' with 'var'`,
    edits: [{ start: node.start, end: node.start + kind.length, text: 'var' }],
  };
}

const isPlainFunction = (n: AnyNode) => n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration';
const usesOwnBinding = (n: AnyNode) =>
  n.type === 'ThisExpression' ||
  n.type === 'Super' ||
  n.type === 'MetaProperty' ||
  (n.type === 'Identifier' && n.name === 'arguments');

/** `(a) => a + 1` → `function (a) { return a + 1; }`; none when the arrow relies on the enclosing `this`/`arguments`. */
export function buildArrowFix(
  ctx: FixContext,
  node: AnyNode,
  arrow: TokenSpan,
  parent: AnyNode | undefined,
): Fix | undefined {
  // Parameters too: a default value like `(a = this.x) => a` reads the enclosing `this`.
  if (someNode(node, usesOwnBinding, isPlainFunction)) return undefined;
  // After `async`: its `(` or its one bare parameter (`async x => x`).
  const headStart = node.async
    ? ctx.tokens.at(ctx.tokens.indexAtOrAfter(node.start + 'async'.length))!.start
    : node.start;
  let params = ctx.source.slice(headStart, arrow.start).trim();
  if (!params.startsWith('(')) params = `(${params})`;
  const body = ctx.source.slice(arrow.end, node.end).trim();
  let text = `${node.async ? 'async ' : ''}function ${params} ${node.expression ? `{ return ${body}; }` : body}`;
  // A statement may not start with `function (`: keep it an expression.
  if (parent?.type === 'ExpressionStatement' && parent.start === node.start) text = `(${text})`;
  return {
    title: 'Convert the arrow function to a function expression',
    edits: [{ start: node.start, end: node.end, text }],
  };
}

function singleQuoted(text: string): string {
  const escaped = text.replace(/[\\'\n\r\u2028\u2029]/g, (c) =>
    c === '\\' || c === "'"
      ? '\\' + c
      : c === '\n'
        ? '\\n'
        : c === '\r'
          ? '\\r'
          : c === '\u2028'
            ? '\\u2028'
            : '\\u2029',
  );
  return `'${escaped}'`;
}

/** Parents in which `'a' + (x)` needs no surrounding parentheses. */
function concatenationIsSafeIn(node: AnyNode, parent: AnyNode | undefined): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'VariableDeclarator':
    case 'ReturnStatement':
    case 'ExpressionStatement':
    case 'ArrayExpression':
    case 'SequenceExpression':
    case 'ThrowStatement':
      return true;
    case 'Property':
      return parent.value === node;
    case 'CallExpression':
    case 'NewExpression':
      return parent.arguments.includes(node);
    case 'AssignmentExpression':
      // A template is never an assignment target: it is the right side.
      return parent.operator === '=';
    case 'BinaryExpression':
      return parent.operator === '+' && parent.left === node;
    case 'ConditionalExpression':
      return parent.test !== node;
  }
  return false;
}

/** `` `a${x}b` `` → `'a' + (x) + 'b'`. */
export function buildTemplateFix(ctx: FixContext, node: AnyNode, parent: AnyNode | undefined): Fix {
  const quasis = node.quasis as AnyNode[];
  const parts: string[] = [];
  for (let i = 0; i < quasis.length; i++) {
    // Never null here: only a tagged template may hold an invalid escape, and those get no fix.
    const cooked = quasis[i].value.cooked as string;
    if (cooked !== '' || i === 0) parts.push(singleQuoted(cooked));
    if (i < node.expressions.length) parts.push(`(${src(ctx, node.expressions[i])})`);
  }
  let text = parts.join(' + ');
  if (parts.length > 1 && !concatenationIsSafeIn(node, parent)) text = `(${text})`;
  return {
    title: 'Convert the template literal to string concatenation',
    edits: [{ start: node.start, end: node.end, text }],
  };
}

/** `step(log) {…}` → `step: function (log) {…}`. */
export function buildMethodFix(ctx: FixContext, prop: AnyNode): Fix {
  const key = src(ctx, prop.key);
  const fn = prop.value as AnyNode;
  const head = prop.computed ? `[${key}]` : key;
  const text = `${head}: ${fn.async ? 'async ' : ''}function${fn.generator ? '*' : ''} `;
  return { title: `Write '${head}: function (…) {…}'`, edits: [{ start: prop.start, end: fn.start, text }] };
}

/** `{a}` → `{a: a}`. */
export function buildShorthandFix(ctx: FixContext, prop: AnyNode): Fix {
  const key = src(ctx, prop.key);
  return { title: `Write '${key}: ${key}'`, edits: [{ start: prop.end, end: prop.end, text: `: ${key}` }] };
}

/** `a ** b` → `Math.pow(a, b)`; `x **= b` → `x = Math.pow(x, b)` (plain variables only). */
export function buildExponentFix(ctx: FixContext, node: AnyNode): Fix | undefined {
  const left = src(ctx, node.left);
  const right = src(ctx, node.right);
  if (node.type === 'BinaryExpression') {
    return {
      title: "Use 'Math.pow(a, b)'",
      edits: [{ start: node.start, end: node.end, text: `Math.pow(${left}, ${right})` }],
    };
  }
  if (node.left.type !== 'Identifier') return undefined;
  return {
    title: "Use 'x = Math.pow(x, b)'",
    edits: [{ start: node.start, end: node.end, text: `${left} = Math.pow(${left}, ${right})` }],
  };
}

/** `1_000` → `1000`; `0b101` → `5` (decimal). */
export function buildNumberFix(raw: string, start: number, end: number): Fix {
  const plain = raw.replace(/_/g, '');
  const text = /^0[bBoO]/.test(plain) ? String(Number(plain)) : plain;
  return { title: `Write '${text}'`, edits: [{ start, end, text }] };
}

/** `catch {` → `catch (e) {` with a name not used anywhere in the source. */
export function buildCatchFix(ctx: FixContext, node: AnyNode): Fix {
  let name = 'e';
  for (let i = 1; new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(ctx.source); i++) name = `e${i}`;
  const at = node.start + 'catch'.length;
  return { title: `Write 'catch (${name})'`, edits: [{ start: at, end: at, text: ` (${name})` }] };
}

/** Deletes one token (a trailing comma). */
export function buildRemoveFix(title: string, token: TokenSpan): Fix {
  return { title, edits: [{ start: token.start, end: token.end, text: '' }] };
}

/** Rewrites `\u{…}` escapes and raw U+2028/U+2029 in a string literal's source as ES5 `\uXXXX` escapes. */
export function buildEscapeFix(raw: string, start: number, end: number): Fix {
  const hex = (n: number) => '\\u' + n.toString(16).toUpperCase().padStart(4, '0');
  const text = raw.replace(/\\(\\|u\{([0-9a-fA-F]+)\})|[\u2028\u2029]/g, (m, esc: string, cp: string) => {
    if (m === '\u2028' || m === '\u2029') return hex(m.charCodeAt(0));
    if (esc === '\\') return m;
    const code = parseInt(cp, 16);
    if (code <= 0xffff) return hex(code);
    // The low surrogate takes the low 10 bits, which subtracting 0x10000 leaves as they are.
    return hex(0xd800 + ((code - 0x10000) >> 10)) + hex(0xdc00 + (code & 0x3ff));
  });
  return { title: 'Use ES5 \\uXXXX escapes', edits: [{ start, end, text }] };
}
