import { describe, expect, it } from 'vitest';
import { applyEdits, type Diagnostic, type TextEdit } from '../../../src/core/diagnostics.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

const note = (what: string) =>
  `geth evaluates the tracer as one expression, so '${what}' is a syntax error there; only the object literal is sent`;
const paren =
  "The tracer object is wrapped in parentheses; geth adds its own '(' + code + ')', so this works, and the flattener sends the object without them";
const semi =
  "geth evaluates '(' + code + ')', so a trailing ';' is a syntax error there; the flattener removes it";
const returned = (tail: string) =>
  `The tracer object is returned by the function 't'; a node evaluates the text as one expression and gets the function, not a tracer: ${tail}`;
const moveOthers = (what: string) =>
  returned(`move its other ${what} into the object's functions, then keep only the object literal`);

const cut = (start: number, end: number): TextEdit => ({ start, end, text: '' });
const span = (d: Diagnostic) =>
  `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`;

describe('form diagnostics: range, fix title and exact edits', () => {
  // source, rule, message, range, fix title (null: no fix), edits, source after the fix
  const rows: [string, string, string, string, string | null, TextEdit[], string][] = [
    // No edit for the empty text between the object and the end of the wrapper.
    [
      'module.exports = {a: 1}',
      'module-exports',
      note('module.exports = {...}'),
      '1:1-1:18',
      'Keep only the object literal',
      [cut(0, 17)],
      '{a: 1}',
    ],
    [
      'module.exports = {a: 1};',
      'module-exports',
      note('module.exports = {...}'),
      '1:1-1:18',
      'Keep only the object literal',
      [cut(0, 17), cut(23, 24)],
      '{a: 1}',
    ],
    [
      'export default {a: 1}',
      'export-default',
      note('export default {...}'),
      '1:1-1:16',
      'Keep only the object literal',
      [cut(0, 15)],
      '{a: 1}',
    ],
    [
      'export default ({a: 1})',
      'export-default',
      note('export default {...}'),
      '1:1-1:17',
      'Keep only the object literal',
      [cut(0, 16), cut(22, 23)],
      '{a: 1}',
    ],
    [
      '(({a: 1}))',
      'parenthesized',
      paren,
      '1:1-1:3',
      'Remove the parentheses',
      [cut(0, 1), cut(1, 2), cut(8, 9), cut(9, 10)],
      '{a: 1}',
    ],
    // The range covers every ';', from the first to just after the last.
    ['{a: 1};', 'trailing-semicolon', semi, '1:7-1:8', "Remove the trailing ';'", [cut(6, 7)], '{a: 1}'],
    [
      '({a: 1}) ; ;',
      'trailing-semicolon',
      semi,
      '1:10-1:13',
      "Remove the trailing ';'",
      [cut(9, 10), cut(11, 12)],
      '({a: 1})  ',
    ],
    [
      'function t() { return {a: 1}; }',
      'function-wrapper',
      returned('keep only the object literal'),
      '1:1-1:23',
      'Keep only the returned object literal',
      [cut(0, 22), cut(28, 31)],
      '{a: 1}',
    ],
    [
      'function t() { var a = 1; return {a: a}; }',
      'function-wrapper',
      moveOthers('statement'),
      '1:1-1:34',
      null,
      [],
      '',
    ],
    [
      'function t() { var a = 1; a++; return {a: a}; }',
      'function-wrapper',
      moveOthers('2 statements'),
      '1:1-1:39',
      null,
      [],
      '',
    ],
  ];
  it.each(rows)('%s', (source, rule, message, range, title, edits, fixed) => {
    const found = checkTracer(source).diagnostics.filter((d) => d.ruleId === `tracer/${rule}`);
    expect(found.map((d) => `${span(d)} ${d.message}`)).toEqual([`${range} ${message}`]);
    const fix = found[0].fix;
    if (title === null) {
      expect(fix).toBeUndefined();
      return;
    }
    expect(fix).toEqual({ title, edits });
    expect(applyEdits(source, edits)).toBe(fixed);
    expect(checkTracer(fixed).diagnostics.filter((d) => d.ruleId === `tracer/${rule}`)).toEqual([]);
  });
});
