import { describe } from 'vitest';
import { invalid, strictMessage as m, valid } from './es5Cases.ts';

describe('strings and templates', () => {
  invalid(
    '{s: `a${x}b`}',
    'es5/template-literal',
    m('Template literal', 'ES2015', "join quoted strings with '+'"),
    '1:5',
    {
      end: '1:13',
    },
  );
  invalid(
    '{s: tag`a${x}`}',
    'es5/tagged-template',
    m("Tagged template 'tag`a${x}`'", 'ES2015', 'call the function with the strings and values'),
    '1:5',
  );
  invalid(
    '{s: "\\u{1F600}"}',
    'es5/unicode-code-point-escape',
    m("Code point escape '\\u{…}'", 'ES2015', "write '\\uXXXX' (a surrogate pair above U+FFFF)"),
    '1:5',
    { end: '1:16' },
  );
  invalid(
    '{\\u{61}: 1}',
    'es5/unicode-code-point-escape',
    m(
      "Code point escape '\\u{…}' in the name '\\u{61}'",
      'ES2015',
      "write '\\uXXXX' (a surrogate pair above U+FFFF)",
    ),
    '1:2',
  );
  valid('{s: "\\\\u{61}"}');
  invalid(
    '{s: "a\u2028b"}',
    'es5/line-separator-in-string',
    m('An unescaped line separator U+2028 in a string', 'ES2019', "write it as '\\u2028' or '\\u2029'"),
    '1:5',
  );
  invalid(
    '{\ud835\udc9c: 1}',
    'es5/unicode-identifier',
    m(
      "The name '\ud835\udc9c' (a character above U+FFFF)",
      'ES2015',
      'rename it using characters up to U+FFFF',
    ),
    '1:2',
    { end: '1:4' },
  );
});

describe('numbers', () => {
  invalid(
    '{n: 1_000_000}',
    'es5/numeric-separator',
    m("Numeric separator in '1_000_000'", 'ES2021', 'remove the underscores'),
    '1:5',
    {
      end: '1:14',
    },
  );
  const boHint = 'write the number in decimal or hex (0x…)';
  invalid('{n: 0b1010}', 'es5/binary-octal-literal', m("Binary literal '0b1010'", 'ES2015', boHint), '1:5');
  invalid('{n: 0O17}', 'es5/binary-octal-literal', m("Octal literal '0O17'", 'ES2015', boHint), '1:5');
  invalid(
    '{n: 10n}',
    'es5/bigint-literal',
    m(
      "BigInt literal '10n'",
      'ES2020',
      "geth's goja has no BigInt either: use bigInt('…') (BigInteger.js, provided by geth) or a plain number",
    ),
    '1:5',
    { end: '1:8' },
  );
  valid('{n: [0x1F, 010, 1e3, .5, 5.]}');
});

describe('regular expressions', () => {
  const flagHint = "use only the flags 'g', 'i' and 'm'";
  invalid('{r: /a/gu}', 'es5/regexp-flag', m("Regular expression flag 'u'", 'ES2015', flagHint), '1:9', {
    end: '1:10',
  });
  invalid('{r: /a/y}', 'es5/regexp-flag', m("Regular expression flag 'y'", 'ES2015', flagHint), '1:8');
  invalid('{r: /a.b/s}', 'es5/regexp-flag', m("Regular expression flag 's'", 'ES2018', flagHint), '1:10');
  invalid('{r: /a/d}', 'es5/regexp-flag', m("Regular expression flag 'd'", 'ES2022', flagHint), '1:8');
  invalid('{r: /[a]/v}', 'es5/regexp-flag', m("Regular expression flag 'v'", 'ES2024', flagHint), '1:10');
  const syntaxHint = 'rewrite the pattern without it';
  invalid(
    '{r: /(?<year>\\d+)/}',
    'es5/regexp-syntax',
    m("Named capture group '(?<name>…)'", 'ES2018', syntaxHint),
    '1:5',
    { end: '1:19' },
  );
  invalid(
    '{r: /(?<=a)b/}',
    'es5/regexp-syntax',
    m("Lookbehind assertion '(?<=…)'", 'ES2018', syntaxHint),
    '1:5',
  );
  invalid(
    '{r: /(?i:a)b/}',
    'es5/regexp-syntax',
    m("Regular expression modifiers '(?i:…)'", 'ES2025', syntaxHint),
    '1:5',
  );
});

describe('operators', () => {
  invalid(
    '{n: a ** 2}',
    'es5/exponent-operator',
    m("Exponent operator '**'", 'ES2016', "use 'Math.pow(a, b)'"),
    '1:7',
    {
      end: '1:9',
    },
  );
  invalid(
    '{f: function () { x **= 2; }}',
    'es5/exponent-operator',
    m("Exponent operator '**='", 'ES2016', "use 'Math.pow(a, b)'"),
    '1:21',
  );
  invalid(
    '{v: a?.b}',
    'es5/optional-chaining',
    m("Optional chaining '?.'", 'ES2020', "test first: 'a && a.b'"),
    '1:6',
    {
      end: '1:8',
    },
  );
  invalid(
    '{v: a.b?.()}',
    'es5/optional-chaining',
    m("Optional chaining '?.'", 'ES2020', "test first: 'a && a.b'"),
    '1:8',
  );
  invalid(
    '{v: (a) ?? b}',
    'es5/nullish-coalescing',
    m("Nullish coalescing operator '??'", 'ES2020', "use '(a !== null && a !== undefined) ? a : b'"),
    '1:9',
  );
  for (const op of ['&&=', '||=', '??=']) {
    invalid(
      `{f: function () { a ${op} b; }}`,
      'es5/logical-assignment',
      m(`Logical assignment '${op}'`, 'ES2021', "write 'a = a && b' (or '||')"),
      '1:21',
      { end: '1:24' },
    );
  }
});

describe('modules and scripts', () => {
  const importHint = 'a tracer is one object literal: inline the code you need';
  invalid(
    "import x from 'y';\n({})",
    'es5/import-export',
    m("'import' declaration", 'ES2015', importHint),
    '1:1',
    {
      end: '1:7',
    },
  );
  invalid('export default {};', 'es5/import-export', m("'export' declaration", 'ES2015', importHint), '1:1');
  invalid(
    "{f: function () { return import('x'); }}",
    'es5/import-export',
    m("Dynamic 'import()'", 'ES2015', importHint),
    '1:26',
  );
  invalid(
    'export var t = import.meta;',
    'es5/import-meta',
    m("'import.meta'", 'ES2020', 'a tracer is one object literal, not a module'),
    '1:16',
    { end: '1:27' },
  );
  invalid(
    '#!/usr/bin/env node\n({})',
    'es5/hashbang',
    m("A '#!' line", 'ES2023', "remove the '#!' line"),
    '1:1',
    {
      end: '1:20',
    },
  );
});
