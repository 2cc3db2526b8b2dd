import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { constructs } from './constructList.ts';
import { runners, show, strictMessage as m } from './es5Cases.ts';

/** Every diagnostic of `code` for the es5 target, `line:col ruleId message`, the summary line left out. */
const messages = (code: string) =>
  checkEs5(code)
    .diagnostics.filter((d) => d.ruleId !== 'es5/target-summary')
    .map(show);

const patternHint = 'rewrite the pattern without it';

describe('literals: exact messages', () => {
  it.each([
    // Modifiers: ES2025, and no engine is known to run them (no runner sentence).
    [
      '{r: /(?i:a)/}',
      [`1:5 es5/regexp-syntax ${m("Regular expression modifiers '(?i:…)'", 'ES2025', patternHint)}`],
    ],
    [
      '{r: /(?im-s:a)/}',
      [`1:5 es5/regexp-syntax ${m("Regular expression modifiers '(?i:…)'", 'ES2025', patternHint)}`],
    ],
    // Syntax that only the 'u' or 'v' flag allows: acorn's reason, and the flag's edition.
    [
      '{r: /[\\u{61}-\\u{7A}]/u}',
      [
        `1:5 es5/regexp-syntax ${m('Regular expression syntax (Range out of order in character class)', 'ES2015', patternHint)}${runners.modern}`,
        `1:22 es5/regexp-flag ${m("Regular expression flag 'u'", 'ES2015', "use only the flags 'g', 'i' and 'm'")}${runners.all}`,
      ],
    ],
    [
      '{r: /[\\u{61}-\\u{7A}]/v}',
      [
        `1:5 es5/regexp-syntax ${m('Regular expression syntax (Range out of order in character class)', 'ES2024', patternHint)}${runners.modern}`,
        `1:22 es5/regexp-flag ${m("Regular expression flag 'v'", 'ES2024', "use only the flags 'g', 'i' and 'm'")}${runners.modern}`,
      ],
    ],
    [
      '{s: "a\u2029b"}',
      [
        `1:5 es5/line-separator-in-string ${m('An unescaped paragraph separator U+2029 in a string', 'ES2019', "write it as '\\u2028' or '\\u2029'")}${runners.modern}`,
      ],
    ],
    // Subjects quote the source on one line, at most 30 characters.
    [
      '{a: f(...[1,\n     2])}',
      [
        `1:7 es5/spread ${m("Spread '...[1, 2]'", 'ES2015', "use 'fn.apply(null, array)' or 'a.concat(b)'")}${runners.all}`,
      ],
    ],
    [
      '{a: f(...abcdefghijklmnopqrstuvwxyz0)}',
      [
        `1:7 es5/spread ${m("Spread '...abcdefghijklmnopqrstuvwxyz0'", 'ES2015', "use 'fn.apply(null, array)' or 'a.concat(b)'")}${runners.all}`,
      ],
    ],
    [
      '{a: f(...abcdefghijklmnopqrstuvwxyz01)}',
      [
        `1:7 es5/spread ${m("Spread '...abcdefghijklmnopqrstuvwxyz…'", 'ES2015', "use 'fn.apply(null, array)' or 'a.concat(b)'")}${runners.all}`,
      ],
    ],
  ])('%s', (code, expected) => {
    expect(messages(code)).toEqual(expected);
  });
});

describe('literals: what is named and where', () => {
  it.each([
    // ES5 literals among ES2015 code: hex with a 'b' digit, strings, booleans, null, a regexp with ES5 flags only.
    ['{f: function () { let q; return [0x0b, 0XB, "c", true, null, /a/gim]; }}', ['1:19-1:22 es5/let-const']],
    // Only the flags ES5 lacks, each at its own place; the pattern itself is ES5.
    ['{r: /a/gu}', ['1:9-1:10 es5/regexp-flag']],
    ['{r: /a/uyg}', ['1:8-1:9 es5/regexp-flag +1']],
    // A '#!' line up to its end, also when it is all of the source.
    ['#!x', ['1:1-1:4 es5/hashbang']],
    ['#!/usr/bin/env x\n({a: 1})', ['1:1-1:17 es5/hashbang']],
  ])('%s', (code, expected) => {
    expect(constructs(code)).toEqual(expected);
  });
});
