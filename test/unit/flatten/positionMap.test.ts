import { tokenizer } from 'acorn';
import { describe, expect, test } from 'vitest';
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
      expect(r.map!.toSourceOffset(flat[i].start)).toBe(original[i].start);
      // An offset inside an identifier maps inside the same identifier.
      if (flat[i].name.length > 1)
        expect(r.map!.toSourceOffset(flat[i].start + 1)).toBe(original[i].start + 1);
    }
  });

  test('offsets before the first token map to the object start, past the end to the last token', () => {
    const source = 'var t = {fault: function () {}, result: function () { return 1; }};';
    const r = flattenTracer(source);
    expect(r.map!.toSourceOffset(0)).toBe(8);
    expect(r.map!.toSourceOffset(-5)).toBe(8);
    expect(r.map!.toSourceOffset(10_000)).toBe(source.lastIndexOf('}'));
  });
});
