import type * as estree from 'estree';
import { parse } from '../../core/es5/loopParser.ts';
import { appendChildNodes, type AnyNode } from '../../core/tracer/walkNodes.ts';

/**
 * Where goja places an error a host accessor raised (geth's `vm.Interrupt`), as an offset in `wrapped` (`(` + code +
 * `\n)`), given `at`, the offset an engine named for the accessor's call (V8: the callee's property or name; QuickJS:
 * the call's `(`). Returns `at` when no call is found there.
 *
 * goja's rule (github.com/dop251/goja, vm.go): a Go function called from JS that calls `vm.Interrupt` returns normally;
 * `call.exec` moves `vm.pc` to the next instruction, and `vm.run`'s loop sees the interrupt flag before running it and
 * panics with an InterruptedError whose stack comes from `vm.captureStack`: the frame's `pc` is that next instruction.
 * Its position is `Program.sourceOffset(pc)` (compiler.go): the last source-map entry at or before that pc. The call
 * itself has an entry at its own pc, the `(` (`compiledCallExpr.emitGetter` calls `addSrcMap` just before `call`, the
 * offset being `LeftParenthesis`), so goja names the position of the instruction after the call when the compiler
 * recorded one for it (an enclosing call's `(`, a property read's name, the next argument's first name…), and the
 * call's own `(` otherwise (a `pop`, a variable store, a jump, `ret`, a literal). {@link nextRecorded} follows what
 * compiler_expr.go / compiler_stmt.go emit after an expression in each place, for the ES5 constructs tracers use.
 *
 * The work is linear in the text (one parse, which instrumenting already did on the same text, and walks with a stack
 * of their own); `at` comes from a position the host already checked against the text.
 */
export function gojaAccessorOffset(wrapped: string, at: number): number {
  let root: AnyNode;
  try {
    root = parse(wrapped, { ecmaVersion: 'latest', allowReturnOutsideFunction: true }) as unknown as AnyNode;
  } catch {
    return at;
  }
  const path = pathTo(root, at);
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i];
    if (n.type !== 'CallExpression') continue;
    const paren = openParen(wrapped, n);
    if (paren < 0 || at < calleeKey(n) || at > paren) continue;
    return nextRecorded(wrapped, path, i) ?? paren;
  }
  return at;
}

type Expr = estree.Node & { start: number; end: number };
const children: AnyNode[] = [];

/** The nodes whose range holds `at`, outermost first. */
function pathTo(root: AnyNode, at: number): AnyNode[] {
  const path: AnyNode[] = [];
  for (let node: AnyNode | undefined = root; node !== undefined;) {
    path.push(node);
    children.length = 0;
    appendChildNodes(node, children);
    node = children.find((c) => c.start <= at && at < c.end);
  }
  children.length = 0;
  return path;
}

/** Where the engines name a call: V8 at the property or the callee's name, QuickJS at the `(` (checked separately). */
function calleeKey(call: estree.CallExpression & { start: number }): number {
  const callee = call.callee as Expr;
  if (callee.type === 'MemberExpression') {
    return callee.computed ? (callee.object as Expr).end : (callee.property as Expr).start;
  }
  return callee.start;
}

/** Offset of a call's `(` (after the callee and any `)` or comment), or -1. */
function openParen(text: string, call: estree.CallExpression & { end: number }): number {
  const from = (call.callee as Expr).end;
  const to = call.arguments.length > 0 ? (call.arguments[0] as Expr).start : call.end;
  return tokenAfter(text, from, to, '(');
}

/** The first `want` in text[from, to) that is not in a comment, skipping only blanks, comments and `)`; else -1. */
function tokenAfter(text: string, from: number, to: number, want: string): number {
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch === want) return i;
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return -1;
      i = end + 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i + 2);
      if (end < 0) return -1;
      i = end;
    } else if (ch !== ')' && !/\s/.test(ch)) return -1;
  }
  return -1;
}

/** goja's `Idx0()` of an expression: its first token, parentheses not counted (goja's tree keeps none). */
function idx0(e: Expr): number {
  for (;;) {
    switch (e.type) {
      case 'BinaryExpression':
      case 'LogicalExpression':
      case 'AssignmentExpression':
        e = e.left as Expr;
        break;
      case 'MemberExpression':
        e = e.object as Expr;
        break;
      case 'CallExpression':
        e = e.callee as Expr;
        break;
      case 'ConditionalExpression':
        e = e.test as Expr;
        break;
      case 'SequenceExpression':
        e = e.expressions[0] as Expr;
        break;
      default:
        return e.start;
    }
  }
}

/** Whether goja folds an expression to one literal load (compiledLiteral, constant binary/unary): it records nothing. */
function constant(e: Expr): boolean {
  if (e.type === 'Literal') return !('regex' in e && e.regex);
  if (e.type === 'BinaryExpression') return constant(e.left as Expr) && constant(e.right as Expr);
  if (e.type === 'UnaryExpression')
    return e.operator !== 'typeof' && e.operator !== 'delete' && constant(e.argument as Expr);
  return false;
}

/**
 * The position goja records with the first instruction it emits for `e`, or undefined when that instruction has none
 * (or the construct is one this model does not follow: then the caller's own `(` stands, as after most instructions).
 */
function firstRecorded(e: Expr): number | undefined {
  for (;;) {
    if (constant(e)) return undefined;
    switch (e.type) {
      case 'Identifier':
      case 'ThisExpression':
      case 'ObjectExpression':
      case 'ArrayExpression':
      case 'NewExpression':
        // compiledIdentifierExpr / ThisExpr / ObjectLiteral / ArrayLiteral call addSrcMap first; `new` starts with
        // its callee, whose first instruction is recorded the same way.
        if (e.type !== 'NewExpression') return e.start;
        e = e.callee as Expr;
        break;
      case 'MemberExpression':
        e = e.object as Expr;
        break;
      case 'CallExpression': {
        // emitCallee: a name (emitGetterAndCallee records it), a property read (its object first); anything else
        // starts with loadUndef, which records nothing.
        const callee = e.callee as Expr;
        if (callee.type === 'Identifier') return callee.start;
        if (callee.type !== 'MemberExpression') return undefined;
        e = callee.object as Expr;
        break;
      }
      case 'BinaryExpression':
        e = e.left as Expr;
        break;
      case 'LogicalExpression':
        if (constant(e.left as Expr)) return undefined;
        e = e.left as Expr;
        break;
      case 'ConditionalExpression':
        e = e.test as Expr;
        break;
      case 'SequenceExpression':
        e = e.expressions[0] as Expr;
        break;
      case 'AssignmentExpression':
        if (e.operator !== '=') return undefined;
        // A name's setter records the name first; a property's setter evaluates its object first.
        if (e.left.type === 'Identifier') return (e.left as Expr).start;
        if (e.left.type !== 'MemberExpression') return undefined;
        e = e.left.object as Expr;
        break;
      case 'UnaryExpression':
        if (e.operator !== '!' && e.operator !== '~') return undefined;
        e = e.argument as Expr;
        break;
      default:
        return undefined;
    }
  }
}

/**
 * The recorded position of the instruction goja emits right after the value of `path[i]` (an expression whose value
 * is kept on the stack), or undefined when that instruction records none.
 */
function nextRecorded(text: string, path: readonly AnyNode[], i: number): number | undefined {
  for (; i > 0; i--) {
    const node = path[i] as Expr;
    const parent = path[i - 1] as Expr;
    switch (parent.type) {
      case 'CallExpression':
      case 'NewExpression': {
        const args = parent.arguments as Expr[];
        const k = args.indexOf(node);
        if (k < 0) {
          // The callee of a call: its arguments follow, then the call (recorded at its `(`). `new`: recorded at `new`.
          if (args.length > 0) return firstRecorded(args[0]);
          return parent.type === 'NewExpression' ? parent.start : nonNegative(openParen(text, parent));
        }
        if (k < args.length - 1) return firstRecorded(args[k + 1]);
        return parent.type === 'NewExpression' ? parent.start : nonNegative(openParen(text, parent));
      }
      case 'MemberExpression': {
        const grand = path[i - 2] as Expr | undefined;
        const isCallee = grand?.type === 'CallExpression' && grand.callee === parent;
        const isTarget = grand?.type === 'AssignmentExpression' && grand.left === parent;
        if (parent.object === node) {
          // getPropCallee / getElemCallee record nothing; a computed key is evaluated next.
          if (parent.computed) return firstRecorded(parent.property as Expr);
          if (isCallee) return undefined;
          if (isTarget)
            return (grand as estree.AssignmentExpression).operator === '='
              ? firstRecorded((grand as estree.AssignmentExpression).right as Expr)
              : undefined;
          // compiledDotExpr.emitGetter: addSrcMap (the property name) before getProp.
          return (parent.property as Expr).start;
        }
        // The computed key: getElem is recorded at the `[`; getElemCallee records nothing.
        if (isCallee || isTarget)
          return isTarget ? nextAfterKey(grand as estree.AssignmentExpression) : undefined;
        return nonNegative(tokenAfter(text, (parent.object as Expr).end, node.start, '['));
      }
      case 'BinaryExpression':
        // The right operand comes next; after it the operator, recorded at the expression's first token.
        if (parent.left === node) return firstRecorded(parent.right as Expr);
        return idx0(parent);
      case 'LogicalExpression':
        // compiledLogicalOr/And: addSrcMap just before the jump; the right operand's value is the expression's.
        if (parent.left === node) return idx0(parent);
        continue;
      case 'ConditionalExpression':
        // The test and the consequent are followed by a jump (nothing recorded); the alternate's value is the whole's.
        if (parent.alternate === node) continue;
        return undefined;
      case 'SequenceExpression': {
        const list = parent.expressions as Expr[];
        const k = list.indexOf(node);
        if (k === list.length - 1) continue;
        return undefined;
      }
      case 'AssignmentExpression':
        if (parent.right !== node || parent.operator !== '=') return undefined;
        // compiledDotExpr / compiledBracketExpr.emitSetter: addSrcMap after the value (the name, the `[`); a name's
        // setter recorded its position before the value.
        if (parent.left.type !== 'MemberExpression') return undefined;
        if (!parent.left.computed) return (parent.left.property as Expr).start;
        return nonNegative(
          tokenAfter(text, (parent.left.object as Expr).end, (parent.left.property as Expr).start, '['),
        );
      case 'ThrowStatement':
        // compileThrowStatement: addSrcMap (the statement) before throw.
        return parent.start;
      default:
        // A statement's pop, a variable's store, `ret`, a branch's jump, an operator of its own: nothing recorded.
        return undefined;
    }
  }
  return undefined;
}

/** After a computed property target's key (`a[k] = v`), the value is evaluated next. */
function nextAfterKey(assign: estree.AssignmentExpression): number | undefined {
  return assign.operator === '=' ? firstRecorded(assign.right as Expr) : undefined;
}

function nonNegative(n: number): number | undefined {
  return n < 0 ? undefined : n;
}
