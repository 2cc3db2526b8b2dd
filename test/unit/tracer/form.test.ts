import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../src/core/diagnostics.ts';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { extractTracerObject } from '../../../src/core/tracer/extractTracerObject.ts';

const extract = (source: string) => extractTracerObject(source, checkEs5(source));
const where = (d: { range: { start: { line: number; column: number } } }) =>
  `${d.range.start.line}:${d.range.start.column}`;

const paren =
  "The tracer object is wrapped in parentheses; geth adds its own '(' + code + ')', so this works, and the flattener sends the object without them";
const semi =
  "geth evaluates '(' + code + ')', so a trailing ';' is a syntax error there; the flattener removes it";
const exportsMsg =
  "geth evaluates the tracer as one expression, so 'module.exports = {...}' is a syntax error there; only the object literal is sent";
const example = '{result: function(ctx, db) {...}, fault: function(log, db) {...}}';

describe('extractTracerObject: accepted forms', () => {
  const cases: [string, string, string, boolean, string[], string?][] = [
    // source, form, object text, trailingSemicolon, [ruleId@line:col], text after applying every fix
    ['{a: 1}', 'bare', '{a: 1}', false, []],
    ['  // c\n{a: 1} /* x */', 'bare', '{a: 1}', false, []],
    ['{a: 1};', 'bare', '{a: 1}', true, ['tracer/trailing-semicolon@1:7'], '{a: 1}'],
    ['{a: 1} ; // end', 'bare', '{a: 1}', true, ['tracer/trailing-semicolon@1:8'], '{a: 1}  // end'],
    ['({a: 1})', 'parenthesized', '{a: 1}', false, ['tracer/parenthesized@1:1'], '{a: 1}'],
    ['((( {a: 1} )))', 'parenthesized', '{a: 1}', false, ['tracer/parenthesized@1:1'], ' {a: 1} '],
    [
      '({a: 1});',
      'parenthesized',
      '{a: 1}',
      true,
      ['tracer/parenthesized@1:1', 'tracer/trailing-semicolon@1:9'],
      '{a: 1}',
    ],
    // A `var|let|const` wrapper gets no diagnostic when read by the extractor alone (checkTracer blanks it first).
    ['var tracer = {a: 1};', 'variable', '{a: 1}', false, []],
    ['let t = ({a: 1})', 'variable', '{a: 1}', false, []],
    ['const t = {a: 1};\n', 'variable', '{a: 1}', false, []],
    ['module.exports = {a: 1};', 'module-exports', '{a: 1}', false, ['tracer/module-exports@1:1'], '{a: 1}'],
    [
      'module.exports = {a: 1}\n',
      'module-exports',
      '{a: 1}',
      false,
      ['tracer/module-exports@1:1'],
      '{a: 1}\n',
    ],
    ['(module.exports = {a: 1})', 'module-exports', '{a: 1}', false, ['tracer/module-exports@1:1'], '{a: 1}'],
  ];
  it.each(cases)('%s', (source, form, objectText, trailing, diags, fixed) => {
    const { tracer, diagnostics } = extract(source);
    expect(tracer?.form).toBe(form);
    expect(source.slice(tracer!.object.start, tracer!.object.end)).toBe(objectText);
    expect(tracer?.trailingSemicolon).toBe(trailing);
    expect(diagnostics.map((d) => `${d.ruleId}@${where(d)}`)).toEqual(diags);
    expect(diagnostics.every((d) => d.severity === 'info')).toBe(true);
    expect(tracer?.diagnostics).toEqual(diagnostics);
    if (fixed !== undefined) {
      expect(
        applyEdits(
          source,
          diagnostics.flatMap((d) => d.fix?.edits ?? []),
        ),
      ).toBe(fixed);
      expect(extract(fixed).diagnostics).toEqual([]);
      expect(extract(fixed).tracer?.form).toBe('bare');
    }
    for (const d of diagnostics) {
      const once = extract(applyEdits(source, d.fix?.edits ?? []));
      expect(once.diagnostics.map((x) => x.ruleId)).not.toContain(d.ruleId);
    }
  });

  it('uses the exact messages', () => {
    expect(extract('({a: 1});').diagnostics.map((d) => d.message)).toEqual([paren, semi]);
    expect(extract('module.exports = {a: 1}').diagnostics.map((d) => d.message)).toEqual([exportsMsg]);
  });
});

describe('extractTracerObject: rejected sources', () => {
  const cases: [string, string, string][] = [
    ['function() {}', `The tracer must be one object literal such as ${example}; found a function`, '1:1'],
    [
      '(function() { return {}; })',
      `The tracer must be one object literal such as ${example}; found a function`,
      '1:2',
    ],
    ['[1, 2]', `The tracer must be one object literal such as ${example}; found an array`, '1:1'],
    ["'tracer'", `The tracer must be one object literal such as ${example}; found a string`, '1:1'],
    ['42', `The tracer must be one object literal such as ${example}; found the literal 42`, '1:1'],
    [
      'makeTracer()',
      `The tracer must be one object literal such as ${example}; found a function call`,
      '1:1',
    ],
    ['tracer', `The tracer must be one object literal such as ${example}; found the name 'tracer'`, '1:1'],
    [
      'tracer = {a: 1}',
      `The tracer must be one object literal such as ${example}; found an assignment to 'tracer' (write only the {...} object, or 'var tracer = {...};')`,
      '1:1',
    ],
    [
      '{a: 1}, {b: 2}',
      `The tracer must be one object literal such as ${example}; found several comma-separated expressions`,
      '1:1',
    ],
    ['var a = {x: 1}; var b = {y: 2};', 'The tracer must be one object literal, not 2 statements', '1:1'],
    ['var a = 1;', `The tracer must be one object literal such as ${example}; found the literal 1`, '1:9'],
    [
      'var a = {x: 1}, b = 2;',
      `The tracer must be one object literal such as ${example}; found a declaration of several variables`,
      '1:1',
    ],
    ['if (x) {}', `The tracer must be one object literal such as ${example}; found a statement`, '1:1'],
    [
      'a ? {} : {}',
      `The tracer must be one object literal such as ${example}; found an expression that is not an object literal`,
      '1:1',
    ],
    [
      'export default {a: 1}',
      `The tracer must be one object literal such as ${example}; found an ES module import/export (write only the {...} object)`,
      '1:1',
    ],
  ];
  it.each(cases)('%s', (source, message, at) => {
    const { tracer, diagnostics } = extract(source);
    expect(tracer).toBeNull();
    expect(diagnostics.map((d) => `${d.severity} ${d.ruleId} ${where(d)} ${d.message}`)).toEqual([
      `error tracer/not-an-object ${at} ${message}`,
    ]);
  });

  it("returns checkEs5's own errors when it already reported the source as broken or empty", () => {
    for (const source of ['', '   \n', '// only a comment', '{a: ', '{a: 1} }']) {
      const es5 = checkEs5(source);
      const errors = es5.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.length).toBeGreaterThan(0);
      const { tracer, diagnostics } = extractTracerObject(source, es5);
      expect(tracer).toBeNull();
      expect(diagnostics).toHaveLength(errors.length);
      diagnostics.forEach((d, i) => expect(d).toBe(errors[i]));
    }
  });
});
