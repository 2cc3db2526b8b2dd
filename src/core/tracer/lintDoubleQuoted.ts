import type { LintRule } from './lintContext.ts';
import { defineRule, type LintPass } from './defineRule.ts';

export const doubleQuotedString = defineRule(
  'double-quoted-string',
  'info',
  'a double-quoted string literal (breaks hand-written JSON payloads)',
);

/** Double-quoted string literals break hand-written JSON payloads (spec 4.4); the fix re-quotes them with '. */
const checkDoubleQuoted: LintRule = (visit, cx) => {
  const node = visit.node;
  if (node.type !== 'Literal') return;
  const { start, end } = visit.node;
  // A literal whose text starts with a double quote is a double-quoted string (its quotes match, it is 2+ long).
  if (cx.source[start] !== '"') return;
  const message =
    'Double-quoted strings break hand-written JSON payloads (the tracer travels inside a JSON string): use single quotes';
  const text = toSingleQuoted(cx.source.slice(start + 1, end - 1));
  const fix = { title: 'Use single quotes', edits: [{ start, end, text }] };
  cx.report(doubleQuotedString.make(cx.r, message, start, end, fix));
};

/** Re-quotes the body of a double-quoted literal with single quotes, keeping its value. */
export function toSingleQuoted(body: string): string {
  let out = "'";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\' && i + 1 < body.length) {
      const next = body[i + 1];
      out += next === '"' ? '"' : c + next;
      i++;
    } else out += c === "'" ? "\\'" : c;
  }
  return out + "'";
}

/** A lint pass: its rules (doubleQuotedString) and the check that reports them. */
export const lintDoubleQuoted: LintPass = { rules: [doubleQuotedString], check: checkDoubleQuoted };
