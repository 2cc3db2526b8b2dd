import type { Token } from 'acorn';
import { tokenizer } from '../es5/loopParser.ts';

/** Maps offsets in the flattened string back to the source. */
export interface PositionMap {
  /** Source offset (UTF-16) for a 0-based offset into the flattened string; nearest mapped token at or before it. */
  toSourceOffset(flatOffset: number): number;
}

interface Tok {
  start: number;
  end: number;
  key: string;
  /** `(`, `)`, `;` and `,` may appear on one side only (removed or added parentheses, semicolons, commas). */
  optional: boolean;
}

const optionalPunct = new Set(['(', ')', ';', ',']);

function keyOf(t: Token): string {
  const label = t.type.label;
  const v = (t as unknown as { value: unknown }).value;
  if (label === 'regexp') {
    const r = v as { pattern: string; flags: string };
    const pattern = r.pattern.replace(/\\u0022|\\"/g, '"').replace(/\\x3C|\\</g, '<');
    return `regexp:${pattern}/${r.flags}`;
  }
  // Punctuators have no value (`(:undefined`); names, keywords, strings, numbers and templates key on their value.
  return `${label}:${String(v)}`;
}

/** Tokens of `text` read as `(text)`, with offsets into `text` shifted by `base`. Stops quietly at a bad token. */
function readTokens(text: string, base: number): Tok[] {
  const out: Tok[] = [];
  try {
    for (const t of tokenizer('(' + text + ')', { ecmaVersion: 'latest' })) {
      const key = keyOf(t);
      out.push({
        start: t.start - 1 + base,
        end: t.end - 1 + base,
        key,
        optional: optionalPunct.has(t.type.label),
      });
    }
  } catch {
    // A token the tokenizer cannot read ends the mapping there; the nearest earlier token still maps.
  }
  return out.slice(1, -1);
}

const lookahead = 16;

/** Pairs each flattened token with the same token in the source (same kind and value, in order). */
function alignTokens(flat: Tok[], src: Tok[]): { flatStarts: number[]; pairs: Array<[Tok, Tok]> } {
  const pairs: Array<[Tok, Tok]> = [];
  let j = 0;
  for (const t of flat) {
    if (j >= src.length) break;
    if (t.optional) {
      if (src[j].key === t.key) pairs.push([t, src[j++]]);
      continue;
    }
    // Skip source-only tokens, but give up on this flattened token after a few unmatched real ones.
    let k = j;
    let skipped = 0;
    while (k < src.length && src[k].key !== t.key) {
      if (!src[k].optional && ++skipped > lookahead) break;
      k++;
    }
    if (k < src.length && src[k].key === t.key) {
      pairs.push([t, src[k]]);
      j = k + 1;
    }
  }
  return { flatStarts: pairs.map((p) => p[0].start), pairs };
}

/**
 * Builds the position map of a flattened tracer lazily: the first lookup tokenizes the flattened code and the
 * source span `[srcStart, srcEnd)` it was printed from, and pairs equal tokens in order.
 */
export function createPositionMap(
  source: string,
  srcStart: number,
  srcEnd: number,
  code: string,
): PositionMap {
  let built: ReturnType<typeof alignTokens> | null = null;
  return {
    toSourceOffset(flatOffset: number): number {
      built ??= alignTokens(readTokens(code, 0), readTokens(source.slice(srcStart, srcEnd), srcStart));
      const { flatStarts, pairs } = built;
      let lo = 0;
      let hi = flatStarts.length - 1;
      if (hi < 0 || flatOffset < flatStarts[0]) return srcStart;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (flatStarts[mid] <= flatOffset) lo = mid;
        else hi = mid - 1;
      }
      const [f, s] = pairs[lo];
      const inside = flatOffset < f.end && f.end - f.start === s.end - s.start;
      return inside ? s.start + (flatOffset - f.start) : s.start;
    },
  };
}
