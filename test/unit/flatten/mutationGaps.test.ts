import { describe, expect, test } from 'vitest';
import {
  printRegExpLiteral,
  printStringLiteral,
  printTemplateRaw,
} from '../../../src/core/flatten/escapeLiteral.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { mapNodeErrorToSource } from '../../../src/core/flatten/mapNodeError.ts';
import { tracerObjectToString } from '../../../src/core/flatten/tracerObjectToString.ts';

// Cases that surviving mutants of `npm run mutate -- flatten` showed untested. Expected texts are written by hand
// from ECMAScript's literal grammar (String.raw: every backslash is a literal backslash) and checked by evaluating
// them back, never taken from the printer's output.

describe('printStringLiteral: the edges of each escaped range', () => {
  test.each([
    ['U+009F, last C1 control', '\u009f', String.raw`'\x9F'`],
    ['U+00A0 after the C1 range is kept', 'a\u00a0b', "'a\u00a0b'"],
    ['U+E000, first code point after the surrogates, is kept', 'a\ue000b', "'a\ue000b'"],
    ['U+DBFF then U+DC00 is a pair, kept', '\udbff\udc00', "'\udbff\udc00'"],
    ['U+DFFF alone is escaped', '\udfff', String.raw`'\uDFFF'`],
  ])('%s', (_name, value, expected) => {
    expect(printStringLiteral(value)).toBe(expected);
    expect(new Function(`return ${expected};`)()).toBe(value);
  });
});

describe('printRegExpLiteral: an escaped < before an HTML sequence', () => {
  test.each([
    ['\\< before !--', String.raw`\<!--`, '', String.raw`/\x3C!--/`],
    ['\\< before \\/ (no </ in the output)', String.raw`a\<\/b`, '', String.raw`/a\<\/b/`],
    ['\\< before a letter stays', String.raw`a\<b`, '', String.raw`/a\<b/`],
    ['another escape before !-- stays', String.raw`\d!--`, '', String.raw`/\d!--/`],
    ['another escape before / in a class stays', String.raw`[\d/]`, '', String.raw`/[\d/]/`],
  ])('%s', (_name, pattern, flags, expected) => {
    const out = printRegExpLiteral(pattern, flags);
    expect(out).toBe(expected);
    expect(out).not.toContain('</');
    expect(out).not.toContain('<!--');
    const re = new Function(`return ${expected};`)() as RegExp;
    for (const probe of ['<!--', 'a<b', 'a</b', 'a<!--'])
      expect(re.test(probe)).toBe(new RegExp(pattern, flags).test(probe));
  });
});

describe('printTemplateRaw: line terminators and continuations', () => {
  // A template's cooked value: a line continuation (backslash + LF, CR, CRLF, U+2028 or U+2029) adds nothing, a raw
  // CR or CRLF is read as LF (ECMAScript's TV/TRV rules).
  test.each([
    ['continuation with CRLF', 'a\\\r\nb', 'ab', 'ab'],
    ['continuation with a lone CR', 'a\\\rb', 'ab', 'ab'],
    ['continuation with U+2028', 'a\\\u2028b', 'ab', 'ab'],
    ['continuation with U+2029', 'a\\\u2029b', 'ab', 'ab'],
    ['a lone CR', 'a\rb', String.raw`a\nb`, 'a\nb'],
    ['a raw U+2028', 'a\u2028b', String.raw`a\u2028b`, 'a\u2028b'],
    ['a raw U+2029', 'a\u2029b', String.raw`a\u2029b`, 'a\u2029b'],
    ['\\< before /', String.raw`x\</y`, String.raw`x\x3C/y`, 'x</y'],
    ['\\< before a letter stays', String.raw`x\<y`, String.raw`x\<y`, 'x<y'],
    ['another escape before / stays', String.raw`a\n/b`, String.raw`a\n/b`, 'a\n/b'],
    ['a continuation with LF, then a line break', 'a\\\n\nb', String.raw`a\nb`, 'a\nb'],
    ['a plain < stays', 'a<b', 'a<b', 'a<b'],
  ])('%s', (_name, raw, expected, cooked) => {
    const out = printTemplateRaw(raw);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/[\n\r\u2028\u2029"]|<\/|<!--/);
    expect(new Function('return `' + out + '`;')()).toBe(cooked);
  });
});

describe('mapNodeErrorToSource: the ends of line 1', () => {
  const source = [
    '{',
    '  step: function(log) {},',
    '  fault: function(log) {},',
    '  result: function() { return 1; }',
    '}',
  ].join('\n');
  const flat = flattenTracer(source);

  test.each<[string, string, [number, number, number] | null]>([
    // Column 1 is the '(' the node prepends: it stands for the tracer's first character, the '{'.
    ['column 1 (the added parenthesis)', 'SyntaxError at step (<eval>:1:1(0))', [1, 1, 2]],
    ['column 2 (the first character)', 'SyntaxError at step (<eval>:1:2(0))', [1, 1, 2]],
    ['column 0 is no position', 'SyntaxError at step (<eval>:1:0(0))', null],
    // Past the end of the one line: the last character, the closing '}' on line 5.
    ['past the end', 'TypeError: x at result (<eval>:1:9999(3))', [5, 1, 2]],
  ])('%s', (_name, text, expected) => {
    expect(flat.ok).toBe(true);
    const m = mapNodeErrorToSource(text, flat, source);
    if (expected === null) expect(m).toBeNull();
    else expect([m!.range.start.line, m!.range.start.column, m!.range.end.column]).toEqual(expected);
  });
});

describe('tracerObjectToString: what it refuses and what it keeps', () => {
  const plain = 'The tracer must be a plain object whose members are functions and JSON data';
  test.each<[string, unknown, string]>([
    ['null', null, plain],
    ['an array', [function result() {}], plain],
    ['a string', '{result: function() {}}', plain],
    ['symbol keys', { [Symbol('s')]: 1, result() {} }, 'tracer has symbol keys, which cannot be sent'],
    [
      'a key that is not an identifier names its path with brackets',
      { 'a-b': undefined },
      `tracer["a-b"] is undefined, which JSON cannot carry; use null or leave the member out`,
    ],
  ])('%s', (_name, tracer, message) => {
    expect(() => tracerObjectToString(tracer as Record<string, unknown>)).toThrow(message);
  });

  test('an object without a prototype is plain data', () => {
    const data = Object.assign(Object.create(null) as object, { a: 1 });
    expect(tracerObjectToString({ data, result: function () {} })).toBe('{data:{a:1},result:function(){}}');
  });

  test('a shared (not cyclic) object is printed at each use', () => {
    const shared = { a: 1 };
    expect(tracerObjectToString({ x: shared, y: [shared], result: function () {} })).toBe(
      '{x:{a:1},y:[{a:1}],result:function(){}}',
    );
  });
});

describe('flattenTracer: the range each info underlines', () => {
  const fault = 'fault: function(log) {}';
  const ranges = (source: string) =>
    flattenTracer(source)
      .diagnostics.filter((d) => d.ruleId.startsWith('flatten/'))
      .map((d) => [d.ruleId, d.range.start.line, d.range.start.column, d.range.end.line, d.range.end.column]);

  test.each<[string, string, (string | number)[][]]>([
    // One character: the first double quote, and the first character of the tracer object.
    [
      'a double-quoted string on one line: no one-line note',
      `{${fault}, result: function() { return "a"; }}`,
      [['flatten/double-quotes', 1, 55, 1, 56]],
    ],
    ['two lines', `{${fault},\nresult: function() { return 1; }}`, [['flatten/one-line', 1, 1, 1, 2]]],
  ])('%s', (_name, source, expected) => {
    expect(ranges(source)).toEqual(expected);
  });

  test('a source that is not a string', () => {
    const r = flattenTracer(undefined as unknown as string);
    expect(r.ok).toBe(false);
    expect(
      r.diagnostics.map((d) => [
        d.ruleId,
        d.message,
        d.range.start.line,
        d.range.start.column,
        d.range.end.column,
      ]),
    ).toEqual([['flatten/bad-input', 'The tracer source must be a string, not undefined', 1, 1, 1]]);
  });
});

describe('tracerObjectToString: functions whose text cannot be sent', () => {
  const getter = Object.getOwnPropertyDescriptor(
    {
      get x() {
        return 1;
      },
    },
    'x',
  )!.get!;
  const withSuper = {
    m() {
      return super.toString();
    },
  }.m;
  test.each<[string, unknown, string]>([
    [
      'a getter taken out of its object',
      getter,
      "tracer.f: cannot read the function's source text: get x() {",
    ],
    [
      'a method using super',
      withSuper,
      'tracer.f uses super, which has no meaning once the method is sent as text',
    ],
  ])('%s', (_name, f, message) => {
    expect(() => tracerObjectToString({ f, result: function () {} })).toThrow(message);
  });

  test("a function whose text mentions '{ [native code] }' is not a built-in", () => {
    const f = function () {
      return '{ [native code] }';
    };
    const sent = new Function(`return (${tracerObjectToString({ f })});`)() as { f: () => string };
    expect(sent.f()).toBe('{ [native code] }');
  });
});
