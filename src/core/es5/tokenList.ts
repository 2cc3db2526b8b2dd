/** A token's offsets (acorn `Token`s fit). */
export interface TokenSpan {
  start: number;
  end: number;
}

/** Tokens in source order with offset look-ups; `text` reads a token's source. */
export interface TokenList {
  /** Index of the first token starting at or after `offset` (tokens.length when none). */
  indexAtOrAfter(offset: number): number;
  /** The first token at or after `offset` whose text is one of `texts`, looking at most `limit` tokens ahead. */
  findAfter(offset: number, texts: readonly string[], limit?: number): TokenSpan | undefined;
  /** The last token ending at or before `offset`. */
  before(offset: number): TokenSpan | undefined;
  text(token: TokenSpan | undefined): string;
  /** The token at an index (undefined past the end). */
  at(index: number): TokenSpan | undefined;
}

/** Builds a {@link TokenList} over tokens collected by acorn's `onToken`. */
export function createTokenList(source: string, tokens: readonly TokenSpan[]): TokenList {
  const indexAtOrAfter = (offset: number): number => {
    let lo = 0;
    let hi = tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tokens[mid].start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const text = (t: TokenSpan | undefined) => (t ? source.slice(t.start, t.end) : '');
  return {
    indexAtOrAfter,
    text,
    at: (index) => tokens[index],
    findAfter(offset, texts, limit = 1000) {
      const first = indexAtOrAfter(offset);
      return tokens.slice(first, first + limit).find((t) => texts.includes(text(t)));
    },
    before(offset) {
      let i = indexAtOrAfter(offset) - 1;
      while (i >= 0 && tokens[i].end > offset) i--;
      return tokens[i]; // undefined at -1
    },
  };
}
