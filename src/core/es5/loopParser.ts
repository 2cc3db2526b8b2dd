import { Parser, tokTypes as tt, type Node, type Options, type TokenType } from 'acorn';
import { withIndexedScopes } from './withIndexedScopes.ts';

/** The acorn internals the plugin hooks into (stable across acorn 8; plugins such as acorn-jsx use them too). */
interface Internals {
  type: TokenType & { binop?: number };
  value: unknown;
  start: number;
  startLoc: unknown;
  next(): void;
  parseMaybeUnary(refDestructuringErrors: null, sawUnary: boolean, incDec: boolean, forInit: unknown): Node;
  buildBinary(
    startPos: number,
    startLoc: unknown,
    left: Node,
    right: Node,
    op: unknown,
    logical: boolean,
  ): Node;
  raiseRecoverable(pos: number, message: string): void;
  raise(pos: number, message: string): never;
}

type InternalsClass = new (options: Options, input: string, startPos?: number) => Internals;

/** acorn's message for a parse that ran out of stack (it adds ` (line:col)`). */
export const outOfStackMessage = 'Not enough stack space to parse input';

/** True for the SyntaxError of a parse that ran out of stack (code nested too deeply for this thread's stack). */
export function isOutOfStack(e: unknown): boolean {
  return e instanceof SyntaxError && e.message.startsWith(outOfStackMessage);
}

/**
 * acorn that survives running out of stack, with binary and logical operator chains read in a loop.
 *
 * Out of stack: acorn catches the engine's stack overflow around every expression and turns it into a SyntaxError
 * ("Not enough stack space to parse input") in the catch block at the deepest level, testing the message with a
 * regular expression there. With no stack left, Node 20's V8 can abort the whole process compiling that regular
 * expression ("RegExpCompiler Allocation failed - process out of memory"), and a tracer is hostile input (share links,
 * imported files, `tracer serve`). Here the inner levels pass a RangeError on untouched and only the outermost one,
 * with the stack unwound, raises acorn's SyntaxError at the same place.
 *
 * The loop: acorn reads `a + b + c + …` by calling itself once
 * per operator, so a valid expression of a few thousand terms runs out of stack (sooner in a worker, or before the
 * JIT has compiled the parser). The loop reads the same tree: only the tail call on the left operand becomes an
 * iteration; a right operand still recurses, at most once per precedence level.
 *
 * Declarations: see {@link withIndexedScopes}.
 */
export const LoopParser = Parser.extend(withLoopAndStackGuard, withIndexedScopes);

// A named class (not a class expression in a call): Stryker places no mutants in the latter.
function withLoopAndStackGuard(Base: typeof Parser): typeof Parser {
  const Internals = Base as unknown as InternalsClass;
  class Extended extends Internals {
    // Set by the outermost catchStackOverflow (a parser instance parses once: parseTopLevel or one parseExpression);
    // the ones inside it pass every error on.
    private guarding = false;

    catchStackOverflow<T>(f: () => T): T {
      if (this.guarding) return f();
      this.guarding = true;
      try {
        return f();
      } catch (e) {
        // acorn's own test, run here with the stack unwound (V8 and JavaScriptCore: "Maximum call stack size
        // exceeded", SpiderMonkey: "too much recursion").
        // Stryker disable next-line StringLiteral: any text without those words gives the same (a thrown non-Error passes on)
        const message = e instanceof Error ? e.message : '';
        if (/\bstack\b.*\b(exceeded|overflow)\b/i.test(message) || /\btoo much recursion\b/i.test(message)) {
          this.raise(this.start, outOfStackMessage);
        }
        throw e;
      }
    }

    parseExprOp(
      left: Node,
      leftStartPos: number,
      leftStartLoc: unknown,
      minPrec: number,
      forInit: unknown,
    ): Node {
      for (;;) {
        let prec = this.type.binop;
        if (prec == null || (forInit && this.type === tt._in) || !(prec > minPrec)) return left;
        const logical = this.type === tt.logicalOR || this.type === tt.logicalAND;
        const coalesce = this.type === tt.coalesce;
        // acorn gives '??' the precedence of the logical operators so that mixing them is reported.
        if (coalesce) prec = (tt.logicalAND as TokenType & { binop: number }).binop;
        const op = this.value;
        this.next();
        const startPos = this.start;
        const startLoc = this.startLoc;
        const operand = this.parseMaybeUnary(null, false, false, forInit);
        const right = this.parseExprOp(operand, startPos, startLoc, prec, forInit);
        left = this.buildBinary(leftStartPos, leftStartLoc, left, right, op, logical || coalesce);
        if (
          (logical && this.type === tt.coalesce) ||
          (coalesce && (this.type === tt.logicalOR || this.type === tt.logicalAND))
        ) {
          this.raiseRecoverable(
            this.start,
            'Logical expressions and coalesce expressions cannot be mixed. Wrap either by parentheses',
          );
        }
      }
    }
  }
  return Extended as unknown as typeof Parser;
}

/** acorn's `parse` with {@link LoopParser}. */
export function parse(input: string, options: Options): ReturnType<typeof Parser.parse> {
  return LoopParser.parse(input, options);
}

/** acorn's `tokenizer` with {@link LoopParser}. */
export function tokenizer(input: string, options: Options): ReturnType<typeof Parser.tokenizer> {
  return LoopParser.tokenizer(input, options);
}

/** acorn's `parseExpressionAt` with {@link LoopParser}. */
export function parseExpressionAt(
  input: string,
  pos: number,
  options: Options,
): ReturnType<typeof Parser.parseExpressionAt> {
  return LoopParser.parseExpressionAt(input, pos, options);
}
