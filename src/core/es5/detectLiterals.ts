import { parseExpressionAt } from './loopParser.ts';
import type { Engine } from '../targets.ts';
import { buildEscapeFix, buildNumberFix } from './buildFixes.ts';
import { excerpt, type Detector, type FindContext } from './finding.ts';
import type { AnyNode } from './walkAst.ts';

/** A `\u{` escape that is not itself escaped (`\\u{` is a backslash followed by "u{"). */
const codePointEscape = /(?<!\\)(?:\\\\)*\\u\{/;
const astral = /[\ud800-\udbff][\udc00-\udfff]/;
/** Regexp modifiers are not measured on Boa or V8 (Node 20's V8 rejects them): no engine is assumed to run them. */
const noEngines: readonly Engine[] = [];

/**
 * Regexp flags beyond ES5's g, i, m: edition and the engines that take them (goja 9037c2b61cbf: g, i, m, y, u in
 * builtin_regexp.go compileRegexp; Boa in anvil 1.7.1 and V8: all of them).
 */
const flagInfo: Record<string, { since: string; engines: readonly Engine[] }> = {
  u: { since: 'ES2015', engines: ['goja', 'boa', 'v8'] },
  y: { since: 'ES2015', engines: ['goja', 'boa', 'v8'] },
  s: { since: 'ES2018', engines: ['boa', 'v8'] },
  d: { since: 'ES2022', engines: ['boa', 'v8'] },
  v: { since: 'ES2024', engines: ['boa', 'v8'] },
};

function detectNumber(ctx: FindContext, node: AnyNode, raw: string): void {
  const at = { start: node.start, end: node.end };
  const fixable = !node.bigint;
  if (raw.includes('_')) {
    const fix = fixable ? buildNumberFix(raw, node.start, node.end) : undefined;
    ctx.report({ ruleId: 'es5/numeric-separator', subject: `Numeric separator in '${raw}'`, ...at, fix });
  }
  if (/^0[bBoO]/.test(raw)) {
    // Past its '0b' or '0o' prefix the literal has only digits (octal: 0-7) and '_': a 'b' can only be the prefix.
    const kind = /[bB]/.test(raw) ? 'Binary' : 'Octal';
    const fix = fixable ? buildNumberFix(raw, node.start, node.end) : undefined;
    ctx.report({ ruleId: 'es5/binary-octal-literal', subject: `${kind} literal '${raw}'`, ...at, fix });
  }
  if (node.bigint)
    ctx.report({ ruleId: 'es5/bigint-literal', subject: `BigInt literal '${excerpt(raw)}'`, ...at });
}

function regexpFeature(pattern: string): {
  subject: string;
  since?: string;
  engines?: readonly Engine[];
} {
  if (/\(\?<[=!]/.test(pattern)) return { subject: "Lookbehind assertion '(?<=…)'" };
  if (/\(\?<[^=!]/.test(pattern)) return { subject: "Named capture group '(?<name>…)'" };
  if (/\(\?[ims-]+:/.test(pattern))
    return { subject: "Regular expression modifiers '(?i:…)'", since: 'ES2025', engines: noEngines };
  return { subject: 'Regular expression syntax' };
}

function detectRegExp(ctx: FindContext, node: AnyNode): void {
  const { pattern, flags } = node.regex as { pattern: string; flags: string };
  const flagsStart = node.end - flags.length;
  for (const [i, flag] of [...flags].entries()) {
    const info = flagInfo[flag];
    if (!info) continue;
    const subject = `Regular expression flag '${flag}'`;
    ctx.report({
      ruleId: 'es5/regexp-flag',
      subject,
      start: flagsStart + i,
      end: flagsStart + i + 1,
      ...info,
    });
  }
  const es5Flags = flags.replace(/[^gim]/g, '');
  try {
    parseExpressionAt(`/${pattern}/${es5Flags}`, 0, { ecmaVersion: 5 });
  } catch (e) {
    // acorn's text is "Invalid regular expression: /PATTERN/: REASON (1:0)" (the literal starts the parsed text).
    const reason = (e as Error).message.slice(
      `Invalid regular expression: /${pattern}/: `.length,
      -' (1:0)'.length,
    );
    const { subject, since, engines } = regexpFeature(pattern);
    // Past lookbehinds, named groups and modifiers, only syntax of the 'u' or 'v' flag (e.g. '\u{…}') is left.
    const flagSince = flags.includes('v') ? 'ES2024' : 'ES2015';
    const other = subject === 'Regular expression syntax';
    const detail = other ? `${subject} (${reason})` : subject;
    const at = { start: node.start, end: flagsStart };
    ctx.report({
      ruleId: 'es5/regexp-syntax',
      subject: detail,
      ...at,
      since: other ? flagSince : since,
      engines,
    });
  }
}

function detectString(ctx: FindContext, node: AnyNode, raw: string): void {
  const at = { start: node.start, end: node.end };
  if (codePointEscape.test(raw)) {
    const fix = buildEscapeFix(raw, node.start, node.end);
    ctx.report({
      ruleId: 'es5/unicode-code-point-escape',
      subject: "Code point escape '\\u{…}'",
      ...at,
      fix,
    });
  }
  const sep = /[\u2028\u2029]/.exec(raw);
  if (sep) {
    const fix = buildEscapeFix(raw, node.start, node.end);
    const name = sep[0] === '\u2028' ? 'line separator U+2028' : 'paragraph separator U+2029';
    ctx.report({
      ruleId: 'es5/line-separator-in-string',
      subject: `An unescaped ${name} in a string`,
      ...at,
      fix,
    });
  }
}

/** Numbers, BigInts, regular expressions and strings. */
export const detectLiteral: Detector = (ctx, node) => {
  const raw = ctx.source.slice(node.start, node.end);
  if (node.regex) detectRegExp(ctx, node);
  else if (typeof node.value === 'number' || node.bigint) detectNumber(ctx, node, raw);
  // Strings, and booleans and null, whose raw text has neither a '\u{' escape nor a line separator.
  else detectString(ctx, node, raw);
};

/** Identifiers written with `\u{…}` or holding characters above U+FFFF. */
export const detectIdentifier: Detector = (ctx, node) => {
  const raw = ctx.source.slice(node.start, node.end);
  const at = { start: node.start, end: node.end };
  if (codePointEscape.test(raw)) {
    const subject = `Code point escape '\\u{…}' in the name '${excerpt(raw)}'`;
    ctx.report({ ruleId: 'es5/unicode-code-point-escape', subject, ...at });
  } else if (astral.test(node.name)) {
    const subject = `The name '${node.name}' (a character above U+FFFF)`;
    ctx.report({ ruleId: 'es5/unicode-identifier', subject, ...at });
  }
};
