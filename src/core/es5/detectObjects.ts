import { buildMethodFix, buildShorthandFix } from './buildFixes.ts';
import { excerpt, type Detector } from './finding.ts';
import { someNode, type AnyNode } from './walkAst.ts';

const isPattern = (n: AnyNode) => n.type === 'ObjectPattern' || n.type === 'ArrayPattern';
const isFunction = (n: AnyNode) => /Function/.test(n.type);

/** Shorthand methods and properties, computed keys (object literals only: patterns count as destructuring). */
export const detectProperty: Detector = (ctx, node, ancestors) => {
  // A Property always has a parent: an object literal or an object pattern.
  if (ancestors[ancestors.length - 1].type !== 'ObjectExpression') return;
  const key = node.key as AnyNode;
  let keyStart = key.start;
  let keyEnd = key.end;
  if (node.computed) {
    // A computed key always stands between '[' and ']' tokens.
    keyStart = ctx.tokens.before(key.start)!.start;
    keyEnd = ctx.tokens.findAfter(key.end, [']'])!.end;
    const subject = `Computed property key '${excerpt(ctx.source.slice(keyStart, keyEnd))}'`;
    ctx.report({ ruleId: 'es5/computed-key', subject, start: keyStart, end: keyEnd });
  }
  const keyText = excerpt(ctx.source.slice(key.start, key.end));
  if (node.method) {
    const usesSuper = someNode(node.value.body, (n) => n.type === 'Super', isFunction);
    const fix = usesSuper ? undefined : buildMethodFix(ctx, node);
    const subject = `Shorthand method '${keyText}(…) {…}'`;
    ctx.report({ ruleId: 'es5/shorthand-method', subject, start: keyStart, end: keyEnd, fix });
  } else if (node.shorthand) {
    const fix = buildShorthandFix(ctx, node);
    const subject = `Shorthand property '${keyText}'`;
    ctx.report({ ruleId: 'es5/shorthand-property', subject, start: key.start, end: key.end, fix });
  }
};

function isStrict(ancestors: readonly AnyNode[], module: boolean): boolean {
  if (module) return true;
  return ancestors.some((a) => {
    if (a.type === 'ClassBody') return true;
    // Stryker disable ArrayDeclaration: other nodes have no directive prologue, and a dummy entry has no 'directive' either
    const body =
      a.type === 'Program' ? a.body : isFunction(a) && a.body.type === 'BlockStatement' ? a.body.body : [];
    // Stryker restore ArrayDeclaration
    return (body as AnyNode[]).some((s) => s.directive === 'use strict');
  });
}

/** The kinds of definition seen of one key (absent: not seen). */
interface Seen {
  init?: boolean;
  get?: boolean;
  set?: boolean;
}

/** ES5.1 §11.1.5: no getter/setter beside a data property, no repeated accessor, no repeat at all in strict code. */
export const detectDuplicateKeys: Detector = (ctx, node, ancestors) => {
  const seen = new Map<string, Seen>();
  let strict: boolean | undefined;
  for (const prop of node.properties as AnyNode[]) {
    if (prop.type !== 'Property' || prop.computed) continue;
    const name = prop.key.type === 'Identifier' ? prop.key.name : String(prop.key.value);
    const kind = prop.kind as keyof Seen;
    const prev = seen.get(name);
    if (prev) {
      strict ??= isStrict(ancestors, ctx.module);
      const clash = kind === 'init' ? prev.get || prev.set || (prev.init && strict) : prev.init || prev[kind];
      if (clash) {
        const subject = `A second definition of property '${excerpt(name)}'`;
        ctx.report({ ruleId: 'es5/duplicate-property', subject, start: prop.key.start, end: prop.key.end });
      }
    }
    const entry: Seen = prev ?? {};
    entry[kind] = true;
    seen.set(name, entry);
  }
};

/** `...x` in arrays, calls and object literals (rest elements in patterns count as destructuring). */
export const detectSpread: Detector = (ctx, node, ancestors) => {
  const inObject = ancestors[ancestors.length - 1].type === 'ObjectExpression';
  const text = excerpt(ctx.source.slice(node.start, node.end));
  ctx.report({
    ruleId: inObject ? 'es5/object-spread' : 'es5/spread',
    subject: inObject ? `Object spread '${text}'` : `Spread '${text}'`,
    start: node.start,
    end: node.end,
  });
};

/** The outermost destructuring pattern (in declarations, assignments, parameters, catch clauses, loops). */
export const detectPattern: Detector = (ctx, node, ancestors) => {
  for (const a of [...ancestors].reverse()) {
    if (isPattern(a)) return;
    if (a.type !== 'Property' && a.type !== 'RestElement' && a.type !== 'AssignmentPattern') break;
  }
  const subject = `Destructuring '${excerpt(ctx.source.slice(node.start, node.end))}'`;
  ctx.report({ ruleId: 'es5/destructuring', subject, start: node.start, end: node.end });
};
