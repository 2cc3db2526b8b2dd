import { parse } from 'acorn';

/**
 * A nesting depth acorn cannot parse in this thread while V8 can: `make(n)` nests n levels. acorn's limit is its
 * recursion on the thread's stack (about 770 levels of `[` on Node's default stack, 3,600 in Stryker's 4 MB worker),
 * V8's parser goes more than twice as deep on the same stack, so the tests of tracers only V8 parses measure it here
 * instead of assuming one stack size. Half as deep again leaves room for acorn running on a shallower stack inside a
 * trace than where this measures it (seen in Stryker's worker) and still stays below V8's limit.
 */
export function beyondAcorn(make: (n: number) => string): number {
  const parses = (n: number) => {
    try {
      parse(make(n), { ecmaVersion: 'latest' });
      return true;
    } catch {
      return false;
    }
  };
  let lo = 1;
  let hi = 1 << 15;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (parses(mid)) lo = mid;
    else hi = mid - 1;
  }
  return Math.ceil(lo * 1.5);
}
