import { listNames, targetIds, targetInfo, type Engine, type TargetId } from '../targets.ts';

/** What the ES5 check knows about one construct that ES5.1 engines reject. */
export interface Es5Rule {
  /** The ECMAScript edition that introduced the construct. */
  since: string;
  /** How to write it in ES5.1 (lower-case start, no final period). */
  hint: string;
  /** The construct in the plural, for grouped messages and docs ("arrow functions"). */
  name: string;
  /**
   * The engines that run it: goja as geth ≥ 1.10.18 and Erigon pin it (9037c2b61cbf), Boa as reth and anvil ship it,
   * V8 as Nethermind embeds it. Sources: docs/targets.md.
   */
  engines: readonly Engine[];
  /** Whether geth's goja runs it (`engines` includes 'goja'); kept for the CLI's rule list. */
  goja: boolean;
}

const all: readonly Engine[] = ['goja', 'boa', 'v8'];
const modern: readonly Engine[] = ['boa', 'v8'];
const none: readonly Engine[] = [];

// Every construct the check names, keyed by ruleId (docs/targets.md has the table with its sources).
const table: Record<string, Omit<Es5Rule, 'goja'>> = {
  'es5/let-const': {
    since: 'ES2015',
    hint: "use 'var'",
    name: "'let' and 'const' declarations",
    engines: all,
  },
  'es5/arrow-function': {
    since: 'ES2015',
    hint: "write 'function (…) { return …; }' (note: an arrow function has no own 'this')",
    name: 'arrow functions',
    engines: all,
  },
  'es5/template-literal': {
    since: 'ES2015',
    hint: "join quoted strings with '+'",
    name: 'template literals',
    engines: all,
  },
  'es5/tagged-template': {
    since: 'ES2015',
    hint: 'call the function with the strings and values',
    name: 'tagged templates',
    engines: all,
  },
  'es5/class': {
    since: 'ES2015',
    hint: 'use a constructor function and its prototype',
    name: 'classes',
    engines: modern,
  },
  'es5/super': {
    since: 'ES2015',
    hint: "call the parent's function directly",
    name: "'super'",
    engines: modern,
  },
  'es5/class-fields': {
    since: 'ES2022',
    hint: 'assign the field in the constructor',
    name: 'class fields',
    engines: modern,
  },
  'es5/private-name': {
    since: 'ES2022',
    hint: 'use an ordinary property',
    name: 'private class members',
    engines: modern,
  },
  'es5/class-static-block': {
    since: 'ES2022',
    hint: 'run the code after the constructor is defined',
    name: 'class static blocks',
    engines: modern,
  },
  'es5/shorthand-method': {
    since: 'ES2015',
    hint: "write 'name: function (…) {…}'",
    name: 'shorthand methods',
    engines: all,
  },
  'es5/shorthand-property': {
    since: 'ES2015',
    hint: "write 'name: name'",
    name: 'shorthand properties',
    engines: all,
  },
  'es5/computed-key': {
    since: 'ES2015',
    hint: "create the object first, then assign 'obj[key] = value'",
    name: 'computed property keys',
    engines: all,
  },
  'es5/spread': {
    since: 'ES2015',
    hint: "use 'fn.apply(null, array)' or 'a.concat(b)'",
    name: 'spread elements',
    engines: all,
  },
  'es5/object-spread': {
    since: 'ES2018',
    hint: 'copy the properties in a for-in loop',
    name: 'object spread properties',
    engines: all,
  },
  'es5/rest': {
    since: 'ES2015',
    hint: "use 'Array.prototype.slice.call(arguments, n)'",
    name: 'rest parameters',
    engines: all,
  },
  'es5/destructuring': {
    since: 'ES2015',
    hint: "assign each value from the object or array with 'var'",
    name: 'destructuring patterns',
    engines: all,
  },
  'es5/default-parameter': {
    since: 'ES2015',
    hint: "set the default in the body: 'if (x === undefined) x = …;'",
    name: 'default parameter values',
    engines: all,
  },
  'es5/for-of': {
    since: 'ES2015',
    hint: "loop with an index: 'for (var i = 0; i < a.length; i++)'",
    name: 'for-of loops',
    engines: all,
  },
  'es5/generator': {
    since: 'ES2015',
    hint: 'return an array or use a callback',
    name: 'generators',
    engines: modern,
  },
  'es5/async-await': {
    since: 'ES2017',
    hint: 'tracer hooks run synchronously: remove async/await',
    name: 'async functions and await',
    engines: modern,
  },
  'es5/top-level-await': {
    since: 'ES2022',
    hint: 'tracer hooks run synchronously: remove await',
    name: "top-level 'await'",
    engines: none,
  },
  'es5/exponent-operator': {
    since: 'ES2016',
    hint: "use 'Math.pow(a, b)'",
    name: "'**' operators",
    engines: modern,
  },
  'es5/optional-chaining': {
    since: 'ES2020',
    hint: "test first: 'a && a.b'",
    name: "optional chaining ('?.')",
    engines: all,
  },
  'es5/nullish-coalescing': {
    since: 'ES2020',
    hint: "use '(a !== null && a !== undefined) ? a : b'",
    name: "'??' operators",
    engines: modern,
  },
  'es5/logical-assignment': {
    since: 'ES2021',
    hint: "write 'a = a && b' (or '||')",
    name: "logical assignments ('||=', '&&=', '??=')",
    engines: modern,
  },
  'es5/numeric-separator': {
    since: 'ES2021',
    hint: 'remove the underscores',
    name: 'numeric separators',
    engines: modern,
  },
  'es5/bigint-literal': {
    since: 'ES2020',
    hint: "geth's goja has no BigInt either: use bigInt('…') (BigInteger.js, provided by geth) or a plain number",
    name: 'BigInt literals',
    engines: modern,
  },
  'es5/binary-octal-literal': {
    since: 'ES2015',
    hint: 'write the number in decimal or hex (0x…)',
    name: 'binary and octal literals',
    engines: all,
  },
  'es5/unicode-code-point-escape': {
    since: 'ES2015',
    hint: "write '\\uXXXX' (a surrogate pair above U+FFFF)",
    name: "'\\u{…}' escapes",
    engines: all,
  },
  'es5/unicode-identifier': {
    since: 'ES2015',
    hint: 'rename it using characters up to U+FFFF',
    name: 'identifiers beyond U+FFFF',
    engines: all,
  },
  'es5/regexp-flag': {
    since: 'ES2015',
    hint: "use only the flags 'g', 'i' and 'm'",
    name: 'regular expression flags',
    engines: all,
  },
  'es5/regexp-syntax': {
    since: 'ES2018',
    hint: 'rewrite the pattern without it',
    name: 'regular expression syntax',
    engines: modern,
  },
  'es5/new-target': {
    since: 'ES2015',
    hint: "test 'this instanceof F' instead",
    name: "'new.target'",
    engines: all,
  },
  'es5/import-export': {
    since: 'ES2015',
    hint: 'a tracer is one object literal: inline the code you need',
    name: 'import and export declarations',
    engines: none,
  },
  'es5/import-meta': {
    since: 'ES2020',
    hint: 'a tracer is one object literal, not a module',
    name: "'import.meta'",
    engines: none,
  },
  'es5/using-declaration': {
    since: 'ES2026',
    hint: "use 'var' and release the resource yourself",
    name: "'using' declarations",
    engines: none,
  },
  'es5/hashbang': { since: 'ES2023', hint: "remove the '#!' line", name: "'#!' lines", engines: none },
  'es5/trailing-comma': {
    since: 'ES2017',
    hint: 'remove the comma',
    name: 'trailing commas in calls and parameters',
    engines: all,
  },
  'es5/optional-catch-binding': {
    since: 'ES2019',
    hint: "write 'catch (e)'",
    name: "'catch' without a binding",
    engines: all,
  },
  'es5/duplicate-property': {
    since: 'ES2015',
    hint: 'keep only one definition (ES5.1 rejects a getter/setter beside a value, and any repeat in strict mode)',
    name: 'repeated property definitions',
    engines: all,
  },
  'es5/do-while-semicolon': {
    since: 'ES2015',
    hint: "put a ';' after 'while (…)'",
    name: "missing ';' after 'do … while (…)'",
    engines: all,
  },
  'es5/line-separator-in-string': {
    since: 'ES2019',
    hint: "write it as '\\u2028' or '\\u2029'",
    name: 'raw U+2028/U+2029 in strings',
    engines: modern,
  },
};

/** Every construct the check names, keyed by ruleId. */
export const es5Rules: Record<string, Es5Rule> = Object.fromEntries(
  Object.entries(table).map(([id, rule]) => [id, { ...rule, goja: rule.engines.includes('goja') }]),
);

/** A found construct as {@link describeConstruct} needs it; `since`/`engines` override the rule's entries. */
export interface ConstructRef {
  ruleId: string;
  /** Names the construct, e.g. "Arrow function" or "'let' declaration". */
  subject: string;
  since?: string;
  engines?: readonly Engine[];
}

/** How a target takes a construct. */
export interface ConstructVerdict {
  /** `info`: the chosen target runs it (only an es5 node would not); `error`: it does not. */
  severity: 'error' | 'info';
  message: string;
  /** The targets other than es5 that run it, in {@link targetIds} order. */
  runners: TargetId[];
}

/** The targets (other than es5) whose engine runs a construct. */
export function targetsRunning(ref: ConstructRef): TargetId[] {
  const engines = ref.engines ?? es5Rules[ref.ruleId].engines;
  // es5 has no engine (null), which no list holds.
  return targetIds.filter((id) => engines.some((engine) => engine === targetInfo(id).engine));
}

/** "geth runs this" / "geth and anvil run this". */
export function runSentence(targets: readonly TargetId[]): string {
  const names = targets.map((id) => targetInfo(id).name);
  return `${listNames(names)} ${names.length === 1 ? 'runs' : 'run'} this`;
}

/** Message and severity of a construct for a target; the message says which targets run it. */
export function describeConstruct(ref: ConstructRef, target: TargetId): ConstructVerdict {
  const rule = es5Rules[ref.ruleId];
  const since = ref.since ?? rule.since;
  const runners = targetsRunning(ref);
  if (target === 'es5') {
    const who = runners.length > 0 ? ` ${runSentence(runners)}; es5 nodes do not.` : '';
    const message = `${ref.subject} is ${since} syntax, not ES5.1: ${rule.hint}.${who}`;
    return { severity: 'error', message, runners };
  }
  const t = targetInfo(target);
  if (runners.includes(target)) {
    const message = `${ref.subject} is ${since} syntax: ${runSentence([target])}; es5 nodes do not (for every node: ${rule.hint}).`;
    return { severity: 'info', message, runners };
  }
  const others = runners.length > 0 ? ` ${runSentence(runners)}.` : '';
  const message = `${ref.subject} is ${since} syntax, which ${t.label} does not run: ${rule.hint}.${others}`;
  return { severity: 'error', message, runners };
}
