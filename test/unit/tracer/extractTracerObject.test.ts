import { describe, expect, it } from 'vitest';
import { applyEdits, type Diagnostic } from '../../../src/core/diagnostics.ts';
import { checkEs5, type Es5Result } from '../../../src/core/es5/checkEs5.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { extractTracerObject } from '../../../src/core/tracer/extractTracerObject.ts';

const extract = (source: string) => extractTracerObject(source, checkEs5(source));
const at = (d: Diagnostic) => `${d.severity} ${d.ruleId} ${d.range.start.offset}-${d.range.end.offset}`;
const example = '{result: function(ctx, db) {...}, fault: function(log, db) {...}}';
const found = (what: string) => `The tracer must be one object literal such as ${example}; found ${what}`;
const fixAll = (source: string, ds: Diagnostic[]) =>
  applyEdits(
    source,
    ds.flatMap((d) => d.fix?.edits ?? []),
  );

describe('extractTracerObject: rejected sources, with the whole range of the error', () => {
  const rows: [string, string, number, number][] = [
    // source, message, start, end
    ['[1, 2]', found('an array'), 0, 6],
    [';', `The tracer source is empty: write one object literal such as ${example}`, 0, 1],
    [';;\n', `The tracer source is empty: write one object literal such as ${example}`, 0, 3],
    ['var t;', found('a variable declaration whose value is not an object literal'), 0, 6],
    ['var {a} = {a: 1};', found('a destructuring declaration (write only the {...} object)'), 0, 17],
    // A function is the tracer's form only when it ends by returning an object literal.
    ['function f() {}', found('a function'), 0, 15],
    ['function f() { return; }', found('a function'), 0, 24],
    ['function f() { throw {a: 1}; }', found('a function'), 0, 30],
    ['function f() { return 1; }', found('a function'), 0, 26],
    ['function f() { return 1; };;', found('a function'), 0, 26],
    // A class has a name too, but never returns the tracer.
    ['(class A { m() { return {a: 1}; } })', found('a class'), 1, 35],
    ['class A {};;', found('a class'), 0, 10],
    // Only a plain `=` to `module.exports` itself is that form.
    ['module.exports += {a: 1}', found('an assignment'), 0, 24],
    ['module.exports += {a: 1};;', found('an assignment'), 0, 24],
    ['foo.exports = {a: 1}', found('an assignment'), 0, 20],
    ['module.foo = {a: 1}', found('an assignment'), 0, 19],
    ['module[exports] = {a: 1}', found('an assignment'), 0, 24],
    [
      'module.exports = {a: 1};;\nmodule.exports.x = 1;',
      'The tracer must be one object literal, not 2 statements',
      0,
      47,
    ],
  ];
  it.each(rows)('%s', (source, message, start, end) => {
    const { tracer, diagnostics } = extract(source);
    expect(tracer).toBeNull();
    expect(diagnostics.map((d) => `${at(d)} ${d.message}`)).toEqual([
      `error tracer/not-an-object ${start}-${end} ${message}`,
    ]);
  });
});

describe('extractTracerObject: forms written as a program (more than one trailing ;)', () => {
  const rows: [string, string, string, boolean, string[], string][] = [
    // source, form, object text, trailingSemicolon, diagnostics, text after every fix
    [
      '({a: 1});;',
      'parenthesized',
      '{a: 1}',
      true,
      ['info tracer/parenthesized 0-1', 'info tracer/trailing-semicolon 8-10'],
      '{a: 1}',
    ],
    [
      'module.exports = {a: 1};;',
      'module-exports',
      '{a: 1}',
      false,
      ['info tracer/module-exports 0-17'],
      '{a: 1};',
    ],
    [
      'function f() { return {a: 1}; };;',
      'function',
      '{a: 1}',
      false,
      ['error tracer/function-wrapper 0-22'],
      '{a: 1};;',
    ],
    // One ';' keeps the expression goal; the function form never counts it as the object's.
    [
      'function f() { return ({a: 1}); };',
      'function',
      '{a: 1}',
      false,
      ['error tracer/function-wrapper 0-23'],
      '{a: 1};',
    ],
  ];
  it.each(rows)('%s', (source, form, objectText, trailing, diags, fixed) => {
    const { tracer, diagnostics } = extract(source);
    expect(tracer?.form).toBe(form);
    expect(source.slice(tracer!.object.start, tracer!.object.end)).toBe(objectText);
    expect(tracer?.trailingSemicolon).toBe(trailing);
    expect(diagnostics.map(at)).toEqual(diags);
    expect(fixAll(source, diagnostics)).toBe(fixed);
  });
});

describe("extractTracerObject: a '#!' line before the object", () => {
  // Fixed: the parentheses were counted from offset 0, so the ')' after the object was 'unexpected text'.
  const hashbang = '#!/usr/bin/env node\n';
  const rows: [string, string, string[], string][] = [
    [`${hashbang}({a: 1})`, 'parenthesized', ['info tracer/parenthesized 20-21'], `${hashbang}{a: 1}`],
    [
      `${hashbang}(module.exports = {a: 1})`,
      'module-exports',
      ['info tracer/module-exports 20-38'],
      `${hashbang}{a: 1}`,
    ],
    [`${hashbang}{a: 1}`, 'bare', [], `${hashbang}{a: 1}`],
    // '#!' inside the code is not a '#!' line.
    ["({s: '#!'})", 'parenthesized', ['info tracer/parenthesized 0-1'], "{s: '#!'}"],
  ];
  it.each(rows)('%s', (source, form, diags, fixed) => {
    const { tracer, diagnostics } = extract(source);
    expect(tracer?.form).toBe(form);
    expect(diagnostics.map(at)).toEqual(diags);
    expect(fixAll(source, diagnostics)).toBe(fixed);
  });

  it('checkTracer reports only the es5 error for the line, not the object', () => {
    const body = '{fault: function(log, db) {}, result: function(ctx, db) { return 1; }}';
    expect(checkTracer(`${hashbang}(${body})`).diagnostics.map(at)).toEqual([
      'error es5/hashbang 0-19',
      'info tracer/parenthesized 20-21',
    ]);
  });
});

describe('extractTracerObject: wrapper fixes remove the parentheses after the object too', () => {
  it.each([
    ['module.exports = ({a: 1})', 'info tracer/module-exports 0-18'],
    ['export default ({a: 1});', 'info tracer/export-default 0-16'],
  ])('%s', (source, diag) => {
    const found = checkTracer(source).diagnostics.filter((d) => d.severity === 'info');
    expect(found.map(at)).toEqual([diag]);
    expect(fixAll(source, found)).toBe('{a: 1}');
  });
});

describe('extractTracerObject: es5 results the parser never gives', () => {
  const noAst = (diagnostics: Diagnostic[]): Es5Result => ({
    diagnostics,
    goal: 'program',
    ast: null,
    es5Valid: false,
    comments: [],
  });
  const note: Diagnostic = {
    severity: 'info',
    ruleId: 'es5/note',
    message: 'a note',
    range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } },
  };

  it.each([
    ['no diagnostics', []],
    ['only a note', [note]],
  ])('no AST and %s: still an error', (_, diagnostics) => {
    const { tracer, diagnostics: out } = extractTracerObject('{a: 1}', noAst(diagnostics));
    expect(tracer).toBeNull();
    expect(out.map((d) => `${at(d)} ${d.message}`)).toEqual([
      `error tracer/not-an-object 0-6 The tracer source must be one object literal such as ${example}`,
    ]);
  });

  it('a prefix counts only when the checked source is one expression', () => {
    const source = 'var t = {a: 1};';
    const { tracer } = extractTracerObject(source, checkEs5(source), { form: 'variable', start: 0, end: 7 });
    expect(tracer?.form).toBe('variable');
    expect(source.slice(tracer!.object.start, tracer!.object.end)).toBe('{a: 1}');
  });
});
