import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import type { ConsoleLimits, TraceDebugReport } from '../../../src/evm/host/traceDebug.ts';
import { asm } from './assemble.ts';
import { addr, makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Issue 26's console (the embedded node's debugging runs only) under attack, in both realms: arguments are formatted
// inside the realm into one bounded string (no getter is called, no value of the realm crosses), a hostile argument
// gives a line that says so and never a failure of the host, and every attack is followed by a normal trace.

const callee = addr(0xca11);
const code = asm(
  'PUSH1 7 PUSH1 0 MSTORE PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH2 0xca11 PUSH2 0xffff CALL POP STOP',
);
const alloc = { [callee]: { code: '0x00' } };
const normal = '{fault: function() {}, result: function() { return 42; }}';
const sfx = (hook: string) => `    in server-side tracer function '${hook}'`;
type Realm = (typeof realms)[number][1];

/** Runs `tracer` with a console; the result (or the error's text) and the console report. */
async function run(tracer: string, createRealm: Realm, limits: ConsoleLimits | true = true, timeout = '10s') {
  let report: TraceDebugReport | undefined;
  const debug = { console: limits, report: (r: TraceDebugReport) => (report = r) };
  let out: unknown;
  try {
    out = await traceWithJsTracer(await makeRun({ code, alloc }), { tracer, createRealm, timeout, debug });
  } catch (e) {
    out = (e as Error).message;
  }
  return { out, report: report?.console };
}

/** A tracer whose result runs `body` and returns 1. */
const inResult = (body: string) => `{fault: function() {}, result: function() { ${body}; return 1; }}`;

// [what, result body, the one line it prints]
const lines: Array<[string, string, string]> = [
  [
    'a getter that throws is shown, not called',
    "var o = {}; Object.defineProperty(o, 'x', {get: function () { throw new Error('boom'); }, enumerable: true}); console.log(o)",
    '{ x: [Getter] }',
  ],
  [
    'a getter with a side effect is not called',
    "var n = 0, o = {}; Object.defineProperty(o, 'x', {get: function () { n++; return 1; }, set: function () {}, enumerable: true}); console.log(o, n)",
    '{ x: [Getter/Setter] } 0',
  ],
  [
    'throwing toString and valueOf are not called',
    'console.log({toString: function () { throw 1; }, valueOf: function () { throw 2; }})',
    '{ toString: [Function: toString], valueOf: [Function: valueOf] }',
  ],
  [
    'an error whose own toString throws',
    "var e = new Error('x'); e.toString = function () { throw 5; }; console.log('before', e, 'after')",
    'before [unprintable] after',
  ],
  [
    'a Proxy whose traps all throw',
    "var h = {}; ['getPrototypeOf', 'ownKeys', 'getOwnPropertyDescriptor', 'get', 'has'].forEach(function (k) { h[k] = function () { throw new Error(k); }; }); console.log(new Proxy({}, h), 'next')",
    '[unprintable] next',
  ],
  [
    'a Proxy that makes up its keys and descriptors',
    "console.log(new Proxy({}, {ownKeys: function () { return ['a', 'b']; }, getOwnPropertyDescriptor: function (t, k) { return {value: k + '!', enumerable: true, configurable: true}; }}))",
    '{ a: "a!", b: "b!" }',
  ],
  ['a revoked Proxy', 'var r = Proxy.revocable({}, {}); r.revoke(); console.log(r.proxy)', '[unprintable]'],
  [
    'a Proxy of a function whose name is asked for',
    'console.log(new Proxy(function f() {}, {getOwnPropertyDescriptor: function () { throw 1; }}))',
    '[unprintable]',
  ],
  ['a huge string is cut at the line cap', "console.log(new Array(1000001).join('x'))", 'x'.repeat(2000)],
  [
    'a huge string inside an object is cut at the line cap',
    "console.log({s: new Array(1000001).join('y')})",
    '{ s: "' + 'y'.repeat(1994),
  ],
  [
    'deep nesting stops at depth 3',
    'var o = {}; for (var i = 0; i < 100000; i++) o = {a: o}; console.log(o)',
    '{ a: { a: { a: [Object] } } }',
  ],
  [
    'deeply nested arrays',
    'var a = []; for (var i = 0; i < 100000; i++) a = [a]; console.log(a)',
    '[[[[Array]]]]',
  ],
  ['a cyclic object', 'var o = {n: 1}; o.self = o; console.log(o)', '{ n: 1, self: [Circular] }'],
  ['a cyclic array', 'var a = [1]; a.push(a); console.log(a)', '[1, [Circular]]'],
  [
    'symbols as values; symbol keys are left out',
    "var o = {k: Symbol.iterator}; o[Symbol('hidden')] = 1; console.log(Symbol('s'), o)",
    'Symbol(s) { k: Symbol(Symbol.iterator) }',
  ],
  [
    'many keys: the first 50',
    'var o = {}; for (var i = 0; i < 1000; i++) o["k" + i] = i; console.log(o)',
    '{ ' + Array.from({ length: 50 }, (_, i) => `k${i}: ${i}`).join(', ') + ', … 950 more }',
  ],
  [
    'an array of length 2^32 - 1',
    'var a = []; a.length = 4294967295; a[1] = 1; console.log(a)',
    '[<empty>, 1, ' + Array(48).fill('<empty>').join(', ') + ', … 4294967245 more]',
  ],
  [
    'sixty thousand arguments',
    'console.log.apply(null, new Array(60000))',
    Array(400).fill('undefined').join(' ').slice(0, 2000),
  ],
  [
    'replaced built-ins change nothing',
    "JSON.stringify = null; String.prototype.slice = null; Object.keys = null; Object.getOwnPropertyDescriptor = null; Function.prototype.call = null; console.log('a', {b: 'c'}, [1])",
    'a { b: "c" } [1]',
  ],
  [
    'a polluted Object.prototype',
    "Object.defineProperty(Object.prototype, 'value', {get: function () { throw 1; }}); Object.prototype.get = function () {}; console.log({a: 1})",
    '{ a: 1 }',
  ],
  [
    'a Uint8Array look-alike',
    'console.log(Object.setPrototypeOf({}, Uint8Array.prototype), new Uint8Array([1, 255]))',
    '[unprintable] Uint8Array(2) 0x01ff',
  ],
  [
    'a typed array of another kind made to look like a Uint8Array',
    'console.log(Object.setPrototypeOf(new Uint16Array([4660]), Uint8Array.prototype))',
    'Uint8Array(1) 0x34',
  ],
  [
    'typed arrays of millions of items and String objects: their size, not their keys',
    "console.log(new Float64Array(5000000), new String(new Array(100001).join('s')).length, new String('abc'), Object.setPrototypeOf({}, String.prototype))",
    'Float64Array(5000000) 100000 [String: "abc"] [unprintable]',
  ],
  [
    'primitives, bigInt, native BigInt and functions',
    'console.log(-0, NaN, null, undefined, true, bigInt(2).pow(128), BigInt(10), function () {}, Object.create(null))',
    '-0 NaN null undefined true 340282366920938463463374607431768211456 10n [Function (anonymous)] [Object: null prototype] {}',
  ],
  [
    'a console function’s constructor finds no host',
    "console.log(console.log.constructor('return typeof process')(), typeof console.log(1))",
    'undefined undefined',
  ],
];

describe.each(realms)('realm %s: console arguments under attack', (_name, createRealm) => {
  it.each(lines)('%s', async (_what, body, line) => {
    const { out, report } = await run(inResult(body), createRealm);
    expect(out).toBe(1);
    const texts = report!.lines.filter((l) => l.text !== '1').map((l) => l.text);
    expect(texts).toEqual([line]);
    expect(report!.lines.every((l) => typeof l.text === 'string' && l.hook === 'result')).toBe(true);
    expect((await run(normal, createRealm)).out).toBe(42);
  });

  it('a console call made while a line is formatted (a trap printing) is only counted', async () => {
    const body =
      "console.log(new Proxy({}, {ownKeys: function () { console.log('inner'); return []; }}), 'outer')";
    const { out, report } = await run(inResult(body), createRealm);
    expect(out).toBe(1);
    expect(report).toEqual({
      lines: [{ hook: 'result', level: 'log', text: '{} outer' }],
      dropped: 1,
      maxLines: 10_000,
      maxLineChars: 2_000,
    });
    expect((await run(normal, createRealm)).out).toBe(42);
  });

  it('the line cap: lines kept, the rest counted; each line cut at its length', async () => {
    const body = "for (var i = 0; i < 100000; i++) console.log('line', i, new Array(100).join('z'))";
    const { out, report } = await run(inResult(body), createRealm, { maxLines: 3, maxLineChars: 10 });
    expect(out).toBe(1);
    expect(report!.lines.map((l) => l.text)).toEqual(['line 0 zzz', 'line 1 zzz', 'line 2 zzz']);
    expect(report!.dropped).toBe(99_997);
    expect((await run(normal, createRealm)).out).toBe(42);
  });

  it('an endless loop in a trap the formatter runs is stopped by the timeout', async () => {
    const body = 'console.log(new Proxy({}, {ownKeys: function () { for (;;) {} }}))';
    const { out } = await run(inResult(body), createRealm, true, '200ms');
    expect(String(out)).toMatch(/^execution timeout.* {4}in server-side tracer function 'result'$/);
    expect((await run(normal, createRealm)).out).toBe(42);
  });

  it('a trace that fails still reports the lines printed before', async () => {
    const tracer = "{fault: function() {}, result: function() { console.error('about to fail'); null.x; }}";
    const { out, report } = await run(tracer, createRealm);
    expect(out).toMatch(/^TypeError: Cannot read property 'x' of null at result /);
    expect(out).toMatch(new RegExp(`${sfx('result')}$`));
    expect(report!.lines).toEqual([{ hook: 'result', level: 'error', text: 'about to fail' }]);
  });

  it('lines carry the step and the hook that printed them', async () => {
    const tracer = `{n: 0,
      setup: function (cfg) { console.log('setup', cfg); },
      step: function (log) { if (log.op.toString() === 'CALL' || log.getDepth() === 2) console.log(log.op.toString(), log.getPC()); },
      enter: function (f) { console.warn('enter', f.getType()); },
      exit: function (r) { console.info('exit', r.getGasUsed()); },
      fault: function () {},
      result: function () { console.debug('done'); return 1; }}`;
    const { out, report } = await run(tracer, createRealm);
    expect(out).toBe(1);
    // Steps 0–2 PUSH1 PUSH1 MSTORE, 3–7 five PUSH1, 8–9 two PUSH2, 10 CALL at pc 21, 11 the callee's STOP, 12 POP…
    expect(report!.lines).toEqual([
      { hook: 'setup', level: 'log', text: 'setup {}' },
      { hook: 'step', level: 'log', text: 'CALL 21', step: 10 },
      { hook: 'enter', level: 'error', text: 'enter CALL', step: 10 },
      { hook: 'step', level: 'log', text: 'STOP 0', step: 11 },
      { hook: 'exit', level: 'log', text: 'exit 0', step: 11 },
      { hook: 'result', level: 'log', text: 'done' },
    ]);
  });

  it('without a console asked for, the tracer has none (as in geth)', async () => {
    const tracer = '{fault: function() {}, result: function() { return typeof console; }}';
    expect(await traceWithJsTracer(await makeRun({ code, alloc }), { tracer, createRealm })).toBe(
      'undefined',
    );
  });
});
