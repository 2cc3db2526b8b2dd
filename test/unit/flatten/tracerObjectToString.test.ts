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
      '__proto__ key',
      JSON.parse('{"__proto__": {}}'),
      "tracer.__proto__: a '__proto__' key would set the prototype instead",
    ],
  ])('%s', (_name, tracer, message) => {
    expect(() => tracerObjectToString(tracer as Record<string, unknown>)).toThrow(new Error(message));
  });
});
