import type { Node } from 'acorn';
import { isOutOfStack, parse } from '../../core/es5/loopParser.ts';
import { appendChildNodes, type AnyNode } from '../../core/tracer/walkNodes.ts';

/** Name of the guard function the instrumented code calls (a parameter of the compiled function). */
export const guardName = '__tracerGuard__';

/**
 * Insertions by offset: at one offset, closers of inner constructs come first (each closer is put before those
 * already there), then openers, outer before inner. Strings, not lists: a tracer of 400,000 functions has as many.
 */
interface Edits {
  opens: Map<number, string>;
  closes: Map<number, string>;
}

/** Instrumented text and where text was inserted (offsets in the original, ascending), to map positions back. */
export interface InstrumentedCode {
  code: string;
  /** `[originalOffset, insertedLength]`, ascending by offset. */
  inserts: Array<[number, number]>;
}

/**
 * Inserts a call of the guard at the start of every loop body and every function body of `source`, so that an
 * infinite loop or runaway recursion in the tracer ends at the deadline (and cannot swallow the timeout: the guard
 * throws again at every following call). The text is otherwise unchanged (insertions only), so line numbers stay.
 * Returns undefined when acorn cannot parse the text (the engine then reports the syntax error, or runs what only
 * acorn rejects as written); throws the parser's out-of-stack SyntaxError ({@link isOutOfStack}) for code nested
 * too deeply to instrument, which could only run unguarded.
 */
export function instrumentTracerCode(source: string, name: string = guardName): string | undefined {
  return instrumentTracerCodeWithMap(source, name)?.code;
}

/** {@link instrumentTracerCode} plus the insertions, so a position in the output maps back to `source`. */
export function instrumentTracerCodeWithMap(
  source: string,
  name: string = guardName,
): InstrumentedCode | undefined {
  let ast: Node;
  try {
    // sourceType stays acorn's default, 'script': a tracer is an expression, never a module.
    ast = parse(source, { ecmaVersion: 'latest', allowReturnOutsideFunction: true });
  } catch (e) {
    if (isOutOfStack(e)) throw e;
    return undefined;
  }
  const edits: Edits = { opens: new Map(), closes: new Map() };
  const call = `${name}();`;
  visit(ast, (node) => {
    // acorn gives every loop and every function a body (an empty one is an EmptyStatement or `{}`).
    const n = node as Node & { body: Node & { type: string } };
    switch (n.type) {
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
        wrapStatement(n.body, call, edits);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        // Stryker disable next-line BooleanLiteral: an opener never shares its offset with another insertion (see add)
        if (n.body.type === 'BlockStatement') add(edits, afterDirectives(n.body), call, false);
        else {
          // Stryker disable next-line BooleanLiteral: an opener never shares its offset with another insertion (see add)
          add(edits, n.body.start, `(${name}(), `, false);
          add(edits, n.body.end, ')', true);
        }
        break;
    }
  });
  // The pieces are joined once: splicing each insertion into the whole text would copy it once per insertion.
  const offsets = Array.from(edits.opens.keys());
  for (const at of edits.closes.keys()) if (!edits.opens.has(at)) offsets.push(at);
  offsets.sort((a, b) => a - b);
  const pieces: string[] = [];
  const inserts: Array<[number, number]> = [];
  let from = 0;
  for (const at of offsets) {
    const text = (edits.closes.get(at) ?? '') + (edits.opens.get(at) ?? '');
    pieces.push(source.slice(from, at), text);
    from = at;
    inserts.push([at, text.length]);
  }
  pieces.push(source.slice(from));
  return { code: pieces.join(''), inserts };
}

/** Maps an offset in instrumented text back to the original text (an offset inside an insertion maps to its place). */
export function toOriginalOffset(inserts: ReadonlyArray<[number, number]>, offset: number): number {
  let shift = 0;
  for (const [at, len] of inserts) {
    // Stryker disable next-line EqualityOperator: at offset === at + shift both this break and the next line give `at`
    if (offset < at + shift) break;
    // Stryker disable next-line EqualityOperator: offset === at + shift + len gives `at` either way (len > 0, offsets ascend)
    if (offset < at + shift + len) return at;
    shift += len;
  }
  return offset - shift;
}

// A guard before a 'use strict' prologue would turn the directive into a plain expression.
function afterDirectives(block: Node): number {
  let at = block.start + 1;
  for (const st of (block as unknown as { body: Array<Node & { directive?: string }> }).body) {
    if (st.directive === undefined) break;
    at = st.end;
  }
  return at;
}

// An opener lies strictly inside its construct, after its start and no later than the start of its body's content, so
// no other opener or closer is ever at its offset: only closers share one (a loop's `}` and the `)` of an arrow ending
// with it, `while (c) x => y`), and a loop's `}` there is always the outer one.
function add(edits: Edits, at: number, text: string, close: boolean): void {
  // Stryker disable next-line StringLiteral: there is never more than one opener at an offset
  if (!close) edits.opens.set(at, (edits.opens.get(at) ?? '') + text);
  else edits.closes.set(at, text + (edits.closes.get(at) ?? ''));
}

function wrapStatement(body: Node & { type: string }, call: string, edits: Edits): void {
  // Stryker disable next-line BooleanLiteral: an opener never shares its offset with another insertion (see add)
  if (body.type === 'BlockStatement') add(edits, body.start + 1, call, false);
  else {
    // Stryker disable next-line BooleanLiteral: an opener never shares its offset with another insertion (see add)
    add(edits, body.start, `{${call}`, false);
    // Stryker disable next-line BooleanLiteral: as an opener it still follows the closers there, all inner `)` (see add)
    add(edits, body.end, '}', true);
  }
}

function visit(root: Node, fn: (n: Node) => void): void {
  // A stack of its own, in recursion's order (parents first, children left to right): the parser reads an operator
  // chain of thousands of terms in a loop, and its tree nests as deep.
  const todo: AnyNode[] = [root as AnyNode];
  const children: AnyNode[] = [];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    fn(node);
    children.length = 0;
    appendChildNodes(node, children);
    // One push per child: spreading a node's children into one call overflows the stack for an array or object
    // literal of a few hundred thousand elements.
    for (let i = children.length - 1; i >= 0; i--) todo.push(children[i]);
  }
}
