import { buildArrowFix, buildRemoveFix } from './buildFixes.ts';
import { excerpt, type Detector, type FindContext } from './finding.ts';
import type { TokenSpan } from './tokenList.ts';
import type { AnyNode } from './walkAst.ts';

function reportToken(ctx: FindContext, ruleId: string, subject: string, token: TokenSpan): void {
  ctx.report({ ruleId, subject, start: token.start, end: token.end });
}

function checkParams(ctx: FindContext, fn: AnyNode, close: TokenSpan | undefined): void {
  for (const p of fn.params as AnyNode[]) {
    const text = excerpt(ctx.source.slice(p.start, p.end));
    if (p.type === 'RestElement')
      ctx.report({ ruleId: 'es5/rest', subject: `Rest parameter '${text}'`, ...span(p) });
    if (p.type === 'AssignmentPattern') {
      ctx.report({
        ruleId: 'es5/default-parameter',
        subject: `Default parameter value '${text}'`,
        ...span(p),
      });
    }
  }
  // No parameters: the token before `)` is `(`. A bare arrow parameter has no `)`.
  if (ctx.tokens.text(close) !== ')') return;
  const comma = ctx.tokens.before(close!.start);
  if (ctx.tokens.text(comma) === ',') {
    const fix = buildRemoveFix('Remove the trailing comma', comma!);
    ctx.report({
      ruleId: 'es5/trailing-comma',
      subject: 'A trailing comma after the last parameter',
      ...span(comma!),
      fix,
    });
  }
}

function span(n: { start: number; end: number }): { start: number; end: number } {
  return { start: n.start, end: n.end };
}

/** Functions of every kind: arrows, async, generators, rest/default parameters, trailing commas in parameters. */
export const detectFunction: Detector = (ctx, node, ancestors) => {
  const parent = ancestors[ancestors.length - 1];
  const isMethod =
    parent && parent.value === node && (parent.type === 'MethodDefinition' || parent.type === 'Property');
  const head = isMethod ? parent.start : node.start;
  // From the method's or function's start: `static async *m`, `async function*`.
  if (node.async)
    reportToken(ctx, 'es5/async-await', "'async' function", ctx.tokens.findAfter(head, ['async'], 3)!);
  if (node.generator)
    reportToken(ctx, 'es5/generator', 'Generator function', ctx.tokens.findAfter(head, ['*'], 4)!);
  if (node.type !== 'ArrowFunctionExpression') {
    checkParams(ctx, node, ctx.tokens.before(node.body.start));
    return;
  }
  const last = node.params[node.params.length - 1] as AnyNode | undefined;
  const arrow = ctx.tokens.findAfter(last ? last.end : node.start, ['=>'])!;
  checkParams(ctx, node, ctx.tokens.before(arrow.start));
  const fix = buildArrowFix(ctx, node, arrow, parent);
  ctx.report({
    ruleId: 'es5/arrow-function',
    subject: "Arrow function '=>'",
    start: node.start,
    end: arrow.end,
    fix,
  });
};

/** Trailing commas in argument lists: `f(a, b,)`. */
export const detectCall: Detector = (ctx, node) => {
  // The last token; `new F` has no argument list, and `f()` has `(` before `)`.
  const close = ctx.tokens.before(node.end);
  // Stryker disable next-line ConditionalExpression: without ')' the token before the last one is never ',' ('new F', 'new a.b')
  if (ctx.tokens.text(close) !== ')') return;
  const comma = ctx.tokens.before(close!.start);
  if (ctx.tokens.text(comma) !== ',') return;
  const fix = buildRemoveFix('Remove the trailing comma', comma!);
  ctx.report({
    ruleId: 'es5/trailing-comma',
    subject: 'A trailing comma after the last argument',
    ...span(comma!),
    fix,
  });
};

/** `await` outside any function (module code only). */
export const detectAwait: Detector = (ctx, node, ancestors) => {
  const inFunction = ancestors.some((a) => /Function/.test(a.type));
  if (inFunction) return;
  ctx.report({
    ruleId: 'es5/top-level-await',
    subject: "Top-level 'await'",
    start: node.start,
    end: node.start + 5,
  });
};
