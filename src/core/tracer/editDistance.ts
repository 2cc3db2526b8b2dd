/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions). When the lengths differ by more than
 * 8 it is just that difference, a lower bound: far beyond any did-you-mean limit.
 */
export function editDistance(a: string, b: string): number {
  // Stryker disable next-line ConditionalExpression: performance only; the table gives 0 too.
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 8) return Math.abs(a.length - b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      // Out of range (i or j is 1) one side is undefined and the other a character, so no transposition.
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}

/**
 * The one candidate close to `name` (case-insensitive edit distance within a length-based limit),
 * or undefined when none or several are equally close.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  // Stryker disable next-line BooleanLiteral: the first candidate always resets it.
  let tie = false;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && c !== best) tie = true;
  }
  return bestDistance <= limit && !tie ? best : undefined;
}
