import { describe } from 'vitest';
import { invalid, strictMessage as m, valid } from './es5Cases.ts';

describe('object literals', () => {
  invalid(
    '{step(log) {}, result: function () {}}',
    'es5/shorthand-method',
    m("Shorthand method 'step(…) {…}'", 'ES2015', "write 'name: function (…) {…}'"),
    '1:2',
    { end: '1:6' },
  );
  invalid(
    '{data: data, "x"() {}}',
    'es5/shorthand-method',
    m('Shorthand method \'"x"(…) {…}\'', 'ES2015', "write 'name: function (…) {…}'"),
    '1:14',
  );
  invalid(
    '{data}',
    'es5/shorthand-property',
    m("Shorthand property 'data'", 'ES2015', "write 'name: name'"),
    '1:2',
    {
      end: '1:6',
    },
  );
  invalid(
    '{["a" + 1]: 2}',
    'es5/computed-key',
    m(
      'Computed property key \'["a" + 1]\'',
      'ES2015',
      "create the object first, then assign 'obj[key] = value'",
    ),
    '1:2',
    { end: '1:11' },
  );
  invalid(
    '{get [k]() { return 1; }}',
    'es5/computed-key',
    m("Computed property key '[k]'", 'ES2015', "create the object first, then assign 'obj[key] = value'"),
    '1:6',
    { end: '1:9' },
  );
  invalid(
    '{a: {...b, c: 1}}',
    'es5/object-spread',
    m("Object spread '...b'", 'ES2018', 'copy the properties in a for-in loop'),
    '1:6',
    { end: '1:10' },
  );
  invalid(
    '{a: [1, ...b]}',
    'es5/spread',
    m("Spread '...b'", 'ES2015', "use 'fn.apply(null, array)' or 'a.concat(b)'"),
    '1:9',
  );
  invalid(
    '{a: f(...b)}',
    'es5/spread',
    m("Spread '...b'", 'ES2015', "use 'fn.apply(null, array)' or 'a.concat(b)'"),
    '1:7',
  );
  const dupHint =
    'keep only one definition (ES5.1 rejects a getter/setter beside a value, and any repeat in strict mode)';
  invalid(
    '{a: 1, get a() { return 2; }}',
    'es5/duplicate-property',
    m("A second definition of property 'a'", 'ES2015', dupHint),
    '1:12',
  );
  invalid(
    '{get a() {}, get a() {}}',
    'es5/duplicate-property',
    m("A second definition of property 'a'", 'ES2015', dupHint),
    '1:18',
  );
  invalid(
    '{f: function () { "use strict"; return {x: 1, "x": 2}; }}',
    'es5/duplicate-property',
    m("A second definition of property 'x'", 'ES2015', dupHint),
    '1:47',
  );
  invalid(
    '{f: function () { "use strict"; return {1: 1, 1.0: 2}; }}',
    'es5/duplicate-property',
    m("A second definition of property '1'", 'ES2015', dupHint),
    '1:47',
  );
  // ES5.1 allows a repeated data property outside strict code, and a getter beside a setter.
  valid('{a: 1, a: 2, get b() { return 1; }, set b(v) {}}');
});

describe('classes', () => {
  invalid(
    '{f: function () { class A {} }}',
    'es5/class',
    m("Class 'A'", 'ES2015', 'use a constructor function and its prototype'),
    '1:19',
    { end: '1:24' },
  );
  invalid(
    '{C: class { x = 1; }}',
    'es5/class-fields',
    m("Class field 'x'", 'ES2022', 'assign the field in the constructor'),
    '1:13',
    { end: '1:19' },
  );
  invalid(
    '{C: class { #p = 1; get() { return this.#p; } }}',
    'es5/private-name',
    '2 private class members (line 1): ES2022 syntax, not ES5.1: use an ordinary property.',
    '1:13',
    { end: '1:15' },
  );
  invalid(
    '{C: class { static { init(); } }}',
    'es5/class-static-block',
    m("Class 'static {…}' block", 'ES2022', 'run the code after the constructor is defined'),
    '1:13',
  );
  invalid(
    '{o: {m() { return super.m(); }}}',
    'es5/super',
    m("'super'", 'ES2015', "call the parent's function directly"),
    '1:19',
    { end: '1:24' },
  );
  invalid(
    '{f: function F() { if (!new.target) return; }}',
    'es5/new-target',
    m("'new.target'", 'ES2015', "test 'this instanceof F' instead"),
    '1:25',
    { end: '1:35' },
  );
});
