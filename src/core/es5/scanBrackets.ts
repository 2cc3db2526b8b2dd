import { tokenizer } from './loopParser.ts';

/** An opening bracket still waiting for its closing partner. */
export interface OpenBracket {
  /** `{`, `(`, `[` or `${` (a template substitution). */
  text: string;
  start: number;
}

/** Bracket structure of a source, read token by token (so brackets in strings, comments and regexps don't count). */
export interface BracketScan {
  /** Deepest nesting of brackets seen. */
  maxDepth: number;
  /** Offset of the first bracket nested deeper than the `depthLimit` argument (-1 when none is). */
  overLimitAt: number;
  /** Brackets still open where the scan stopped (outermost first). */
  open: OpenBracket[];
  /** Offset where the scan stopped (the end, or the first token acorn's tokenizer could not read). */
  stoppedAt: number;
}

const closerOf = new Map([
  ['{', '}'],
  ['(', ')'],
  ['[', ']'],
  ['${', '}'],
]);

/** Scans `source` up to `limit` (default: the end). Iterative; never throws. */
export function scanBrackets(source: string, limit = source.length, depthLimit = Infinity): BracketScan {
  const open: OpenBracket[] = [];
  let maxDepth = 0;
  let overLimitAt = -1;
  let stoppedAt = 0;
  try {
    for (const token of tokenizer(source, { ecmaVersion: 'latest', allowHashBang: true })) {
      if (token.start >= limit) break;
      stoppedAt = token.end;
      const text = source.slice(token.start, token.end);
      if (closerOf.has(text)) {
        open.push({ text, start: token.start });
        if (open.length > depthLimit && overLimitAt < 0) overLimitAt = token.start;
        maxDepth = Math.max(maxDepth, open.length);
      } else if (open.length > 0 && closerOf.get(open[open.length - 1].text) === text) {
        // only the closer of the innermost bracket closes it (a closer of another kind closes nothing)
        open.pop();
      }
    }
  } catch {
    // The tokenizer stops at the first unreadable token; what was read so far is still useful.
  }
  return { maxDepth, overLimitAt, open, stoppedAt };
}

/** The closing bracket for an opening one. */
export function closingBracket(text: string): string {
  return closerOf.get(text) ?? '';
}
