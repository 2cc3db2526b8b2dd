import { describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';

// Which string literals count as double-quoted: those written between `"` (their first character), never a
// single-quoted one that merely contains a `"`, nor a regex. Each row: the tracer → the ready-to-send text and the
// exact notes about double quotes (the lint's per-literal `tracer/double-quoted-string` and the flattener's count),
// `line:column` of each.
const lint = (at: string) =>
  `tracer/double-quoted-string ${at} Double-quoted strings break hand-written JSON payloads (the tracer travels inside a JSON string): use single quotes`;
const count = (at: string, n: number) =>
  `flatten/double-quotes ${at} ${n} double-quoted string${n === 1 ? '' : 's'} sent single-quoted (double quotes inside strings are written \\u0022)`;
const head = '{fault: function() {}, result: function() { return ';
const flatHead = '{fault:function(){},result:function(){return';

const rows: Array<[source: string, code: string, notes: string[]]> = [
  [`${head}'a"b'; }}`, `${flatHead}'a\\u0022b';}}`, []],
  [`${head}'"'; }}`, `${flatHead}'\\u0022';}}`, []],
  [`${head}/"/.test('\\"'); }}`, `${flatHead}/\\u0022/.test('\\u0022');}}`, []],
  [`${head}"ab"; }}`, `${flatHead}'ab';}}`, [lint('1:52'), count('1:52', 1)]],
  [
    `${head}'a"b' + "c" + '"'; }}`,
    `${flatHead}'a\\u0022b'+'c'+'\\u0022';}}`,
    [lint('1:60'), count('1:60', 1)],
  ],
  [
    `${head}"a'b" + "\\""; }}`,
    `${flatHead}'a\\'b'+'\\u0022';}}`,
    [lint('1:52'), lint('1:60'), count('1:52', 2)],
  ],
  [
    `{"fault": function() {}, result: function() { return {"k": 'x"'}; }}`,
    `{'fault':function(){},result:function(){return{'k':'x\\u0022'};}}`,
    [lint('1:2'), lint('1:55'), count('1:2', 2)],
  ],
];

describe('double-quote notes count only literals written with double quotes', () => {
  it.each(rows)('%s', (source, code, notes) => {
    const r = flattenTracer(source);
    expect(r.ok).toBe(true);
    expect(r.code).toBe(code);
    expect(r.code).not.toContain('"');
    const quoteNotes = r.diagnostics
      .filter((d) => /double-quote/.test(d.ruleId))
      .map((d) => `${d.ruleId} ${d.range.start.line}:${d.range.start.column} ${d.message}`);
    expect(quoteNotes).toEqual(notes);
  });
});
