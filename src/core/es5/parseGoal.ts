import type { Comment, Options, Token } from 'acorn';
import { parse, parseExpressionAt, tokenizer } from './loopParser.ts';
import type { AnyNode } from './walkAst.ts';

/** Why a parse failed, in acorn's terms (message without acorn's " (line:col)" suffix). */
export interface ParseFailure {
  message: string;
  pos: number;
  /** Where acorn stopped reading (usually the end of the offending token). */
  raisedAt: number;
  /** acorn ran out of stack (deeply nested brackets). */
  tooDeep: boolean;
  /** Set when the offending token follows a complete expression: where that expression ended. */
  afterExpression?: number;
  /** Tokens read before the failure (the last one precedes the offending token). */
  tokens: Token[];
}

/** The source parsed in its goal (see checkEs5). */
export interface GoalParse {
  goal: 'expression' | 'program';
  /** Latest-JS AST, or the ES5 one when only ES5 accepts the source; null when nothing parses. */
  ast: AnyNode | null;
  tokens: Token[];
  comments: Comment[];
  expressionEnd?: number;
  /** Parsed as an ES module (only when the script goal fails and the module goal succeeds). */
  module: boolean;
  es5Valid: boolean;
  /** Why ES5 rejects the source, when ast is non-null and es5Valid false. */
  es5Error?: ParseFailure;
  /** Why the source does not parse, when ast is null. */
  error?: ParseFailure;
}

type Attempt =
  | { ok: true; node: AnyNode; end: number; tokens: Token[]; comments: Comment[] }
  | { ok: false; failure: ParseFailure };

const stackOverflow = /Not enough stack space|Maximum call stack|too much recursion/i;

function toFailure(e: unknown, tokens: Token[]): ParseFailure {
  // Object(e): the error itself, or an empty wrapper for a thrown primitive (null gives {}).
  const err = Object(e) as { message?: unknown; pos?: unknown; raisedAt?: unknown };
  const message = String(err.message ?? e).replace(/ \(\d+:\d+\)$/, '');
  // Stryker disable next-line ConditionalExpression: acorn gives every error it throws a pos, its own stack overflow too (it rethrows a RangeError as 'Not enough stack space'); 0 is for a foreign throw
  const pos = typeof err.pos === 'number' ? err.pos : 0;
  // Stryker disable next-line ConditionalExpression: acorn gives every error it throws a raisedAt too; pos is for a foreign throw
  const raisedAt = typeof err.raisedAt === 'number' ? err.raisedAt : pos;
  // The engines' stack overflow (V8 and JavaScriptCore throw a RangeError, SpiderMonkey an InternalError) is known
  // by its message; acorn's own errors are SyntaxErrors.
  return { message, pos, raisedAt, tooDeep: stackOverflow.test(message), tokens };
}

/** ES5 parses are a yes/no check, so they skip locations, except when their AST is handed out. */
type Version = 5 | 'latest' | 'es5-ast';

function optionsFor(version: Version, tokens: Token[], comments: Comment[]): Options {
  const ecmaVersion = version === 'latest' ? 'latest' : 5;
  // Stryker disable next-line ConditionalExpression: locations only cost time in the yes/no parse; no output differs
  const locations = version !== 5;
  return {
    ecmaVersion,
    locations,
    allowHashBang: ecmaVersion === 'latest',
    onToken: tokens,
    onComment: comments,
  };
}

const trivia = /(?:\s|\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\/)*/y;

/** Offset of the first non-whitespace, non-comment character at or after `pos`; pushes the comments it skips. */
export function skipTrivia(source: string, pos: number, comments?: Comment[]): number {
  trivia.lastIndex = pos;
  const m = trivia.exec(source);
  const end = pos + (m ? m[0].length : 0);
  if (comments) {
    const re = /\/\/([^\n\r\u2028\u2029]*)|\/\*([\s\S]*?)\*\//g;
    const text = source.slice(pos, end);
    for (let c = re.exec(text); c; c = re.exec(text)) {
      const start = pos + c.index;
      const block = c[2] !== undefined;
      comments.push({
        type: block ? 'Block' : 'Line',
        value: block ? c[2] : c[1],
        start,
        end: start + c[0].length,
      });
    }
  }
  return end;
}

/** End offset of the token starting at `pos` (pos + 1 when it cannot be read, or at the end of the source). */
export function tokenEndAt(source: string, pos: number): number {
  try {
    const t = tokenizer(source.slice(pos), { ecmaVersion: 'latest' }).getToken();
    return pos + Math.max(t.end, 1);
  } catch {
    // Only a character that starts no token throws, so pos is inside the source.
    return pos + 1;
  }
}

function parseExpressionGoal(source: string, ecmaVersion: Version): Attempt {
  // Stryker disable next-line ArrayDeclaration: a first token of junk is never read: the look-ups (the last token, the token before an offset inside the code) stop at the real tokens after it
  const tokens: Token[] = [];
  const comments: Comment[] = [];
  try {
    const node = parseExpressionAt(
      source,
      0,
      optionsFor(ecmaVersion, tokens, comments),
    ) as unknown as AnyNode;
    // The last consumed token ends the expression, including parentheses acorn leaves out of the node (an
    // expression has at least one token).
    const end = tokens[tokens.length - 1].end;
    const trailing: Comment[] = [];
    let rest = skipTrivia(source, end, trailing);
    if (source[rest] === ';') rest = skipTrivia(source, rest + 1, trailing);
    if (rest < source.length) {
      const failure = {
        message: 'Unexpected token',
        pos: rest,
        raisedAt: tokenEndAt(source, rest),
        tooDeep: false,
      };
      return { ok: false, failure: { ...failure, tokens, afterExpression: end } };
    }
    for (const c of trailing) if (!comments.some((k) => k.start === c.start)) comments.push(c);
    return { ok: true, node, end, tokens, comments };
  } catch (e) {
    return { ok: false, failure: toFailure(e, tokens) };
  }
}

function parseProgramGoal(source: string, ecmaVersion: Version, sourceType: 'script' | 'module'): Attempt {
  // Stryker disable next-line ArrayDeclaration: a first token of junk is never read: the look-ups (the last token, the token before an offset inside the code) stop at the real tokens after it
  const tokens: Token[] = [];
  const comments: Comment[] = [];
  try {
    const node = parse(source, {
      ...optionsFor(ecmaVersion, tokens, comments),
      sourceType,
    }) as unknown as AnyNode;
    return { ok: true, node, end: node.end, tokens, comments };
  } catch (e) {
    return { ok: false, failure: toFailure(e, tokens) };
  }
}

function accepted(goal: 'expression' | 'program', a: Attempt & { ok: true }, module = false): GoalParse {
  const base = { goal, ast: a.node, tokens: a.tokens, comments: a.comments, module, es5Valid: false };
  return goal === 'expression' ? { ...base, expressionEnd: a.end } : base;
}

function acceptExpression(source: string, expr: Attempt & { ok: true }): GoalParse {
  const es5 = parseExpressionGoal(source, 5);
  if (!es5.ok) return { ...accepted('expression', expr), es5Error: es5.failure };
  // ES5 read the same expression: both parses end at their last token and only whitespace, comments and one ';'
  // follow, so neither can end inside the other's tokens.
  return { ...accepted('expression', expr), es5Valid: true };
}

function rejectAll(source: string, expr: ParseFailure, script: ParseFailure): GoalParse {
  const first = source[skipTrivia(source, 0)];
  const exprFirst = first === '{' || first === '(';
  // A parse that ran out of stack says nothing about the code's validity: report that one, where it happened.
  const chosen = exprFirst ? expr : script;
  const error = [chosen, expr, script].find((f) => f.tooDeep) ?? chosen;
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration,BooleanLiteral: only the construct search reads these, and only of a parse with an AST
  const unread = { tokens: [], module: false };
  return {
    goal: exprFirst ? 'expression' : 'program',
    ast: null,
    ...unread,
    comments: [],
    es5Valid: false,
    error,
  };
}

/** Parses `source` as one expression if it is one, else as a script (or, failing that, a module). Never throws. */
export function parseGoal(source: string): GoalParse {
  const expr = parseExpressionGoal(source, 'latest');
  if (expr.ok) return acceptExpression(source, expr);
  // Stryker disable next-line StringLiteral: acorn parses any sourceType but 'module' as a script
  const script = parseProgramGoal(source, 'latest', 'script');
  // Stryker disable next-line StringLiteral: acorn parses any sourceType but 'module' as a script
  const es5Script = parseProgramGoal(source, 5, 'script');
  if (script.ok) {
    return {
      ...accepted('program', script),
      es5Valid: es5Script.ok,
      es5Error: es5Script.ok ? undefined : es5Script.failure,
    };
  }
  // Stryker disable next-line ConditionalExpression: only saves time: the module parse of code the script parse ran out of stack on runs out of stack too
  if (!script.failure.tooDeep) {
    const mod = parseProgramGoal(source, 'latest', 'module');
    if (mod.ok)
      return { ...accepted('program', mod, true), es5Error: es5Script.ok ? undefined : es5Script.failure };
  }
  // Rare: code ES5 accepts but later editions reject (e.g. `let[0] = 1;`, a
  // declaration to later editions but an assignment to the array `let` in ES5).
  // Stryker disable next-line StringLiteral: '' parses as ES5 with locations too, the same as 'es5-ast'
  const es5Expr = parseExpressionGoal(source, 'es5-ast');
  if (es5Expr.ok) return { ...accepted('expression', es5Expr), es5Valid: true };
  // Stryker disable next-line StringLiteral: '' parses as ES5 with locations too, and any sourceType but 'module' as a script
  const es5Ast = es5Script.ok ? parseProgramGoal(source, 'es5-ast', 'script') : es5Script;
  if (es5Ast.ok) return { ...accepted('program', es5Ast), es5Valid: true };
  return rejectAll(source, expr.failure, script.failure);
}
