import { tokTypes as tt, type Comment, type Options, type TokenType } from 'acorn';
import { LoopParser } from './loopParser.ts';
import { skipTrivia } from './parseGoal.ts';
import type { AnyNode } from './walkAst.ts';

/** A source ES5.1 accepts, parsed in one pass (see {@link parseEs5Fast}). */
export interface FastParse {
  goal: 'expression' | 'program';
  /** The AST in the shape acorn's ecmaVersion 'latest' gives it (with `loc`). */
  ast: AnyNode;
  comments: Comment[];
  /** Offset just after the expression (goal 'expression'). */
  expressionEnd?: number;
}

/** The acorn internals the fast parser hooks into (stable across acorn 8; plugins use them too). */
interface ParserInternals {
  lastTokEnd: number;
  nextToken(): void;
  parseExpression(): AnyNode;
  parse(): AnyNode;
  finishToken(type: TokenType, value: unknown): void;
  finishNode(node: AnyNode, type: string): AnyNode;
}

type InternalsClass = new (options: Options, input: string, startPos?: number) => ParserInternals;

const openers = new Set<TokenType>([tt.braceL, tt.parenL, tt.bracketL, tt.dollarBraceL]);
const closers = new Set<TokenType>([tt.braceR, tt.parenR, tt.bracketR]);

/** Thrown to abandon the fast parse when brackets nest deeper than allowed. */
class TooDeep extends Error {}

/**
 * Fields acorn sets only from ES2015 (or ES2020) on. Adding them gives the ES5 parse the very shape of the
 * 'latest' parse, so later passes see the same AST whichever parse built it.
 */
function toLatestShape(node: AnyNode, type: string): void {
  switch (type) {
    case 'Property':
      node.method = false;
      node.shorthand = false;
      node.computed = false;
      break;
    case 'FunctionExpression':
    case 'FunctionDeclaration':
      node.generator = false;
      node.expression = false;
      node.async = false;
      break;
    case 'MemberExpression':
    case 'CallExpression':
      node.optional = false;
  }
}

/** An ES5 parser that counts bracket depth token by token and builds latest-shaped nodes. */
const Es5Parser = LoopParser.extend(withDepthAndLatestShape) as unknown as new (
  options: Options,
  input: string,
) => ParserInternals & { depthLimit: number };

// A named class (not a class expression in a call): Stryker places no mutants in the latter.
function withDepthAndLatestShape(Base: typeof LoopParser): typeof LoopParser {
  const Internals = Base as unknown as InternalsClass;
  class Extended extends Internals {
    depthLimit = Infinity;
    depth = 0;
    override finishToken(type: TokenType, value: unknown): void {
      if (openers.has(type)) {
        if (++this.depth > this.depthLimit) throw new TooDeep();
      } else if (closers.has(type)) this.depth--;
      super.finishToken(type, value);
    }
    // acorn finishes every node here (its finishNodeAt, for a parenthesized sequence, runs only from ES2015 on).
    override finishNode(node: AnyNode, type: string): AnyNode {
      toLatestShape(node, type);
      return super.finishNode(node, type);
    }
  }
  return Extended as unknown as typeof LoopParser;
}

function createParser(source: string, comments: Comment[], depthLimit: number) {
  const parser = new Es5Parser({ ecmaVersion: 5, locations: true, onComment: comments }, source);
  parser.depthLimit = depthLimit;
  return parser;
}

/** The expression goal: one expression, optionally followed by `;`, with only comments after it. */
function parseExpressionGoal(source: string, depthLimit: number): FastParse | null {
  const comments: Comment[] = [];
  const parser = createParser(source, comments, depthLimit);
  parser.nextToken();
  const ast = parser.parseExpression();
  const end = parser.lastTokEnd;
  const trailing: Comment[] = [];
  let rest = skipTrivia(source, end, trailing);
  if (source[rest] === ';') rest = skipTrivia(source, rest + 1, trailing);
  if (rest < source.length) return null;
  for (const c of trailing) if (!comments.some((k) => k.start === c.start)) comments.push(c);
  return { goal: 'expression', ast, comments, expressionEnd: end };
}

function parseProgramGoal(source: string, depthLimit: number): FastParse {
  const comments: Comment[] = [];
  const ast = createParser(source, comments, depthLimit).parse();
  return { goal: 'program', ast, comments };
}

/**
 * The common case in one acorn pass: a source ES5.1 accepts as an expression (else as a script), with brackets
 * nested at most `depthLimit` deep. null for anything else (syntax errors, newer syntax, deep nesting, an empty
 * source), which the full check in {@link parseGoal} handles. Skipping the 'latest' parse is safe because for
 * ES5 code it builds the same AST; the check for ES2015+ constructs is not needed when ES5 accepts the code.
 */
export function parseEs5Fast(source: string, depthLimit: number): FastParse | null {
  const first = source[skipTrivia(source, 0)];
  if (first === undefined) return null;
  try {
    const expression = parseExpressionGoal(source, depthLimit);
    if (expression) return expression;
  } catch {
    // Not one ES5 expression: try the script goal below.
  }
  // `{a}` is a block to ES5 but an object (shorthand property) to later editions, whose expression goal wins.
  if (first === '{') return null;
  try {
    return parseProgramGoal(source, depthLimit);
  } catch {
    return null;
  }
}
