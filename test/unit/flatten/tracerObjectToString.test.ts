/* eslint-disable @typescript-eslint/no-unused-vars, no-var, no-sparse-arrays -- the live functions below are sent as written */
import { describe, expect, test } from 'vitest';
import { tracerObjectToString } from '../../../src/core/flatten/tracerObjectToString.ts';

// Live objects; the functions are written compactly so their source text is predictable after the test transform.
describe('tracerObjectToString: live objects → ready-to-send string', () => {
  test.each<[string, Record<string, unknown>, string]>([
    [
      'Chainstack CALL example with a double-quoted comparison',
      {
        data: [],
        fault: function (log: any) {},
        step: function (this: any, log: any) {
          if (log.op.toString() == 'CALL') this.data.push(log.stack.peek(0));
        },
        result: function (this: any) {
          return this.data;
        },
      },
      String.raw`{data:[],fault:function(log){},step:function(log){if(log.op.toString()=='CALL')this.data.push(log.stack.peek(0));},result:function(){return this.data;}}`,
    ],
    [
      'shorthand methods become function expressions',
      {
        step(this: any, log: any) {
          this.n++;
        },
        result(this: any) {
          return this.n;
        },
        fault() {},
        n: 0,
      },
      String.raw`{step:function(log){this.n++;},result:function(){return this.n;},fault:function(){},n:0}`,
    ],
    [
      'comments inside functions vanish, // inside strings stays',
      {
        result: function () {
          // a comment that would swallow the rest of a joined line
          var u = 'http://x'; /* block */
          return u; // trailing
        },
      },
      String.raw`{result:function(){var u='http://x';return u;}}`,
    ],
    [
      'apostrophes and double quotes in data',
      { label: "it's", quoted: 'say "hi"', nested: { list: ["a'b", 'c"d', 1, true, null] } },
      String.raw`{label:'it\'s',quoted:'say \u0022hi\u0022',nested:{list:['a\'b','c\u0022d',1,true,null]}}`,
    ],
    [
      'non-identifier keys, numbers and special numbers',
      { 'a-b': 1, '0x': -2.5, big: 1e21, neg0: -0, nan: NaN, inf: -Infinity },
      String.raw`{'a-b':1,'0x':-2.5,big:1e+21,neg0:-0,nan:NaN,inf:-Infinity}`,
    ],
    [
      'arrow function stays valid',
      { result: (ctx: any) => ctx.gas, fault: () => {} },
      String.raw`{result:ctx=>ctx.gas,fault:()=>{}}`,
    ],
    [
      'geth globals and nested helper functions are allowed',
      {
        hex: function (b: any) {
          function pad(s: string) {
            return s;
          }
          return pad(toHex(b)) + bigInt(1).toString(16) + JSON.stringify(Math.max(1, 2));
        },
      },
      String.raw`{hex:function(b){function pad(s){return s;}return pad(toHex(b))+bigInt(1).toString(16)+JSON.stringify(Math.max(1,2));}}`,
    ],
    [
      '</script>, U+2028 and a lone surrogate in data',
      { s: '</script>\u2028\ud800' },
      String.raw`{s:'<\/script>\u2028\uD800'}`,
    ],
  ])('%s', (_name, tracer, expected) => {
    const code = tracerObjectToString(tracer);
    expect(code).toBe(expected);
    expect(code).not.toContain('"');
  });
});

declare function toHex(x: unknown): string;
declare function bigInt(x: unknown): { toString(radix: number): string };

describe('tracerObjectToString: functions whose text is read as written', () => {
  // Functions made by new Function (or returned from one) have exactly the text written here.
  const make = (body: string) => new Function(body)() as unknown;
  test.each<[string, Record<string, unknown>, string]>([
    [
      'a named function keeps its name',
      { step: make('return function step(log) { return log; };') },
      '{step:function step(log){return log;}}',
    ],
    ['an arrow function', { step: make('return (log) => log.op;') }, '{step:log=>log.op}'],
    [
      "a function that mentions 'class' is no class",
      { f: make("return function () { return 'class '; };") },
      "{f:function(){return'class ';}}",
    ],
    [
      'ES2021 syntax in a function',
      { f: make('return function (a) { a ??= 1; return a; };') },
      '{f:function(a){a??=1;return a;}}',
    ],
    [
      'an async method',
      { f: make('return { async m(a) { return a; } }.m;') },
      '{f:async function(a){return a;}}',
    ],
    ['negative zero, negative infinity and NaN', { z: -0, i: -Infinity, n: NaN }, '{z:-0,i:-Infinity,n:NaN}'],
  ])('%s', (_name, tracer, expected) => {
    expect(tracerObjectToString(tracer)).toBe(expected);
  });
});

describe('tracerObjectToString: values that cannot be sent throw a clear Error', () => {
  const outer = 5;
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  class Point {
    x = 1;
  }
  const withGetter = Object.defineProperty({}, 'g', { get: () => 1, enumerable: true });
  test.each<[string, unknown, string]>([
    [
      'undefined member',
      { result: undefined },
      'tracer.result is undefined, which JSON cannot carry; use null or leave the member out',
    ],
    [
      'undefined in an array',
      { data: [1, undefined] },
      'tracer.data[1] is undefined, which JSON cannot carry; use null or leave the member out',
    ],
    ['symbol', { s: Symbol('x') }, 'tracer.s is a symbol; only functions and JSON data can be sent'],
    ['bigint', { b: 10n }, 'tracer.b is a bigint; only functions and JSON data can be sent'],
    [
      'class instance',
      { when: new Date(0) },
      'tracer.when is a Date instance; only plain objects, arrays and JSON values can be sent',
    ],
    [
      'typed array',
      { bytes: new Uint8Array(2) },
      'tracer.bytes is a Uint8Array instance; only plain objects, arrays and JSON values can be sent',
    ],
    [
      'user class instance',
      { p: new Point() },
      'tracer.p is a Point instance; only plain objects, arrays and JSON values can be sent',
    ],
    ['cyclic data', { c: cyclic }, 'tracer.c.self refers back to an enclosing object (cyclic data)'],
    ['sparse array', { d: [1, , 3] }, 'tracer.d[1] is a hole in a sparse array; use null'],
    ['getter', { o: withGetter }, 'tracer.o.g is a getter/setter; only plain values can be sent'],
    ['native function', { f: Math.max }, 'tracer.f is a built-in function; its source text is not available'],
    [
      'bound function',
      { f: function (this: unknown) {}.bind({}) },
      'tracer.f is a bound function; its source text is not available (send the unbound function and use this)',
    ],
    ['class', { C: Point }, 'tracer.C is a class; a tracer member must be a function or JSON data'],
    [
      'closure over an outer variable',
      {
        result: function () {
          return outer;
        },
      },
      'tracer.result uses outer from outside the function; the tracer is sent as source text, so outer variables are not sent with it. Move it into the tracer object (this.outer) or into the function',
    ],
    ['not an object', [1], 'The tracer must be a plain object whose members are functions and JSON data'],
    [
      'a named bound function ("bound f")',
      { f: function f() {}.bind({}) },
      'tracer.f is a bound function; its source text is not available (send the unbound function and use this)',
    ],
    [
      'an object whose prototype has no constructor',
      { o: Object.create(Object.create(null) as object) as object },
      'tracer.o is an object with a custom prototype; only plain objects, arrays and JSON values can be sent',
    ],
    // Functions made by new Function have exactly the text written here (no test transform).
    [
      'two outer names: listed, and "them"',
      { f: new Function('return b + a;') },
      'tracer.f uses a, b from outside the function; the tracer is sent as source text, so outer variables are not sent with it. Move them into the tracer object (this.a) or into the function',
    ],
    [
      'a getter: the first 60 characters of its text',
      {
        f: new Function(
          'return Object.getOwnPropertyDescriptor({ get x() { return 0.12345678901234567890123456789012345678901234567890; } }, "x").get;',
        )() as unknown,
      },
      "tracer.f: cannot read the function's source text: get x() { return 0.12345678901234567890123456789012345678901",
    ],
    [
      'class fields inside a function cannot be printed',
      { f: new Function('return class { x = 1; };') },
      'The flattener cannot print class fields (ES2022 syntax); set the values in the constructor or keep them as tracer members',
    ],
    [
      '__proto__ key',
      JSON.parse('{"__proto__": {}}'),
      "tracer.__proto__: a '__proto__' key would set the prototype instead",
    ],
  ])('%s', (_name, tracer, message) => {
    expect(() => tracerObjectToString(tracer as Record<string, unknown>)).toThrow(new Error(message));
  });
});
