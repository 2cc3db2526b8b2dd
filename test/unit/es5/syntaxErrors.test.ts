import { describe, expect, it } from 'vitest';
import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import { invalid, show, valid } from './es5Cases.ts';

const tracer =
  '{data: [], step: function(log) { this.data.push(log.op.toString()); }, fault: function() {}, ' +
  'result: function() { return this.data; }}';

describe('valid ES5.1 tracers', () => {
  valid(tracer);
  valid(`(${tracer})`);
  valid(`${tracer};`);
  valid(`${tracer} // done`);
  valid(`/* head */ ${tracer} ; /* tail */ // end`);
  valid(`var tracer = ${tracer};`);
  valid(`module.exports = ${tracer};`);
  valid('{get a() { return 1; }, set a(v) {}, "b": 2, 3: 4, default: 5, if: 6}');
  valid('{f: function () { var re = /ab+c/gim; return re.test("x") ? 0x1F : 1e3; }}');
  valid('{f: function (o) { for (var k in o) { if (!o.hasOwnProperty(k)) continue; } }}');
  valid('{f: function () { label: for (;;) { break label; } do {} while (false)\n x(); }}');
  valid('{s: "\\u0041\\x41\\n\\\'", t: \'a"b\'}');
  valid('{f: function () { "use strict"; return typeof this; }}');
});

describe('goal detection', () => {
  const cases: [string, 'expression' | 'program', number | undefined][] = [
    ['{a: 1}', 'expression', 6],
    ['({a: 1})', 'expression', 8],
    ['{a: 1};', 'expression', 6],
    ['{a: 1} ; // c', 'expression', 6],
    ['{a: 1};;', 'program', undefined],
    ['var t = {a: 1};', 'program', undefined],
    ['var t = {a: 1}; t', 'program', undefined],
    ['module.exports = {a: 1}', 'expression', 23],
    ['  \n{}  ', 'expression', 5],
  ];
  for (const [code, goal, end] of cases) {
    it(`${JSON.stringify(code)} is goal ${goal}`, () => {
      const r = checkEs5(code);
      expect(r.goal).toBe(goal);
      expect(r.expressionEnd).toBe(end);
      expect(r.diagnostics).toEqual([]);
      expect(r.ast).not.toBeNull();
      expect(r.ast!.type).toBe(
        goal === 'program'
          ? 'Program'
          : code.includes('module')
            ? 'AssignmentExpression'
            : 'ObjectExpression',
      );
    });
  }

  it('the expression AST comes from the latest-JS parse, with offsets and 1-based loc lines', () => {
    const r = checkEs5('({a: () => 1})');
    const ast = r.ast as unknown as {
      type: string;
      start: number;
      end: number;
      loc: { start: { line: number } };
    };
    expect([ast.type, ast.start, ast.end, ast.loc.start.line]).toEqual(['ObjectExpression', 1, 13, 1]);
  });

  it('accepts code only ES5 reads (let as a variable), with the ES5 AST', () => {
    const r = checkEs5('var let = [];\nlet[0] = 1;');
    expect([r.goal, r.es5Valid, r.ast?.type, r.diagnostics.length]).toEqual(['program', true, 'Program', 0]);
    expect(r.ast!.loc!.end).toEqual({ line: 2, column: 11 });
  });

  it('collects comments before, inside and after the expression', () => {
    const r = checkEs5('/*a*/ {x: 1 /*b*/} // c\n; // d');
    expect(r.comments).toEqual([
      { type: 'Block', value: 'a', start: 0, end: 5 },
      { type: 'Block', value: 'b', start: 12, end: 17 },
      { type: 'Line', value: ' c', start: 19, end: 23 },
      { type: 'Line', value: ' d', start: 26, end: 30 },
    ]);
  });
});

describe('syntax errors name the token', () => {
  const e = 'es5/syntax-error';
  invalid('{a: 1 b: 2}', e, "Unexpected identifier 'b': is a ',' or ';' missing before it?", '1:7', {
    end: '1:8',
  });
  invalid('{a: [1 2]}', e, "Unexpected number '2': is a ',' missing before it?", '1:8', { end: '1:9' });
  invalid('{a: f(1 "x")}', e, "Unexpected string '\"x\"': is a ',' missing before it?", '1:9', {
    end: '1:12',
  });
  invalid('{a: 1,, b: 2}', e, "Unexpected token ','", '1:7', { end: '1:8' });
  invalid(
    '{a: function() { return 1; }))',
    e,
    "Unexpected token ')': expected '}' to close the '{' at 1:1",
    '1:29',
    { end: '1:30' },
  );
  invalid('{a: 1}}', e, "Unexpected token '}': the expression already ended at 1:7", '1:7', { end: '1:8' });
  invalid('{a: function() { var = 1; }}', e, "Unexpected token '='", '1:22');
  invalid('{a: function() { if (x) else {} }}', e, "Unexpected keyword 'else'", '1:25', { end: '1:29' });
  invalid("{a: 'abc}", e, 'Unterminated string constant', '1:5', { end: '1:10' });
  invalid('{a: /* x }', e, 'Unterminated comment', '1:5');
  invalid('{a: 1 # 2}', e, "Unexpected character '#'", '1:7', { end: '1:8' });
  invalid('{a: 0x}', e, 'Expected number in radix 16', '1:7');
  invalid('x = {a: 1', e, "Unexpected end of input: a '}' is missing for the '{' at 1:5", '1:10', {
    end: '1:10',
  });
  invalid('{\n  step: function(log) {\n    if (x) {\n      y();\n  },\n', e, "Unexpected token ','", '5:4');
  invalid(
    '{\n  step: function(log) {\n    if (x) {\n      y();\n    }\n',
    e,
    "Unexpected end of input: a '}' is missing for the '{' at 2:23",
    '6:1',
  );
  invalid('{a: (1 + ', e, "Unexpected end of input: a ')' is missing for the '(' at 1:5", '1:10');
  invalid(
    'var',
    e,
    'Unexpected end of input: the code stops in the middle of an expression or statement',
    '1:4',
  );
  invalid('{a: `x${1}', e, 'Unterminated template literal', '1:11');
  invalid('{a: 1}\n{b: 2} +', e, "Unexpected token '{': the expression already ended at 1:7", '2:1', {
    end: '2:2',
  });
  invalid('{a: "\\u00G1"}', e, 'Bad character escape sequence', '1:8');
  invalid('{a: [1, 2}', e, "Unexpected token '}': expected ']' to close the '[' at 1:5", '1:10', {
    end: '1:11',
  });
  invalid(
    '{f: function (log) { if (log.op == 1 { x(); } }}',
    e,
    "Unexpected token '{': expected ')' to close the '(' at 1:25",
    '1:38',
  );
  invalid(
    '{f: function () { g(1; }}',
    e,
    "Unexpected token ';': expected ')' to close the '(' at 1:20",
    '1:22',
  );
  invalid(
    '{f: function (o) { return o[1; }}',
    e,
    "Unexpected token ';': expected ']' to close the '[' at 1:28",
    '1:30',
  );
  invalid(
    '{f: function () { g(1 }}',
    e,
    "Unexpected token '}': expected ')' to close the '(' at 1:20",
    '1:23',
  );
  invalid('() + 0', e, "Unexpected token ')'", '1:2', { end: '1:3' });
  invalid(
    'export 3',
    e,
    "'export' can only appear in an ES module; a tracer is one object literal, not a module",
    '1:1',
    { end: '1:7' },
  );
  invalid('\u200c = 1', e, "Unexpected character '\\u200C'", '1:1', { end: '1:2' });
  invalid('{a: function (a b) {}}', e, "Unexpected identifier 'b': is a ',' missing before it?", '1:17');
  invalid('{a: "\ud800" + #}', e, "Unexpected character '#'", '1:11', { end: '1:12' });
});

describe('errors in a program goal', () => {
  it('reports the program error for code not starting with { or (', () => {
    const r = checkEs5('var t = {a: 1} +;');
    expect(r.goal).toBe('program');
    expect(r.ast).toBeNull();
    expect(r.diagnostics.map(show)).toEqual(["1:17 es5/syntax-error Unexpected token ';'"]);
  });
  it('reports the expression error for code starting with {', () => {
    const r = checkEs5('{a: 1 +}');
    expect(r.goal).toBe('expression');
    expect(r.diagnostics.map(show)).toEqual(["1:8 es5/syntax-error Unexpected token '}'"]);
  });
});
