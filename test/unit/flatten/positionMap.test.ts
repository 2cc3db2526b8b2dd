import { tokenizer } from 'acorn';
import { describe, expect, test } from 'vitest';
import { createPositionMap, toSourceOffset } from '../../../src/core/flatten/createPositionMap.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';

function identifiers(code: string, from = 0, to = code.length): Array<{ name: string; start: number }> {
  const out: Array<{ name: string; start: number }> = [];
  for (const t of tokenizer(code.slice(from, to), { ecmaVersion: 'latest' }))
    if (t.type.label === 'name')
      out.push({ name: String((t as unknown as { value: unknown }).value), start: t.start + from });
  return out;
}

const sources: Array<[string, string]> = [
  [
    'multi-line tracer with comments, wrapper and double quotes',
    [
      '// header comment',
      'var tracer = {',
      '  data: [], /* the collected values */',
      '  fault: function (log, db) {},',
      '  step: function (log, db) {',
      '    // only CALLs',
      '    if (log.op.toString() == "CALL") {',
      '      this.data.push(log.stack.peek(0)); // top of stack',
      '    }',
      '  },',
      '  result: function (ctx, db) { return (this.data); }',
      '};',
    ].join('\n'),
  ],
  [
    'CRLF line ends, parentheses and escapes in strings before identifiers',
    '({\r\n  s: "a\\"b\\u2028c", fault: function (log) {},\r\n  result: function () { return [this.s, "</script>", /"/g]; }\r\n});',
  ],
];

describe('position map: every identifier maps back to the same identifier in the source', () => {
  test.each(sources)('%s', (_name, source) => {
    const r = flattenTracer(source);
    expect(r.ok).toBe(true);
    const flat = identifiers(r.code);
    const start = source.indexOf('{');
    const original = identifiers(source, start, source.lastIndexOf('}') + 1);
    expect(flat.map((t) => t.name)).toEqual(original.map((t) => t.name));
    for (let i = 0; i < flat.length; i++) {
      expect(toSourceOffset(r.map!, flat[i].start)).toBe(original[i].start);
      // An offset inside an identifier maps inside the same identifier.
      if (flat[i].name.length > 1)
        expect(toSourceOffset(r.map!, flat[i].start + 1)).toBe(original[i].start + 1);
    }
  });

  test('offsets before the first token map to the object start, past the end to the last token', () => {
    const source = 'var t = {fault: function () {}, result: function () { return 1; }};';
    const r = flattenTracer(source);
    expect(toSourceOffset(r.map!, 0)).toBe(8);
    expect(toSourceOffset(r.map!, -5)).toBe(8);
    expect(toSourceOffset(r.map!, 10_000)).toBe(source.lastIndexOf('}'));
  });
});

describe('createPositionMap: pairing the tokens of the flattened code with the source', () => {
  // Each row: the source span [srcStart, source.length), the flattened code, an offset into it, and the source offset
  // it must map to. The map pairs equal tokens (kind and value) in order; an offset inside a paired token of the
  // same length maps inside it, any other offset maps to the start of the nearest paired token before it, and an
  // offset before every paired token maps to srcStart. Optional punctuators (( ) ; ,) may be on one side only.
  const p16 = 'a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p';
  const p17 = 'a b c d e f g h i j k l m n o p q';
  test.each<[string, string, number, string, number, number]>([
    ['an offset inside an equal token', 'x = ab', 0, 'x=ab', 3, 5],
    ['an offset exactly at the first paired token (not srcStart)', '(ab)', 0, 'ab', 0, 1],
    ['an offset before every paired token', '(ab)', 0, 'ab', -1, 0],
    ['one paired token, offset inside it', 'x ab', 0, 'ab', 1, 3],
    ['an offset at the end of a token maps to its start', 'ab', 0, 'ab;', 2, 0],
    ['a token of another length (0x10 printed 16) maps to its start', '0x10', 0, '16', 1, 0],
    ['an added parenthesis pairs with nothing', ' ab', 0, '(ab)', 2, 2],
    ['a parenthesis on both sides pairs', 'b (a)', 0, 'b(a)', 1, 2],
    ['a name after a paired first parenthesis', '(ab)', 0, '(ab)', 2, 2],
    ['parentheses moved: each name still pairs with its own', 'a+(b)', 0, '(a)+b', 1, 0],
    ['parentheses moved: the name after them', 'a+(bc)', 0, '(a)+bc', 5, 4],
    ['a token missing from the source maps to srcStart', ' a', 1, 'b', 0, 1],
    ['names pair by value, not by kind', 'a,b', 0, 'b', 0, 2],
    ['regular expressions pair by pattern', '/a/,/b/', 0, '/b/', 0, 4],
    ['a regular expression with " written \\u0022', 'x,/"/', 0, String.raw`x,/\u0022/`, 2, 2],
    ['a regular expression with <!-- written \\x3C!--', 'x,/<!--/', 0, String.raw`x,/\x3C!--/`, 2, 2],
    ['ES2021 tokens are read (numeric separators)', '1_000,b', 0, '1_000,b', 6, 6],
    // A flattened token is searched for past at most 16 real (non-optional) source tokens.
    ['found after 16 skipped names (commas not counted)', `${p16},q`, 0, 'q', 0, 32],
    ['not searched for past 17 skipped names', `${p17} r`, 0, 'r', 0, 0],
  ])('%s', (_name, source, srcStart, code, offset, expected) => {
    const map = createPositionMap(source, srcStart, source.length, code);
    expect(toSourceOffset(map, offset)).toBe(expected);
  });

  test('after a token that is not found, the next token still pairs', () => {
    // 'r' is not searched for past 17 names, so 'a' pairs with the source's first name (offset 1).
    const source = ' a b c d e f g h i j k l m n o p q r';
    const map = createPositionMap(source, 0, source.length, 'r a');
    expect([toSourceOffset(map, 0), toSourceOffset(map, 2)]).toEqual([0, 1]);
  });
});
