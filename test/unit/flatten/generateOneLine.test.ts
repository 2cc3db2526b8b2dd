import { describe, expect, test } from 'vitest';
import { flattenProgram, generateOneLine } from '../../../src/core/flatten/generateOneLine.ts';

describe('flattenProgram: one line, single quotes, no double quote', () => {
  test.each([
    ['comparison with "CALL"', 'if (op == "CALL") x();', String.raw`if(op=='CALL')x();`],
    ['apostrophe', 'var s = "it\'s";', String.raw`var s='it\'s';`],
    [
      'JSON-like data with quotes',
      'var d = {"k": "say \\"hi\\""};',
      String.raw`var d={'k':'say \u0022hi\u0022'};`,
    ],
    ['regex with a double quote', 'var r = /"/g;', String.raw`var r=/\u0022/g;`],
    ['</script> in a string', 'var s = "</script>";', String.raw`var s='<\/script>';`],
    ['escaped U+2028', 'var s = "\\u2028";', String.raw`var s='\u2028';`],
    ['raw U+2028 in a string (ES2019)', 'var s = "\u2028";', String.raw`var s='\u2028';`],
    ['lone surrogate', 'var s = "\\uD800";', String.raw`var s='\uD800';`],
    ['backslashes', 'var s = "a\\\\b\\\\";', String.raw`var s='a\\b\\';`],
    ['unicode kept', 'var s = "é😀";', "var s='é😀';"],
    [
      'comments: // at line ends and // inside strings',
      'function f(a) { // first\n  var u = "http://x"; /* block */\n  return u; // last\n}',
      String.raw`function f(a){var u='http://x';return u;}`,
    ],
    [
      'directive kept',
      'function f() { "use strict"; return 1; }',
      String.raw`function f(){'use strict';return 1;}`,
    ],
    [
      'escaped use strict stays no directive',
      String.raw`function f() { "use\x20strict"; }`,
      String.raw`function f(){'use\x20strict';}`,
    ],
    [
      'parenthesized string statement stays no directive',
      'function f() { ("x"); }',
      String.raw`function f(){('x');}`,
    ],
    ['let identifier statement stays an expression', '(let[a] = b);', '(let)[a]=b;'],
    [
      'template with newline and quote',
      'var t = `a "b"\nc`;',
      String.raw`var t=` + '`' + String.raw`a \u0022b\u0022\nc` + '`;',
    ],
  ])('%s', (_name, source, expected) => {
    const r = flattenProgram(source);
    expect(r).toEqual({ ok: true, code: expected });
  });
});

describe('flattenProgram: clear errors, no crash', () => {
  test.each([
    ['syntax error', 'var = ;', /Unexpected token/],
    ['10 000 nested parentheses', '('.repeat(10000) + '1' + ')'.repeat(10000), /nests too deeply to parse/],
    ['10 000 nested arrays', '['.repeat(10000) + ']'.repeat(10000), /nests too deeply to parse/],
    ['tagged template with a line break', 'tag`a\nb`;', /tagged template/],
    [
      'class fields (ES2022)',
      'class C { x = 1; }',
      /^The flattener cannot print class fields \(ES2022 syntax\)/,
    ],
    [
      'private names (ES2022)',
      'class C { m() { return this.#p; } #p() {} }',
      /cannot print private class members \(#name\)/,
    ],
  ])('%s', (_name, source, message) => {
    const r = flattenProgram(source);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(message);
  });

  test('an AST deeper than the printer limit is refused before printing', () => {
    // 1,200 unary operators (an operator chain such as a + b + … is printed flat: see longChains.test.ts).
    const source = 'x = ' + '!'.repeat(1200) + 'a;';
    const r = flattenProgram(source);
    expect(r).toEqual({
      ok: false,
      error: 'The code nests deeper than 1000 levels; the flattener cannot print it safely',
    });
  });
});

describe('flattenProgram: options and exact errors', () => {
  test.each<[string, string, Parameters<typeof flattenProgram>[1], ReturnType<typeof flattenProgram>]>([
    ["acorn's message, as it is", 'var = ;', {}, { ok: false, error: 'Unexpected token (1:4)' }],
    ['a module', 'import a from "b";', { sourceType: 'module' }, { ok: true, code: "import a from'b';" }],
    ['a script by default (with is no module syntax)', 'with (a) b;', {}, { ok: true, code: 'with(a)b;' }],
    ['ES5 when asked', 'let x = 1;', { ecmaVersion: 5 }, { ok: false, error: 'Unexpected token (1:4)' }],
  ])('%s', (_name, source, opts, expected) => {
    expect(flattenProgram(source, opts)).toEqual(expected);
  });
});

describe('generateOneLine: what the printer cannot print comes back as a problem', () => {
  // A name whose reading overflows the stack stands for escodegen running out of stack inside a deep expression.
  const overflowing = Object.defineProperty({ type: 'Identifier', start: 2, end: 4 }, 'name', {
    get() {
      throw new RangeError('Maximum call stack size exceeded');
    },
  });
  test.each<[string, object, { message: string; start: number; end: number }]>([
    [
      'a node type escodegen does not know',
      { type: 'Nonsense', start: 3, end: 7 },
      { message: 'The flattener cannot print this code: Unknown node type: Nonsense', start: 3, end: 7 },
    ],
    [
      'without offsets: at 0',
      { type: 'Nonsense' },
      { message: 'The flattener cannot print this code: Unknown node type: Nonsense', start: 0, end: 0 },
    ],
    [
      'a stack overflow while printing',
      overflowing,
      { message: 'The code nests too deeply for the flattener to print it', start: 2, end: 4 },
    ],
  ])('%s', (_name, node, problem) => {
    expect(generateOneLine(node as never)).toEqual({ ok: false, problem, doubleQuoted: [] });
  });
});
