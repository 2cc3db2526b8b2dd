import { describe, expect, it } from 'vitest';
import { printable } from '../../../src/core/es5/describeSyntaxError.ts';
import { invalid } from './es5Cases.ts';

// describeSyntaxError turns acorn's error into the message a user reads: the offending token named by kind and
// quoted (at most 40 characters), a hint when a separator or a closing bracket is missing, and the range of that
// token only.
const e = 'es5/syntax-error';
const forty = `"${'a'.repeat(38)}"`;
const fortyOne = `"${'a'.repeat(38)}b"`;

describe('describeSyntaxError: the token is named by its kind', () => {
  const cases: [string, string, string, string][] = [
    // [source, message, start, end]
    [`{a: 1 ${forty}}`, `Unexpected string '${forty}': is a ',' or ';' missing before it?`, '1:7', '1:47'],
    [
      `{a: 1 ${fortyOne}}`,
      `Unexpected string '${fortyOne.slice(0, 40)}…': is a ',' or ';' missing before it?`,
      '1:7',
      '1:48',
    ],
    ["{a: 1 'x'}", "Unexpected string ''x'': is a ',' or ';' missing before it?", '1:7', '1:10'],
    ['{a: 1, `x`: 2}', 'Unexpected template string', '1:8', '1:9'],
    // After a member dot a number is no new value: no separator is missing.
    ['{a: x. 5}', "Unexpected number '5'", '1:8', '1:9'],
    ['a ...b', "Unexpected token '...'", '1:3', '1:6'],
    // A private name is no number, even with digits in it.
    ['a\n#x1', "Unexpected token '#x1'", '2:1', '2:4'],
    [')', "Unexpected token ')'", '1:1', '1:2'],
  ];
  for (const [code, message, at, end] of cases) invalid(code, e, message, at, { end });
});

describe('describeSyntaxError: hints', () => {
  const cases: [string, string, string, string][] = [
    // At the top level two values in a row are two statements: a ';' is missing.
    ['x y', "Unexpected identifier 'y': is a ';' missing before it?", '1:3', '1:4'],
    ['x = 1\n"s" y', "Unexpected identifier 'y': is a ';' missing before it?", '2:5', '2:6'],
    // A ';' inside an object literal is no mismatch of brackets: the '{' may close later.
    ['x = {a: 1;}', "Unexpected token ';'", '1:10', '1:11'],
    // A '{' in parentheses after a '.' is no object literal, but no ')' is due there either.
    ['{a: f(x.{})}', "Unexpected token '{'", '1:9', '1:10'],
  ];
  for (const [code, message, at, end] of cases) invalid(code, e, message, at, { end });
});

describe('describeSyntaxError: acorn messages retold', () => {
  const module = 'can only appear in an ES module; a tracer is one object literal, not a module';
  const cases: [string, string, string, string][] = [
    ['import x from "y"; @', `'import' ${module}`, '1:1', '1:7'],
    ['export var x = 1; @', `'export' ${module}`, '1:1', '1:7'],
    ['x = 1;\nimport x from "y"; @', `'import' ${module}`, '2:1', '2:7'],
    // acorn reads '#' as a private name and complains about what follows; the '#' itself is the problem.
    ['x = /a/#', "Unexpected character '#'", '1:8', '1:9'],
    ['{a: 1 #}', "Unexpected character '#'", '1:7', '1:8'],
    // After a '#' an error other than an unexpected character stays acorn's, at its own position.
    ['x = #\\u0031', 'Invalid Unicode escape', '1:6', '1:12'],
    // A lone high surrogate at the very end: acorn names U+10000; the character is the surrogate itself.
    ['x = 1 \ud800', "Unexpected character '\\uD800'", '1:7', '1:8'],
    ['x = 1 \udbff', "Unexpected character '\\uDBFF'", '1:7', '1:8'],
    ['{a: 1 \ud800}', "Unexpected character '\\uD800'", '1:7', '1:8'],
    ['{a: 1 \udc00}', "Unexpected character '\\uDC00'", '1:7', '1:8'],
    // A character outside the BMP is two code units, at the end or not.
    ['{a: 1 \ud83d\ude00}', "Unexpected character '\ud83d\ude00'", '1:7', '1:9'],
    ['x = 1 \ud83d\ude00', "Unexpected character '\ud83d\ude00'", '1:7', '1:9'],
    ['{a: 1 \uffff}', "Unexpected character '\uffff'", '1:7', '1:8'],
    ['{a: 1 @}', "Unexpected character '@'", '1:7', '1:8'],
    // An error at the end of the source has an empty range there.
    ['{a: `x${1}', 'Unterminated template literal', '1:11', '1:11'],
  ];
  for (const [code, message, at, end] of cases) invalid(code, e, message, at, { end });
});

describe('printable', () => {
  it.each([
    ['a\u0007b', 'a\\u0007b'],
    ['\u0000\u001f\u007f\u009f\u00ad', '\\u0000\\u001F\\u007F\\u009F\\u00AD'],
    ['\u200b\u200f\u2028\u202e\u2060\u2064\ufeff', '\\u200B\\u200F\\u2028\\u202E\\u2060\\u2064\\uFEFF'],
    [' ~\u00a0\u00ae\u2010\u2030\u2065z', ' ~\u00a0\u00ae\u2010\u2030\u2065z'],
    ['\ud83d\ude00', '\ud83d\ude00'],
    ['x\ud800y', 'x\\uD800y'],
    ['x\udbff', 'x\\uDBFF'],
    ['\udc00x', '\\uDC00x'],
    ['a\udfff', 'a\\uDFFF'],
    ['\ud800\ud800\udc00', '\\uD800\ud800\udc00'],
    ['\ud800\udc00\udc00', '\ud800\udc00\\uDC00'],
  ])('%j prints as %j', (text, expected) => {
    expect(printable(text)).toBe(expected);
  });
});
