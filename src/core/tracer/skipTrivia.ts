// ECMAScript WhiteSpace and LineTerminator code points (ES5.1 7.2/7.3 plus Unicode Zs).
const whitespace = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const lineTerminator = /[\n\r\u2028\u2029]/;

/**
 * Returns the first offset at or after `pos` that is neither whitespace nor inside a comment.
 * `pos` must be at a token boundary (never inside a string or regex).
 */
export function skipTrivia(source: string, pos: number): number {
  let p = pos;
  // Stryker disable next-line EqualityOperator: at the end source[p] is undefined, no trivia, so `<=` stops there too.
  while (p < source.length) {
    const c = source[p];
    if (whitespace.test(c)) p++;
    else if (c === '/' && source[p + 1] === '/') {
      p += 2;
      while (p < source.length && !lineTerminator.test(source[p])) p++;
    } else if (c === '/' && source[p + 1] === '*') {
      const close = source.indexOf('*/', p + 2);
      p = close === -1 ? source.length : close + 2;
    } else break;
  }
  return p;
}
