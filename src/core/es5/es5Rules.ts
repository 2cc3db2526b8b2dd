/** What the ES5 check knows about one construct that ES5.1 engines reject. */
export interface Es5Rule {
  /** The ECMAScript edition that introduced the construct. */
  since: string;
  /** How to write it in ES5.1 (lower-case start, no final period). */
  hint: string;
  /**
   * Whether geth's goja engine runs it. `true`: a warning in the `goja` profile; `false`: an error in both profiles.
   * Based on goja's published feature list; entries marked "(unsure)" below are not documented either way and
   * are treated as unsupported, since a tracer that fails on the node is worse than a warning.
   */
  goja: boolean;
}

/**
 * Every construct the check names, keyed by ruleId.
 *
 * | ruleId                          | since   | goja                                             |
 * |---------------------------------|---------|--------------------------------------------------|
 * | let-const                       | ES2015  | yes                                              |
 * | arrow-function                  | ES2015  | yes (geth ≥ 1.10.18, go-ethereum#23721)          |
 * | template-literal, tagged-template | ES2015 | yes                                             |
 * | class, super                    | ES2015  | yes                                              |
 * | class-fields, private-name      | ES2022  | yes (shipped with goja's classes)                |
 * | class-static-block              | ES2022  | no (unsure)                                      |
 * | shorthand-method/-property, computed-key | ES2015 | yes                                     |
 * | spread, rest, destructuring, default-parameter, for-of | ES2015 | yes                       |
 * | object-spread                   | ES2018  | yes                                              |
 * | generator                       | ES2015  | yes                                              |
 * | async-await                     | ES2017  | yes                                              |
 * | top-level-await                 | ES2022  | no: modules only, geth evaluates an expression   |
 * | exponent-operator               | ES2016  | yes                                              |
 * | optional-chaining, nullish-coalescing | ES2020 | yes                                          |
 * | logical-assignment              | ES2021  | no (unsure)                                      |
 * | numeric-separator               | ES2021  | no (unsure)                                      |
 * | bigint-literal                  | ES2020  | no: goja has no BigInt (dop251/goja#556)         |
 * | binary-octal-literal            | ES2015  | yes                                              |
 * | unicode-code-point-escape, unicode-identifier | ES2015 | yes                                  |
 * | regexp-flag u y / s             | ES2015 / ES2018 | yes                                      |
 * | regexp-flag d / v               | ES2022 / ES2024 | no                                       |
 * | regexp-syntax (named groups, lookbehind) | ES2018 | yes (goja's regexp2 fallback)           |
 * | new-target                      | ES2015  | yes                                              |
 * | import-export, import-meta      | ES2015 / ES2020 | no: a tracer is one expression, not a module |
 * | using-declaration               | ES2026  | no                                               |
 * | hashbang                        | ES2023  | no: geth wraps the code in parentheses           |
 * | trailing-comma (params, calls)  | ES2017  | yes                                              |
 * | optional-catch-binding          | ES2019  | yes                                              |
 * | duplicate-property              | ES2015  | yes                                              |
 * | line-separator-in-string        | ES2019  | yes                                              |
 * | do-while-semicolon (ASI)        | ES2015  | no (unsure)                                      |
 */
export const es5Rules: Record<string, Es5Rule> = {
  'es5/let-const': { since: 'ES2015', hint: "use 'var'", goja: true },
  'es5/arrow-function': {
    since: 'ES2015',
    hint: "write 'function (…) { return …; }' (note: an arrow function has no own 'this')",
    goja: true,
  },
  'es5/template-literal': { since: 'ES2015', hint: "join quoted strings with '+'", goja: true },
  'es5/tagged-template': {
    since: 'ES2015',
    hint: 'call the function with the strings and values',
    goja: true,
  },
  'es5/class': { since: 'ES2015', hint: 'use a constructor function and its prototype', goja: true },
  'es5/super': { since: 'ES2015', hint: "call the parent's function directly", goja: true },
  'es5/class-fields': { since: 'ES2022', hint: 'assign the field in the constructor', goja: true },
  'es5/private-name': { since: 'ES2022', hint: 'use an ordinary property', goja: true },
  'es5/class-static-block': {
    since: 'ES2022',
    hint: 'run the code after the constructor is defined',
    goja: false,
  },
  'es5/shorthand-method': { since: 'ES2015', hint: "write 'name: function (…) {…}'", goja: true },
  'es5/shorthand-property': { since: 'ES2015', hint: "write 'name: name'", goja: true },
  'es5/computed-key': {
    since: 'ES2015',
    hint: "create the object first, then assign 'obj[key] = value'",
    goja: true,
  },
  'es5/spread': { since: 'ES2015', hint: "use 'fn.apply(null, array)' or 'a.concat(b)'", goja: true },
  'es5/object-spread': { since: 'ES2018', hint: 'copy the properties in a for-in loop', goja: true },
  'es5/rest': { since: 'ES2015', hint: "use 'Array.prototype.slice.call(arguments, n)'", goja: true },
  'es5/destructuring': {
    since: 'ES2015',
    hint: "assign each value from the object or array with 'var'",
    goja: true,
  },
  'es5/default-parameter': {
    since: 'ES2015',
    hint: "set the default in the body: 'if (x === undefined) x = …;'",
    goja: true,
  },
  'es5/for-of': {
    since: 'ES2015',
    hint: "loop with an index: 'for (var i = 0; i < a.length; i++)'",
    goja: true,
  },
  'es5/generator': { since: 'ES2015', hint: 'return an array or use a callback', goja: true },
  'es5/async-await': {
    since: 'ES2017',
    hint: 'tracer hooks run synchronously: remove async/await',
    goja: true,
  },
  'es5/top-level-await': {
    since: 'ES2022',
    hint: 'tracer hooks run synchronously: remove await',
    goja: false,
  },
  'es5/exponent-operator': { since: 'ES2016', hint: "use 'Math.pow(a, b)'", goja: true },
  'es5/optional-chaining': { since: 'ES2020', hint: "test first: 'a && a.b'", goja: true },
  'es5/nullish-coalescing': {
    since: 'ES2020',
    hint: "use '(a !== null && a !== undefined) ? a : b'",
    goja: true,
  },
  'es5/logical-assignment': { since: 'ES2021', hint: "write 'a = a && b' (or '||')", goja: false },
  'es5/numeric-separator': { since: 'ES2021', hint: 'remove the underscores', goja: false },
  'es5/bigint-literal': {
    since: 'ES2020',
    hint: "geth's goja has no BigInt either: use bigInt('…') (BigInteger.js, provided by geth) or a plain number",
    goja: false,
  },
  'es5/binary-octal-literal': {
    since: 'ES2015',
    hint: 'write the number in decimal or hex (0x…)',
    goja: true,
  },
  'es5/unicode-code-point-escape': {
    since: 'ES2015',
    hint: "write '\\uXXXX' (a surrogate pair above U+FFFF)",
    goja: true,
  },
  'es5/unicode-identifier': { since: 'ES2015', hint: 'rename it using characters up to U+FFFF', goja: true },
  'es5/regexp-flag': { since: 'ES2015', hint: "use only the flags 'g', 'i' and 'm'", goja: true },
  'es5/regexp-syntax': { since: 'ES2018', hint: 'rewrite the pattern without it', goja: true },
  'es5/new-target': { since: 'ES2015', hint: "test 'this instanceof F' instead", goja: true },
  'es5/import-export': {
    since: 'ES2015',
    hint: 'a tracer is one object literal: inline the code you need',
    goja: false,
  },
  'es5/import-meta': { since: 'ES2020', hint: 'a tracer is one object literal, not a module', goja: false },
  'es5/using-declaration': {
    since: 'ES2026',
    hint: "use 'var' and release the resource yourself",
    goja: false,
  },
  'es5/hashbang': { since: 'ES2023', hint: "remove the '#!' line", goja: false },
  'es5/trailing-comma': { since: 'ES2017', hint: 'remove the comma', goja: true },
  'es5/optional-catch-binding': { since: 'ES2019', hint: "write 'catch (e)'", goja: true },
  'es5/duplicate-property': {
    since: 'ES2015',
    hint: 'keep only one definition (ES5.1 rejects a getter/setter beside a value, and any repeat in strict mode)',
    goja: true,
  },
  'es5/do-while-semicolon': { since: 'ES2015', hint: "put a ';' after 'while (…)'", goja: false },
  'es5/line-separator-in-string': { since: 'ES2019', hint: "write it as '\\u2028' or '\\u2029'", goja: true },
};

/** A found construct as {@link describeConstruct} needs it; `since`/`goja` override the rule's entries. */
export interface ConstructRef {
  ruleId: string;
  /** Names the construct, e.g. "Arrow function" or "'let' declaration". */
  subject: string;
  since?: string;
  goja?: boolean;
}

/** Message and severity of a construct in a profile. */
export function describeConstruct(
  ref: ConstructRef,
  gojaProfile: boolean,
): { message: string; severity: 'error' | 'warning' } {
  const rule = es5Rules[ref.ruleId];
  const since = ref.since ?? rule.since;
  const goja = ref.goja ?? rule.goja;
  if (!gojaProfile)
    return { severity: 'error', message: `${ref.subject} is ${since} syntax, not ES5.1: ${rule.hint}.` };
  if (goja) {
    const message = `${ref.subject} is ${since} syntax: it runs on goja-based geth but not on strict ES5.1 engines; ${rule.hint}.`;
    return { severity: 'warning', message };
  }
  const message = `${ref.subject} is ${since} syntax, which neither ES5.1 engines nor geth's goja engine accept: ${rule.hint}.`;
  return { severity: 'error', message };
}
