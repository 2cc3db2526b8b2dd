import type { Token } from 'acorn';
import { tokenizer } from '../es5/loopParser.ts';

/**
 * Maps offsets in the flattened string back to the source. Plain data (numbers only), so that it survives
 * `structuredClone`: it crosses the tracer worker's boundary, travels with the request that sent the code and is
 * kept in History; read it with {@link toSourceOffset}.
 */
export interface PositionMap {
  /** Where the tracer object starts in the source: the answer for an offset before the first paired token. */
  srcStart: number;
  /**
   * The tokens paired between the flattened code and the source, four numbers each, in the flattened order: start
   * and end in the flattened code, start and end in the source (UTF-16 offsets).
   */
  pairs: number[];
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
function alignTokens(flat: Tok[], src: Tok[]): number[] {
  const pairs: number[] = [];
  let j = 0;
  for (const t of flat) {
    if (j >= src.length) break;
    if (t.optional) {
      if (src[j].key === t.key) pushPair(pairs, t, src[j++]);
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
      pushPair(pairs, t, src[k]);
      j = k + 1;
    }
  }
  return pairs;
}

function pushPair(pairs: number[], f: Tok, s: Tok): void {
  pairs.push(f.start, f.end, s.start, s.end);
}

/**
 * Builds the position map of a flattened tracer: tokenizes the flattened code and the source span
 * `[srcStart, srcEnd)` it was printed from, and pairs equal tokens in order.
 */
export function createPositionMap(
  source: string,
  srcStart: number,
  srcEnd: number,
  code: string,
): PositionMap {
  const pairs = alignTokens(readTokens(code, 0), readTokens(source.slice(srcStart, srcEnd), srcStart));
  return { srcStart, pairs };
}

/** The source offset (UTF-16) for a 0-based offset into the flattened string: the nearest mapped token at or before it. */
export function toSourceOffset(map: PositionMap, flatOffset: number): number {
  const { pairs } = map;
  const count = pairs.length / 4;
  if (count === 0 || flatOffset < pairs[0]) return map.srcStart;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pairs[mid * 4] <= flatOffset) lo = mid;
    else hi = mid - 1;
  }
  const [fStart, fEnd, sStart, sEnd] = pairs.slice(lo * 4, lo * 4 + 4);
  const inside = flatOffset < fEnd && fEnd - fStart === sEnd - sStart;
  return inside ? sStart + (flatOffset - fStart) : sStart;
}
