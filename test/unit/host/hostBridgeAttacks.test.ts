import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { addr, makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Issue 22's attacks on the tracer host, in both realms, each followed by a normal trace: objects kept from a hook
// and used later (they read the last step's values, as geth's reused log does, and never reach a host error),
// positions the tracer writes itself (checked and bounded, never looped on), and the host's stack overflowing inside
// a bridge call. Attacks through `serve` (the trace processes) are in test/unit/cli/serveHostAttacks.test.ts.

const callee = addr(0xca11);
// The CALL's seven arguments are distinct: retLen 0x11, retOffset 0x22, argsLength 0x33, argsOffset 0x44, value 0,
// address, gas. The callee stores and stops; the caller returns 32 bytes of memory (RETURN's stack: [0, 32]).
const code = asm(
  'PUSH1 7 PUSH1 0 MSTORE PUSH1 0x11 PUSH1 0x22 PUSH1 0x33 PUSH1 0x44 PUSH1 0 PUSH2 0xca11 PUSH2 0xffff CALL POP ' +
    'PUSH1 32 PUSH1 0 RETURN',
);
const alloc = { [callee]: { code: '0x' + Buffer.from(asm('PUSH1 2 PUSH1 0 SSTORE STOP')).toString('hex') } };
const normal = '{fault: function() {}, result: function() { return 42; }}';
const sfx = (hook: string) => `    in server-side tracer function '${hook}'`;

const run = async (tracer: string, createRealm: (typeof realms)[number][1], timeout = '10s') => {
  const out = await runWithPosition(tracer, createRealm, timeout);
  // Where the engines point inside one expression differs (positions have their own tables).
  return typeof out === 'string' ? out.replace(/ at result \(<eval>:\d+:\d+\(0\)\)/, '') : out;
};
const runWithPosition = async (tracer: string, createRealm: (typeof realms)[number][1], timeout = '10s') => {
  try {
    return await traceWithJsTracer(await makeRun({ code, alloc }), { tracer, createRealm, timeout });
  } catch (e) {
    return (e as Error).message;
  }
};

const keepLog = 'step: function (log) { this.s = log; }, fault: function () {}';
// The escape of the issue: a host TypeError caught in result, whose constructor's Function reached `process`.
const escape = `{ s: null, ${keepLog}, result: function () { try { this.s.stack.peek(0); } catch (e) {
  return typeof e.constructor.constructor('return process')(); } } }`;

const kept: Array<[string, string, unknown]> = [
  ['the escape of the issue: no host error to catch (result gets no exception, returns nothing)', escape, {}],
  [
    'a kept log in result reads the last step (RETURN: stack [0, 32], memory 7 and the CALL’s 128 bytes)',
    `{ ${keepLog}, result: function () { var s = this.s; return [s.op.toString(), s.getPC(), s.stack.length(),
      s.stack.peek(0).toString(), s.stack.peek(1).toString(), s.memory.getUint(0).toString(), s.memory.length(),
      toHex(s.contract.getAddress()), s.contract.getValue().toString(), s.getError()]; } }`,
    ['RETURN', 27, 2, '0', '32', '7', 128, '0x000000000000000000000000000000000000c0de', '0', null],
  ],
  [
    'a kept log past the last step: the same uncatchable error as in step',
    `{ ${keepLog}, result: function () { try { this.s.stack.peek(2); } catch (e) {} return 'caught'; } }`,
    'tracer accessed out of bound stack: size 2, index 2' + sfx('result'),
  ],
  [
    "a kept log in enter reads the CALL step's stack (peek(5) is its retOffset, 0x22)",
    `{ s: null, p: [], step: function (log) { this.s = log; }, fault: function () {},
      enter: function (f) { this.p.push(this.s.op.toString(), this.s.stack.peek(5).toJSNumber(), this.s.stack.length()); },
      exit: function (r) { this.p.push(this.s.op.toString(), this.s.getDepth()); },
      result: function () { return this.p; } }`,
    ['CALL', 0x22, 7, 'STOP', 2],
  ],
  [
    'a kept frame and frameResult in result read the last enter and exit',
    `{ f: null, r: null, fault: function () {}, enter: function (f) { this.f = f; }, exit: function (r) { this.r = r; },
      result: function () { return [this.f.getType(), toHex(this.f.getTo()), this.f.getGas(), this.r.getError(),
        toHex(this.r.getOutput()), this.r.getGasUsed() > 0]; } }`,
    ['CALL', '0x000000000000000000000000000000000000ca11', 0xffff, null, '0x', true],
  ],
  [
    'a kept db in result reads the state after the transaction',
    `{ d: null, step: function (log, db) { this.d = db; }, fault: function () {},
      result: function () { return [toHex(this.d.getState(toAddress('${callee}'), toWord('0x00'))),
        this.d.exists(toAddress('${callee}'))]; } }`,
    ['0x0000000000000000000000000000000000000000000000000000000000000002', true],
  ],
];

// Positions a tracer writes itself: never trusted, checked against its text, and read within a bounded head.
const forged: Array<[string, string, string]> = [
  [
    'a thrown object whose stack names column 99999999999999',
    "{ fault: function () {}, result: function () { throw { stack: '    at result (<eval>:1:99999999999999)' }; } }",
    '[object Object]' + sfx('result'),
  ],
  [
    'a column of nine digits past the line',
    "{ fault: function () {}, result: function () { throw { stack: '    at result (<eval>:2:999999999)' }; } }",
    '[object Object]' + sfx('result'),
  ],
  [
    'a line of nine digits past the text',
    "{ fault: function () {}, result: function () { throw { stack: '    at result (<eval>:999999999:1)' }; } }",
    '[object Object]' + sfx('result'),
  ],
  [
    'a forged position inside the text is taken as written (geth would give its own)',
    "{ fault: function () {}, result: function () { throw { stack: '    at x (<eval>:2:3)' }; } }",
    '[object Object] at x (<eval>:1:3(0))' + sfx('result'),
  ],
  [
    'a 4 MB stack of frame-like lines that backtrack',
    "{ fault: function () {}, result: function () { throw { stack: new Array(100000).join(' (eval at (eval at x') + '<eval>:1:1)' }; } }",
    '[object Object]' + sfx('result'),
  ],
  [
    'a million lines before the frame',
    "{ fault: function () {}, result: function () { throw { stack: new Array(1000000).join('\\n') + '    at result (<eval>:2:3)' }; } }",
    '[object Object]' + sfx('result'),
  ],
];

describe.each(realms)('realm %s: attacks on the host bridge', (name, createRealm) => {
  it.each(kept)('%s', async (_what, tracer, expected) => {
    expect(await run(tracer, createRealm)).toEqual(expected);
    expect(await run(normal, createRealm)).toBe(42);
  });

  it.each(forged)('%s', async (_what, tracer, expected) => {
    expect(await runWithPosition(tracer, createRealm)).toBe(expected);
    expect(await run(normal, createRealm)).toBe(42);
  });

  // The host's stack overflowing inside a bridge call (a kept log's peek at every level of a runaway recursion, at
  // many stack offsets): what tracer code catches is this realm's own error, whose Function finds no `process`.
  it('a bridge call at the bottom of the stack throws only this realm’s errors', async () => {
    const tracer = `{ s: null, ${keepLog}, result: function () {
      var self = this, seen = [];
      function down(n) { self.s.stack.peek(0); return down(n + 1) + 1; }
      for (var pad = 0; pad < 200; pad++) {
        try { down.apply(null, new Array(pad)); } catch (e) {
          var G = e.constructor.constructor('return this')();
          seen.push((e instanceof RangeError ? 'RangeError' : 'other') + (typeof G.process));
        }
      }
      return seen.filter(function (x) { return x !== 'RangeErrorundefined'; }); } }`;
    const out = await run(tracer, createRealm, '60s');
    // QuickJS can overflow the host's own stack first: then the trace fails with that text instead (runawayRecursion).
    if (name === 'quickjs' && typeof out === 'string')
      expect(out).toBe('RangeError: Maximum call stack size exceeded' + sfx('result'));
    else expect(out).toEqual([]);
    expect(await run(normal, createRealm)).toBe(42);
  }, 120_000);

  // QuickJS's limit position is read from a stack of the tracer's function names: a 300 KB name of 'at ' repeated
  // (quadratic for an unanchored pattern) still gives the timeout at once.
  it('a timeout inside a function with a huge name', async () => {
    const tracer = `{ fault: function () {}, result: function () {
      var o = {}; o[new Array(100000).join('at ')] = function () { for (;;) {} };
      var k = Object.keys(o)[0]; return ({ [k]: function () { for (;;) {} } })[k](); } }`;
    const out = await run(tracer, createRealm, '100ms');
    expect(String(out)).toMatch(
      /^execution timeout( at [^\n]{0,64}\(<eval>:\d+:\d+\(0\)\))? {4}in server-side/,
    );
    expect(await run(normal, createRealm)).toBe(42);
  });
});
