/**
 * Test helper: an ESTree AST reduced to what the flattener must preserve. Positions, `raw`, the flattener's
 * verbatim marks and parenthesization are dropped; regular-expression patterns are compared with `"`, `\"` and
 * `\u0022` (and `<`, `\x3C`) unified; template elements compare by cooked value unless tagged; directives keep only
 * whether they are exactly 'use strict'.
 */
const dropped = new Set(['start', 'end', 'loc', 'range', 'raw', 'x-flatten-verbatim']);

function normalizePattern(p: string): string {
  return p.replace(/\\u0022|\\"/g, '"').replace(/\\x3C|\\</g, '<');
}

export function normalizeAst(node: unknown, tagged = false): unknown {
  if (Array.isArray(node)) return node.map((n) => normalizeAst(n, tagged));
  if (!node || typeof node !== 'object') return node;
  const n = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(n)) {
    if (dropped.has(key)) continue;
    const v = n[key];
    if (key === 'directive') out.directive = v === 'use strict' ? 'use strict' : 'other';
    else if (key === 'regex') {
      const r = v as { pattern: string; flags: string };
      out.regex = { pattern: normalizePattern(r.pattern), flags: r.flags };
    } else if (key === 'value' && n.type === 'Literal' && n.regex) out.value = 'regexp';
    else if (key === 'value' && n.type === 'TemplateElement') {
      const t = v as { raw: string; cooked: string | null };
      out.value = tagged ? { raw: t.raw.replace(/\r\n?/g, '\n'), cooked: t.cooked } : { cooked: t.cooked };
    } else out[key] = normalizeAst(v, n.type === 'TaggedTemplateExpression' || (tagged && key === 'quasis'));
  }
  return out;
}
