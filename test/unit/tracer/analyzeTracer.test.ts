import { parse } from 'acorn';
import type * as estree from 'estree';
import { describe, expect, it } from 'vitest';
import { analyzeTracer, hookOf, type Declaration } from '../../../src/core/tracer/analyzeTracer.ts';
import type { AnyNode } from '../../../src/core/tracer/walkNodes.ts';

/** Each function's declarations, functions in source order: `name: 'kind index[ = init][ reassigned]'`. */
function declarations(tracer: string): Record<string, string>[] {
  const source = `(${tracer})`;
  const program = parse(source, { ecmaVersion: 'latest' }) as unknown as estree.Program;
  const object = (program.body[0] as estree.ExpressionStatement).expression as AnyNode &
    estree.ObjectExpression;
  const show = (d: Declaration) =>
    `${d.kind} ${d.index}${d.init ? ` = ${source.slice(d.init.start, d.init.end)}` : ''}${d.reassigned ? ' reassigned' : ''}`;
  return [...analyzeTracer(object).functions.values()].map((f) =>
    Object.fromEntries([...f.declarations].map(([name, d]) => [name, show(d)])),
  );
}

describe('analyzeTracer declarations', () => {
  const rows: [string, string, Record<string, string>[]][] = [
    [
      'a var without a value keeps the parameter or value it repeats',
      '{step: function(log, db) { var log; var x = 1; var x; }}',
      [{ log: 'param 0', db: 'param 1', x: 'var 0 = 1' }],
    ],
    [
      'a second value, or a function declared over a name, makes its type unknown',
      '{step: function(a) { var n = a; var n = 2; function a() {} function g() {} function g() {} }}',
      [{ a: 'param 0 reassigned', n: 'var 0 = a reassigned', g: 'function 0 reassigned' }, {}, {}, {}],
    ],
    [
      "a named function expression's name is its own, not its parent's",
      '{step: function() { var f = function g(h) {}, k = () => 1; }}',
      [{ f: 'var 0 = function g(h) {}', k: 'var 0 = () => 1' }, { h: 'param 0', g: 'other 0' }, {}],
    ],
    [
      'names bound by parameter patterns',
      '{step: function({a, b: [c, , d]}, e = 1, ...f) {}}',
      [{ a: 'other 0', c: 'other 0', d: 'other 0', e: 'other 1', f: 'other 2' }],
    ],
    [
      'names bound by var patterns',
      '{step: function(o) { var {p, q = 2, ...r} = o, [s, , ...t] = o; }}',
      [{ o: 'param 0', p: 'other 0', q: 'other 0', r: 'other 0', s: 'other 0', t: 'other 0' }],
    ],
    [
      "a catch without a parameter binds nothing; a named class expression's name is the class's own",
      '{step: function() { try {} catch {} var K = class N {}; }}',
      [{ K: 'var 0 = class N {}' }],
    ],
    [
      'nothing is declared outside the functions (a class static block)',
      '{x: class { static { var v = 1; class A {} try {} catch (e) {} } }}',
      [],
    ],
    [
      'catch parameters and classes',
      '{step: function() { try {} catch ({message}) {} try {} catch (e) {} class C {} }}',
      [{ message: 'other 0', e: 'other 0', C: 'other 0' }],
    ],
    [
      'x++ and for (x in/of …) assign x; for (var x in …) and a.b++ do not',
      '{step: function(xs) { var i = 0, k = "a", m, n = 1, v = 1, w = 1; i++; --this.count; for (k in xs) {} for (var j in xs) {} for ([m, n] of xs) {} for (v of xs) {} for (var u of xs) {} }}',
      [
        {
          xs: 'param 0',
          i: 'var 0 = 0 reassigned',
          k: 'var 0 = "a" reassigned',
          m: 'var 0 reassigned',
          n: 'var 0 = 1 reassigned',
          v: 'var 0 = 1 reassigned',
          w: 'var 0 = 1',
          j: 'var 0',
          u: 'var 0',
        },
      ],
    ],
  ];
  it.each(rows)('%s', (_, tracer, expected) => expect(declarations(tracer)).toEqual(expected));
});

describe('analyzeTracer members and hooks', () => {
  it("names a function by its property only when it is the value of the tracer object's own property", () => {
    const source =
      "({step: function(log) { var f = function() {}; }, helper: function(x) {}, data: {fault: function() {}}, ...function() {}, ['res' + 'ult']: function() {}})";
    const program = parse(source, { ecmaVersion: 'latest' }) as unknown as estree.Program;
    const object = (program.body[0] as estree.ExpressionStatement).expression as AnyNode &
      estree.ObjectExpression;
    const functions = [...analyzeTracer(object).functions.values()];
    expect(
      functions.map((f) => [source.slice(f.node.start, f.node.start + 14), f.memberName, hookOf(f)]),
    ).toEqual([
      ['function(log) ', 'step', 'step'],
      ['function() {};', null, null],
      ['function(x) {}', 'helper', null],
      ['function() {}}', null, null],
      ['function() {},', null, null],
      ['function() {}}', 'result', 'result'],
    ]);
    expect(hookOf(null)).toBeNull();
  });
});
