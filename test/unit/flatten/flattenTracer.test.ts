import { parseExpressionAt } from 'acorn';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import type { TargetId } from '../../../src/core/targets.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { normalizeAst } from './normalizeAst.ts';

const fault = 'fault: function(log) {}';

// The pitfalls-doc §1.1 weaknesses of a textual `replace(/"/g, "'")` flattener, and the spec's output rules.
describe('flattenTracer: exact ready-to-send strings', () => {
  test.each<[string, string, TargetId, string]>([
    [
      'Chainstack CALL example with "CALL"',
      `{data: [], fault: function(log) {}, step: function(log) { if(log.op.toString() == "CALL") this.data.push(log.stack.peek(0)); }, result: function() { return this.data; }}`,
      'es5',
      String.raw`{data:[],fault:function(log){},step:function(log){if(log.op.toString()=='CALL')this.data.push(log.stack.peek(0));},result:function(){return this.data;}}`,
    ],
    [
      "apostrophe: it's",
      `{${fault}, result: function() { return "it's"; }}`,
      'es5',
      String.raw`{fault:function(log){},result:function(){return'it\'s';}}`,
    ],
    [
      'JSON data member with quotes',
      `{${fault}, labels: {"a": "say \\"hi\\"", "b": ["it's", "x"]}, result: function() { return this.labels; }}`,
      'es5',
      String.raw`{fault:function(log){},labels:{'a':'say \u0022hi\u0022','b':['it\'s','x']},result:function(){return this.labels;}}`,
    ],
    [
      'comments: // at line ends, // inside strings, block comments',
      `{\n  // header\n  ${fault}, // after fault\n  result: function() {\n    var u = "http://example.org"; /* block */\n    return u; // end\n  }\n}`,
      'es5',
      String.raw`{fault:function(log){},result:function(){var u='http://example.org';return u;}}`,
    ],
    [
      'shorthand methods under goja stay shorthand',
      `{fault(log) {}, result() { return 1; }}`,
      'geth',
      String.raw`{fault(log){},result(){return 1;}}`,
    ],
    [
      'let under goja',
      `{${fault}, result: function() { let n = 1; return n; }}`,
      'geth',
      String.raw`{fault:function(log){},result:function(){let n=1;return n;}}`,
    ],
    [
      'regex /"/g',
      `{${fault}, result: function() { return 'a"b'.replace(/"/g, ''); }}`,
      'es5',
      String.raw`{fault:function(log){},result:function(){return'a\u0022b'.replace(/\u0022/g,'');}}`,
    ],
    [
      '</script>',
      `{${fault}, result: function() { return "</script>"; }}`,
      'es5',
      String.raw`{fault:function(log){},result:function(){return'<\/script>';}}`,
    ],
    [
      'U+2028, lone surrogate, backslashes, unicode',
      `{${fault}, s: ["\\u2028", "\\uD800", "a\\\\b", "é😀"], result: function() { return this.s; }}`,
      'es5',
      String.raw`{fault:function(log){},s:['\u2028','\uD800','a\\b','é😀'],result:function(){return this.s;}}`,
    ],
    [
      'raw U+2029 in a string for anvil (Boa runs it; goja does not)',
      `{${fault}, s: "a\u2029b", result: function() { return this.s; }}`,
      'anvil',
      String.raw`{fault:function(log){},s:'a\u2029b',result:function(){return this.s;}}`,
    ],
    [
      'var wrapper and trailing semicolon removed',
      `var tracer = {${fault}, result: function() { return 1; }};`,
      'es5',
      String.raw`{fault:function(log){},result:function(){return 1;}}`,
    ],
    [
      'module.exports wrapper removed',
      `module.exports = {${fault}, result: function() { return 1; }};`,
      'es5',
      String.raw`{fault:function(log){},result:function(){return 1;}}`,
    ],
    [
      'parentheses and trailing semicolon removed',
      `({${fault}, result: function() { return 1; }});`,
      'es5',
      String.raw`{fault:function(log){},result:function(){return 1;}}`,
    ],
    [
      'template literal under goja',
      '{' + fault + ', result: function() { return `a "b"\nc`; }}',
      'geth',
      '{fault:function(log){},result:function(){return`a \\u0022b\\u0022\\nc`;}}',
    ],
  ])('%s', (_name, source, profile, expected) => {
    const r = flattenTracer(source, { target: profile });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.code).toBe(expected);
    expect(r.ok).toBe(true);
    expect(flattenTracer(r.code, { target: profile }).code).toBe(expected);
    if (profile === 'es5') expect(checkEs5(r.code).es5Valid).toBe(true);
  });
});

describe('flattenTracer: infos about what it changed', () => {
  test('double quotes, comments and line breaks are reported with their positions', () => {
    const source = `{\n  ${fault}, // c1\n  result: function() { return "x" + "y"; } /* c2 */\n}`;
    const mine = flattenTracer(source).diagnostics.filter((d) => d.ruleId.startsWith('flatten/'));
    expect(
      mine.map((d) => [d.severity, d.ruleId, d.range.start.line, d.range.start.column, d.message]),
    ).toEqual([
      [
        'info',
        'flatten/double-quotes',
        3,
        31,
        '2 double-quoted strings sent single-quoted (double quotes inside strings are written \\u0022)',
      ],
      [
        'info',
        'flatten/comments-removed',
        2,
        28,
        '2 comments removed: the tracer is sent as one line without comments',
      ],
      ['info', 'flatten/one-line', 1, 1, 'The tracer spans 4 lines; it is sent as one line'],
    ]);
  });
});

describe('flattenTracer: errors come back as diagnostics, never thrown', () => {
  test.each<[string, string, TargetId, string]>([
    ['let under strict', `{${fault}, result: function() { let n = 1; return n; }}`, 'es5', 'es5/let-const'],
    ['shorthand under strict', `{fault(log) {}, result() { return 1; }}`, 'es5', 'es5/shorthand-method'],
    ['not an object', `[1, 2]`, 'es5', 'tracer/not-an-object'],
    ['syntax error', `{result: function( {}`, 'es5', 'es5/syntax-error'],
    [
      '10 000 nested parentheses',
      `{${fault}, result: function() { return ${'('.repeat(10000)}1${')'.repeat(10000)}; }}`,
      'es5',
      '',
    ],
    [
      '10 000 nested arrays',
      `{${fault}, result: function() { return ${'['.repeat(10000)}${']'.repeat(10000)}; }}`,
      'es5',
      '',
    ],
    [
      'unary operators nested deeper than the printer limit',
      `{${fault}, result: function() { var a = 1; return ${'!'.repeat(1200)}a; }}`,
      'geth',
      'flatten/cannot-print',
    ],
  ])('%s', (_name, source, profile, ruleId) => {
    const r = flattenTracer(source, { target: profile });
    expect(r.ok).toBe(false);
    expect(r.code).toBe('');
    expect(r.map).toBeNull();
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    if (ruleId) expect(errors.map((d) => d.ruleId)).toContain(ruleId);
    for (const d of errors) expect(d.message.length).toBeGreaterThan(10);
  });
});

describe('flattenTracer on the bundled templates: same AST, ES5 stays ES5, idempotent', () => {
  const dir = new URL('../../../tracer-templates/', import.meta.url);
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.js')) : [];
  test.each(names)('%s', (name) => {
    const source = readFileSync(new URL(name, dir), 'utf8');
    const checked = checkTracer(source, { target: 'geth' });
    const profile: TargetId = checked.es5.es5Valid ? 'es5' : 'geth';
    const r = flattenTracer(source, { target: profile });
    expect(r.ok).toBe(true);
    expect(r.code).not.toMatch(/["\n\r\u2028\u2029]/);
    const object = checkTracer(source, { target: profile }).tracer!.object;
    const back = parseExpressionAt(r.code, 0, { ecmaVersion: 'latest' });
    expect(normalizeAst(back)).toEqual(normalizeAst(object));
    if (profile === 'es5') expect(checkEs5(r.code).es5Valid).toBe(true);
    expect(flattenTracer(r.code, { target: profile }).code).toBe(r.code);
  });
});

describe('flattenTracer: bad input', () => {
  test.each([
    ['undefined', undefined, 'The tracer source must be a string, not undefined'],
    ['null', null, 'The tracer source must be a string, not null'],
    ['object', { result: 1 }, 'The tracer source must be a string, not object'],
  ])('%s', (_name, input, message) => {
    const r = flattenTracer(input as unknown as string);
    expect(r).toMatchObject({ ok: false, code: '', map: null });
    expect(r.diagnostics.map((d) => [d.severity, d.ruleId, d.message])).toEqual([
      ['error', 'flatten/bad-input', message],
    ]);
  });
});

describe('flattenTracer: failures that have no place in the source are at 1:1', () => {
  const start = { offset: 0, line: 1, column: 1 };
  const tracer = '{result: function () { return 1; }, fault: function () {}}';
  const throwing = (thrown: unknown) => ({
    get target(): never {
      throw thrown;
    },
  });
  test.each<[string, unknown, unknown, string, string]>([
    ['a number as source', 5, {}, 'flatten/bad-input', 'The tracer source must be a string, not number'],
    ['null as source', null, {}, 'flatten/bad-input', 'The tracer source must be a string, not null'],
    // Options whose reading throws stand for a bug inside the flattener: reported, never thrown.
    [
      'an Error thrown inside',
      tracer,
      throwing(new Error('boom')),
      'flatten/internal',
      'The flattener failed unexpectedly (a bug): boom',
    ],
    [
      'null thrown inside',
      tracer,
      throwing(null),
      'flatten/internal',
      'The flattener failed unexpectedly (a bug): null',
    ],
    [
      'a string thrown inside',
      tracer,
      throwing('bang'),
      'flatten/internal',
      'The flattener failed unexpectedly (a bug): bang',
    ],
  ])('%s', (_name, source, options, ruleId, message) => {
    expect(flattenTracer(source as string, options as never)).toEqual({
      ok: false,
      code: '',
      diagnostics: [{ severity: 'error', ruleId, message, range: { start, end: start } }],
      map: null,
    });
  });

  test('null options are the defaults', () => {
    expect(flattenTracer(tracer, null as never)).toMatchObject({
      ok: true,
      code: '{result:function(){return 1;},fault:function(){}}',
    });
  });
});
