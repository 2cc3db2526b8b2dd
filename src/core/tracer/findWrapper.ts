import type { Token } from 'acorn';
import { tokenizer } from '../es5/loopParser.ts';

/** A statement head written before the tracer object: `var|let|const NAME =`, `module.exports =`, `export default`. */
export interface PrefixWrapper {
  form: 'variable' | 'module-exports' | 'export-default';
  /** Offset of the wrapper's first token. */
  start: number;
  /** Offset just after its last token (`=` or `default`). */
  end: number;
}

function firstTokens(source: string, count: number): Token[] {
  const out: Token[] = [];
  try {
    // Stryker disable next-line ObjectLiteral: acorn's default (ES2020) reads the wrapper tokens (words, '.', '=') alike
    const tokens = tokenizer(source, {
      ecmaVersion: 'latest',
      // Stryker disable next-line StringLiteral: strict mode changes no wrapper token; a later failing token is caught
      sourceType: 'module',
    });
    for (const t of tokens) {
      out.push(t);
      // Stryker disable next-line ConditionalExpression: performance only; later tokens are never looked at
      if (out.length === count) break;
    }
  } catch {
    // Unreadable text: whatever was read before is enough to tell.
  }
  return out;
}

const word = (t: Token | undefined, value: string) =>
  t !== undefined && (t as Token & { value: unknown }).value === value && t.type.label !== 'string';
const punct = (t: Token | undefined, label: string) => t !== undefined && t.type.label === label;

/**
 * The wrapper in front of the tracer object, read from the first tokens (comments and line breaks may sit between
 * them); null when the source does not start with one. Whether the rest is one object is for the caller to find out.
 */
export function findPrefixWrapper(source: string): PrefixWrapper | null {
  const t = firstTokens(source, 4);
  // Stryker disable next-line ConditionalExpression: short-cut; with fewer than two tokens no form below can match
  if (t.length < 2) return null;
  if (
    (word(t[0], 'var') || word(t[0], 'let') || word(t[0], 'const')) &&
    punct(t[1], 'name') &&
    punct(t[2], '=')
  )
    return { form: 'variable', start: t[0].start, end: t[2].end };
  if (word(t[0], 'module') && punct(t[1], '.') && word(t[2], 'exports') && punct(t[3], '='))
    return { form: 'module-exports', start: t[0].start, end: t[3].end };
  if (word(t[0], 'export') && word(t[1], 'default'))
    return { form: 'export-default', start: t[0].start, end: t[1].end };
  return null;
}

/** `source` with `[start, end)` replaced by spaces (line breaks kept), so offsets, lines and columns stay the same. */
export function blankRange(source: string, start: number, end: number): string {
  return (
    source.slice(0, start) + source.slice(start, end).replace(/[^\n\r\u2028\u2029]/g, ' ') + source.slice(end)
  );
}
