import { buildCatchFix, buildExponentFix, buildTemplateFix, buildVarFix } from './buildFixes.ts';
import { excerpt, type Detector, type FindContext } from './finding.ts';
import type { AnyNode } from './walkAst.ts';

function keyword(ctx: FindContext, ruleId: string, subject: string, node: AnyNode, length: number): void {
  ctx.report({ ruleId, subject, start: node.start, end: node.start + length });
}

/** `let`, `const`, `using`. */
export const detectDeclaration: Detector = (ctx, node) => {
  const kind = node.kind as string;
  if (kind === 'var') return;
  if (kind === 'let' || kind === 'const') {
    ctx.report({
      ruleId: 'es5/let-const',
      subject: `'${kind}' declaration`,
      start: node.start,
      end: node.start + kind.length,
      fix: buildVarFix(node),
    });
    return;
  }
  // `using` or `await using`: the range ends after `using`.
  const end = ctx.tokens.findAfter(node.start, ['using'], 2)!.end;
  ctx.report({ ruleId: 'es5/using-declaration', subject: `'${kind}' declaration`, start: node.start, end });
};

export const detectTemplate: Detector = (ctx, node, ancestors) => {
  const parent = ancestors[ancestors.length - 1];
  if (parent?.type === 'TaggedTemplateExpression' && parent.quasi === node) return;
  const fix = buildTemplateFix(ctx, node, parent);
  ctx.report({
    ruleId: 'es5/template-literal',
    subject: 'Template literal',
    start: node.start,
    end: node.end,
    fix,
  });
};

export const detectTaggedTemplate: Detector = (ctx, node) => {
  const subject = `Tagged template '${excerpt(ctx.source.slice(node.start, node.end))}'`;
  ctx.report({ ruleId: 'es5/tagged-template', subject, start: node.start, end: node.end });
};

export const detectClass: Detector = (ctx, node) => {
  const name = node.id ? ` '${node.id.name}'` : '';
  keyword(ctx, 'es5/class', `Class${name}`, node, 5);
};

export const detectClassMember: Detector = (ctx, node) => {
  if (node.type === 'StaticBlock') {
    keyword(ctx, 'es5/class-static-block', "Class 'static {…}' block", node, 6);
  } else if (node.type === 'PrivateIdentifier') {
    ctx.report({
      ruleId: 'es5/private-name',
      subject: `Private name '#${node.name}'`,
      start: node.start,
      end: node.end,
    });
  } else {
    const subject = `Class field '${excerpt(ctx.source.slice(node.key.start, node.key.end))}'`;
    ctx.report({ ruleId: 'es5/class-fields', subject, start: node.start, end: node.end });
  }
};

export const detectSuper: Detector = (ctx, node, ancestors) => {
  if (ancestors.some((a) => a.type === 'ClassBody')) return;
  ctx.report({ ruleId: 'es5/super', subject: "'super'", start: node.start, end: node.end });
};

const newOperators = new Set(['**', '**=', '??', '&&=', '||=', '??=']);

/** `**`, `**=`, `??`, `&&=`, `||=`, `??=`. */
export const detectOperator: Detector = (ctx, node) => {
  const op = node.operator as string;
  if (!newOperators.has(op)) return;
  // Between the left operand and the operator there can only be closing parentheses.
  const token = ctx.tokens.findAfter(node.left.end, [op])!;
  const at = { start: token.start, end: token.end };
  if (op === '**' || op === '**=') {
    const fix = buildExponentFix(ctx, node);
    ctx.report({ ruleId: 'es5/exponent-operator', subject: `Exponent operator '${op}'`, ...at, fix });
  } else if (op === '??') {
    ctx.report({ ruleId: 'es5/nullish-coalescing', subject: "Nullish coalescing operator '??'", ...at });
  } else {
    // `&&=`, `||=`, `??=`: the rest of newOperators.
    ctx.report({ ruleId: 'es5/logical-assignment', subject: `Logical assignment '${op}'`, ...at });
  }
};

export const detectOptional: Detector = (ctx, node) => {
  if (!node.optional) return;
  // An optional member or call has its `?.` right after the object or callee.
  const token = ctx.tokens.findAfter((node.object ?? node.callee).end, ['?.'])!;
  ctx.report({ ruleId: 'es5/optional-chaining', subject: "Optional chaining '?.'", ...spanOf(token) });
};

function spanOf(n: { start: number; end: number }) {
  return { start: n.start, end: n.end };
}

export const detectMeta: Detector = (ctx, node) => {
  const isNew = node.meta.name === 'new';
  ctx.report({
    ruleId: isNew ? 'es5/new-target' : 'es5/import-meta',
    subject: `'${node.meta.name}.${node.property.name}'`,
    ...spanOf(node),
  });
};

export const detectModuleSyntax: Detector = (ctx, node) => {
  const subject =
    node.type === 'ImportExpression'
      ? "Dynamic 'import()'"
      : node.type === 'ImportDeclaration'
        ? "'import' declaration"
        : "'export' declaration";
  keyword(ctx, 'es5/import-export', subject, node, 6);
};

export const detectForOf: Detector = (ctx, node) => {
  const of = ctx.tokens.findAfter(node.left.end, ['of'])!;
  ctx.report({ ruleId: 'es5/for-of', subject: "'for…of' loop", start: node.start, end: of.end });
  if (!node.await) return;
  // `for await (`: the second token.
  const token = ctx.tokens.findAfter(node.start, ['await'], 2)!;
  ctx.report({ ruleId: 'es5/async-await', subject: "'for await' loop", ...spanOf(token) });
};

export const detectCatch: Detector = (ctx, node) => {
  if (node.param) return;
  ctx.report({
    ruleId: 'es5/optional-catch-binding',
    subject: "'catch' without a parameter",
    start: node.start,
    end: node.start + 5,
    fix: buildCatchFix(ctx, node),
  });
};

/** ES5 inserts no `;` after `do … while (…)` unless a line break or `}` follows. */
export const detectDoWhile: Detector = (ctx, node) => {
  if (ctx.source[node.end - 1] !== ')') return;
  const next = ctx.tokens.at(ctx.tokens.indexAtOrAfter(node.end));
  const nextText = ctx.tokens.text(next);
  if (
    !next ||
    nextText === '' ||
    nextText === '}' ||
    /[\n\r\u2028\u2029]/.test(ctx.source.slice(node.end, next.start))
  ) {
    return;
  }
  const fix = { title: "Insert ';'", edits: [{ start: node.end, end: node.end, text: ';' }] };
  const subject = "A statement right after 'do … while (…)' without ';'";
  ctx.report({ ruleId: 'es5/do-while-semicolon', subject, start: node.end - 1, end: node.end, fix });
};
