import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { quickJsRealm, realms } from './realms.ts';

// Attacks on the tracer realm that must fail, in both realms, in this process (the ones only a process boundary
// can stop, like eval loops in the V8 context, are in test/unit/cli/serve*.test.ts). After every attack a normal
// trace must still give its normal result.
const code = asm('PUSH1 7 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
const normal = '{fault: function() {}, result: function() { return 42; }}';
const wrap = (body: string) =>
  `{fault: function() {}, step: function(log, db) { ${body} }, result: function() { return this.r; }}`;

const escapes: Array<[string, string]> = [
  ['Function of the tracer object', "this.r = this.constructor.constructor('return typeof process')();"],
  ['Function of log', "this.r = log.constructor.constructor('return typeof process')();"],
  ['Function of log.op', "this.r = log.op.toString.constructor('return typeof process')();"],
  [
    'Function of a stack value (bigInt)',
    "this.r = log.stack.length() ? log.stack.peek(0).constructor.constructor('return typeof process')() : this.r;",
  ],
  [
    'Function of db bytes',
    "this.r = db.getCode(toAddress('0xc0de')).constructor.constructor('return typeof require')();",
  ],
  [
    'Function of a caught helper error',
    "try { toHex(null); } catch (e) { this.r = e.constructor.constructor('return typeof process')(); }",
  ],
  [
    'globals of the host',
    'this.r = [typeof process, typeof require, typeof module, typeof fetch].join() === "undefined,undefined,undefined,undefined" ? "undefined" : "found";',
  ],
  [
    'what geth does not have',
    'this.r = [typeof console, typeof setTimeout, typeof WebAssembly, typeof self, typeof window].join() === "undefined,undefined,undefined,undefined,undefined" ? "undefined" : "found";',
  ],
  [
    'callers of a sloppy step',
    'var c = arguments.callee.caller; this.r = (c === null || c === undefined) ? "undefined" : typeof c;',
  ],
  [
    'V8 call sites (Error.prepareStackTrace)',
    "Error.prepareStackTrace = function (e, cs) { return cs; }; var cs = new Error().stack; var found = 'undefined';" +
      " if (typeof cs === 'object') for (var i = 0; i < cs.length; i++) { var f = cs[i].getFunction && cs[i].getFunction();" +
      " if (f && f.constructor !== Function) found = 'host function'; var t = cs[i].getThis && cs[i].getThis();" +
      " if (t && t.constructor && t.constructor.constructor !== Function) found = 'host this'; } this.r = found;",
  ],
];

describe.each(realms)('realm %s: no way out', (_name, createRealm) => {
  it.each(escapes)('%s', async (_what, body) => {
    const out = await traceWithJsTracer(await makeRun({ code }), { tracer: wrap(body), createRealm });
    expect(out).toBe('undefined');
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm })).toBe(42);
  });

  it('a replaced JSON.stringify does not change the encoding (geth encodes in Go)', async () => {
    const tracer =
      "{fault: function() {}, result: function() { JSON.stringify = function() { return 'hacked'; }; return {a: [1]}; }}";
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm })).toEqual({ a: [1] });
  });

  it('built-ins a tracer replaces do not survive into the next trace', async () => {
    const poison =
      "{fault: function() {}, result: function() { JSON.stringify = function() { return 'x'; }; Array.prototype.push = function() {}; Object.prototype.toJSON = function() { return 'p'; }; Date.now = function() { return 0; }; return 1; }}";
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer: poison, createRealm })).toBe(1);
    const probe =
      '{fault: function() {}, result: function() { var a = []; a.push(1); return [typeof Object.prototype.toJSON, a.length, JSON.stringify({a: 1}), Date.now() > 0]; }}';
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer: probe, createRealm })).toEqual([
      'undefined',
      1,
      '{"a":1}',
      true,
    ]);
  });

  it.each([
    ['Array.prototype.push', 'Array.prototype.push = function() { return 0; };'],
    [
      'RegExp.prototype.test and exec',
      'RegExp.prototype.test = function() { return false; }; RegExp.prototype.exec = function() { return null; };',
    ],
    ['Number.prototype.toString', "Number.prototype.toString = function() { return 'zz'; };"],
    [
      'String.prototype.slice, substr, split, charCodeAt',
      "String.prototype.slice = String.prototype.substr = String.prototype.split = function() { return 'x'; }; String.prototype.charCodeAt = function() { return 0; };",
    ],
    [
      'Uint8Array.prototype.set, subarray, slice',
      'Uint8Array.prototype.set = Uint8Array.prototype.subarray = Uint8Array.prototype.slice = function() {};',
    ],
    [
      'parseInt and Function.prototype.call',
      'parseInt = function() { return 0; }; Function.prototype.call = function() { return 0; };',
    ],
    [
      'Object.prototype.b, n, enter',
      "Object.defineProperty(Object.prototype, 'b', {get: function() { return 'zz'; }}); Object.prototype.n = '7'; Object.prototype.enter = function() {};",
    ],
  ])('geth helpers keep working after a tracer replaces %s', async (_what, poison) => {
    const tracer = `{fault: function() {}, result: function(ctx, db) { ${poison} return [toHex(toAddress('0xab')), toHex([1, 2]), toHex(toWord('0x01')), toHex(db.getCode(ctx.to)), db.getBalance(ctx.to).toString(), toHex(slice([1, 2, 3], 1, 3)), ctx.gasUsed > 0]; }}`;
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm })).toEqual([
      '0x' + '00'.repeat(19) + 'ab',
      '0x0102',
      '0x' + '00'.repeat(31) + '01',
      '0x' + [...code].map((b) => b.toString(16).padStart(2, '0')).join(''),
      '0',
      '0x0203',
      true,
    ]);
  });

  it('a patched Date.now does not stop the deadline', async () => {
    const tracer =
      '{fault: function() {}, step: function() { Date.now = function() { return 0; }; while (true) {} }, result: function() { return 1; }}';
    const t0 = Date.now();
    await expect(
      traceWithJsTracer(await makeRun({ code }), { tracer, createRealm, timeout: '300ms' }),
    ).rejects.toThrow(
      /^execution timeout at step \(<eval>:1:\d+\(0\)\) {4}in server-side tracer function 'step'$/,
    );
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm })).toBe(42);
  });
});

// What only an engine-checked interrupt and a separate heap stop in-process: QuickJS, the browser's realm. (In Node,
// serve and replay run the V8-context realm in a child process that is killed at the deadline or when it dies.)
describe('QuickJS realm: limits enforced from outside the tracer', () => {
  const fiveThousand = Array.from({ length: 5000 }, () => '1').join('+');
  it.each([
    ['an eval loop', "eval('while (true) {}');", 'execution timeout'],
    [
      'a catastrophic regular expression',
      "/(a+)+b/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac');",
      'execution timeout',
    ],
    ['a loop after a 5,000-term expression', `var x = ${fiveThousand}; while (x) {}`, 'execution timeout'],
    ['a Function-made loop', "Function('while (true) {}')();", 'execution timeout'],
    ["'x'.repeat(3e8).split('')", "'x'.repeat(3e8).split('');", 'tracer exceeded its memory limit'],
    [
      'a push loop',
      'var a = []; for (;;) a.push([1, 2, 3, 4, 5, 6, 7, 8]);',
      'tracer exceeded its memory limit',
    ],
    [
      'a loop of ArrayBuffers',
      'var a = []; for (;;) a.push(new Uint8Array(1e6));',
      'tracer exceeded its memory limit',
    ],
  ])('%s', async (_what, body, message) => {
    const tracer = `{fault: function() {}, step: function() { ${body} }, result: function() { return 1; }}`;
    const t0 = Date.now();
    const err = await traceWithJsTracer(await makeRun({ code }), {
      tracer,
      createRealm: quickJsRealm,
      timeout: message === 'execution timeout' ? '500ms' : '20s',
      memoryBytes: 16 << 20,
    }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(err).toMatch(
      // A timeout names where the loop was; a memory stop inside a native allocation may carry no position.
      new RegExp(
        `^${message}${message === 'execution timeout' ? '' : '(?:'} at step \\(<eval>:1:\\d+\\(0\\)\\)${
          message === 'execution timeout' ? '' : ')?'
        }    in server-side tracer function 'step'$`,
      ),
    );
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(
      await traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm: quickJsRealm }),
    ).toBe(42);
  });
});
