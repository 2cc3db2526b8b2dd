import { describe } from 'vitest';
import { invalid, strictMessage as m } from './es5Cases.ts';

const letHint = "use 'var'";
const arrowHint = "write 'function (…) { return …; }' (note: an arrow function has no own 'this')";

describe('let / const / using', () => {
  invalid(
    '{f: function () { let x = 1; }}',
    'es5/let-const',
    m("'let' declaration", 'ES2015', letHint),
    '1:19',
    {
      end: '1:22',
    },
  );
  invalid(
    '{f: function () { const x = 1; }}',
    'es5/let-const',
    m("'const' declaration", 'ES2015', letHint),
    '1:19',
    {
      end: '1:24',
    },
  );
  invalid(
    '{f: function (a) {\n  for (let i = 0; i < a.length; i++) {}\n}}',
    'es5/let-const',
    m("'let' declaration", 'ES2015', letHint),
    '2:8',
  );
  invalid(
    '{f: function () { { using r = g(); } }}',
    'es5/using-declaration',
    m("'using' declaration", 'ES2026', "use 'var' and release the resource yourself"),
    '1:21',
    { end: '1:26' },
  );
});

describe('functions', () => {
  invalid(
    '{step: (log) => log.op}',
    'es5/arrow-function',
    m("Arrow function '=>'", 'ES2015', arrowHint),
    '1:8',
    {
      end: '1:16',
    },
  );
  invalid('{step: log => 1}', 'es5/arrow-function', m("Arrow function '=>'", 'ES2015', arrowHint), '1:8', {
    end: '1:14',
  });
  invalid(
    '{f: function* () { yield 1; }}',
    'es5/generator',
    m('Generator function', 'ES2015', 'return an array or use a callback'),
    '1:13',
    {
      end: '1:14',
    },
  );
  invalid(
    '{f: async function () { await g(); }}',
    'es5/async-await',
    m("'async' function", 'ES2017', 'tracer hooks run synchronously: remove async/await'),
    '1:5',
    { end: '1:10' },
  );
  invalid(
    '{f: async () => 1}',
    'es5/async-await',
    m("'async' function", 'ES2017', 'tracer hooks run synchronously: remove async/await'),
    '1:5',
  );
  invalid(
    '{f: function (a, ...rest) {}}',
    'es5/rest',
    m("Rest parameter '...rest'", 'ES2015', "use 'Array.prototype.slice.call(arguments, n)'"),
    '1:18',
    { end: '1:25' },
  );
  invalid(
    '{f: function (a, b = 2) {}}',
    'es5/default-parameter',
    m(
      "Default parameter value 'b = 2'",
      'ES2015',
      "set the default in the body: 'if (x === undefined) x = …;'",
    ),
    '1:18',
    { end: '1:23' },
  );
  invalid(
    '{f: function ({op}, db) {}}',
    'es5/destructuring',
    m("Destructuring '{op}'", 'ES2015', "assign each value from the object or array with 'var'"),
    '1:15',
    { end: '1:19' },
  );
  invalid(
    '{f: function () { var [a, [b, c], {d}] = g(); }}',
    'es5/destructuring',
    m("Destructuring '[a, [b, c], {d}]'", 'ES2015', "assign each value from the object or array with 'var'"),
    '1:23',
  );
  invalid(
    '{f: function () { var a, b; ({a, b} = g()); }}',
    'es5/destructuring',
    m("Destructuring '{a, b}'", 'ES2015', "assign each value from the object or array with 'var'"),
    '1:30',
  );
  invalid(
    '{f: function () { try {} catch ({message}) {} }}',
    'es5/destructuring',
    m("Destructuring '{message}'", 'ES2015', "assign each value from the object or array with 'var'"),
    '1:33',
  );
  invalid(
    '{f: function (a, b,) {}}',
    'es5/trailing-comma',
    m('A trailing comma after the last parameter', 'ES2017', 'remove the comma'),
    '1:19',
    { end: '1:20' },
  );
  invalid(
    '{f: function () { g(1, 2,); }}',
    'es5/trailing-comma',
    m('A trailing comma after the last argument', 'ES2017', 'remove the comma'),
    '1:25',
    { end: '1:26' },
  );
  invalid(
    '{f: function () { new G(1,\n); }}',
    'es5/trailing-comma',
    m('A trailing comma after the last argument', 'ES2017', 'remove the comma'),
    '1:26',
  );
  invalid(
    '{f: function (o) { for (var x of o) {} }}',
    'es5/for-of',
    m("'for…of' loop", 'ES2015', "loop with an index: 'for (var i = 0; i < a.length; i++)'"),
    '1:20',
    { end: '1:33' },
  );
  invalid(
    '{f: async function (o) { for await (var x of o) {} }}',
    'es5/async-await',
    '2 async functions and await (line 1): ES2017 syntax, not ES5.1: tracer hooks run synchronously: remove async/await.',
    '1:5',
  );
  invalid(
    'export var t = {};\nawait 1;',
    'es5/top-level-await',
    m("Top-level 'await'", 'ES2022', 'tracer hooks run synchronously: remove await'),
    '2:1',
    { end: '2:6' },
  );
  invalid(
    'do {} while (false) x();',
    'es5/do-while-semicolon',
    m("A statement right after 'do … while (…)' without ';'", 'ES2015', "put a ';' after 'while (…)'"),
    '1:19',
  );
  invalid(
    '{f: function () { try { g(); } catch { h(); } }}',
    'es5/optional-catch-binding',
    m("'catch' without a parameter", 'ES2019', "write 'catch (e)'"),
    '1:32',
    { end: '1:37' },
  );
});
