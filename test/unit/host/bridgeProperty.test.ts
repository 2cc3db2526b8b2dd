import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { TracerError } from '../../../src/evm/host/traceTypes.ts';
import { asm } from './assemble.ts';
import { addr, makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { Op } from '../../../src/evm/host/realm/realmProtocol.ts';
import type { RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';

// The host bridge, generated: every accessor of every object a hook is handed (and every helper global), called with
// arguments of every kind, at every time (in its own hook, in a later one, in result, in setup), in both realms. Any
// error tracer code catches must be made in its realm: its prototype chain ends at the realm's Object.prototype, and
// its constructor's Function runs code in the realm, never in the host (where it would reach `process`). A leak is
// seen twice: counted by the tracer (when the trace ends normally), and through the host's global, which a host
// Function would reach and mark (when the trace ends with an uncatchable accessor error). After every trace a
// normal one must still give its result.

/** A contract that writes memory, calls another (enter/exit), and returns: every hook runs. */
const callee = addr(0xca11);
const code = asm(
  'PUSH1 1 PUSH1 0 MSTORE PUSH1 0 PUSH1 0 PUSH1 32 PUSH1 0 PUSH1 0 PUSH2 0xca11 PUSH2 0xffff CALL ' +
    'PUSH1 32 PUSH1 0 RETURN',
);
const alloc = { [callee]: { code: '0x' + Buffer.from(asm('PUSH1 2 PUSH1 0 SSTORE STOP')).toString('hex') } };

/** What a hook can reach at each time: the objects it is handed now and those an earlier hook kept in `this`. */
const targets = {
  log: [
    'getPC()',
    'getGas()',
    'getCost()',
    'getDepth()',
    'getRefund()',
    'getError()',
    'op.toNumber()',
    'op.toString()',
    'op.isPush()',
    'stack.peek(#A#)',
    'stack.length()',
    'memory.slice(#A#, #B#)',
    'memory.getUint(#A#)',
    'memory.length()',
    'contract.getCaller()',
    'contract.getAddress()',
    'contract.getValue()',
    'contract.getInput()',
  ],
  db: ['getBalance(#A#)', 'getNonce(#A#)', 'getCode(#A#)', 'getState(#A#, #B#)', 'exists(#A#)'],
  frame: ['getType()', 'getFrom()', 'getTo()', 'getInput()', 'getGas()', 'getValue()'],
  frameResult: ['getGasUsed()', 'getOutput()', 'getError()'],
  globals: [
    'toHex(#A#)',
    'toWord(#A#)',
    'toAddress(#A#)',
    'toContract(#A#, #B#)',
    'toContract2(#A#, #B#, #C#)',
    'isPrecompiled(#A#)',
    'slice(#A#, #B#, #C#)',
    'bigInt(#A#)',
  ],
} as const;
type Target = keyof typeof targets;

/** Arguments of every kind, written as realm-side expressions (so each is made inside the realm). */
const args = [
  'undefined',
  'null',
  '0',
  '1',
  '-1',
  '31',
  '32',
  '1e9',
  '-1e300',
  'NaN',
  'Infinity',
  '9007199254740993',
  '0.5',
  "''",
  "'0x'",
  "'0xc0de'",
  "'zz'",
  "'0x' + new Array(80).join('ab')",
  'true',
  '[]',
  '[1, 2, 300]',
  'new Uint8Array(20)',
  'new Uint16Array(4)',
  '{}',
  '{ valueOf: function () { throw new Error("v"); } }',
  '{ toString: function () { return "0xc0de"; } }',
  'function () {}',
  'this.kept.log',
  'this.kept.frame',
  'new Array(70000)',
];

/** When a call runs, and which targets it may use then (kept ones only once a hook kept them). */
const times = {
  setup: ['globals'],
  step: ['log', 'db', 'globals'],
  enter: ['frame', 'keptLog', 'keptDb', 'globals'],
  exit: ['frameResult', 'keptFrame', 'keptLog', 'keptDb', 'globals'],
  result: ['db', 'keptLog', 'keptDb', 'keptFrame', 'keptFrameResult', 'globals'],
} as const;
type Time = keyof typeof times;

const objectOf: Record<string, { target: Target; expr: string }> = {
  log: { target: 'log', expr: 'log' },
  db: { target: 'db', expr: 'db' },
  frame: { target: 'frame', expr: 'frame' },
  frameResult: { target: 'frameResult', expr: 'frameResult' },
  keptLog: { target: 'log', expr: 'this.kept.log' },
  keptDb: { target: 'db', expr: 'this.kept.db' },
  keptFrame: { target: 'frame', expr: 'this.kept.frame' },
  keptFrameResult: { target: 'frameResult', expr: 'this.kept.frameResult' },
  globals: { target: 'globals', expr: '' },
};

interface Call {
  time: Time;
  object: string;
  member: string;
  a: string;
  b: string;
  c: string;
}

const call: fc.Arbitrary<Call> = fc.constantFrom(...(Object.keys(times) as Time[])).chain((time) =>
  fc.constantFrom(...times[time]).chain((object) =>
    fc.record({
      time: fc.constant(time),
      object: fc.constant(object as string),
      member: fc.constantFrom(...targets[objectOf[object].target]),
      a: fc.constantFrom(...args),
      b: fc.constantFrom(...args),
      c: fc.constantFrom(...args),
    }),
  ),
);

// In a catch block, with no call of a tracer function (whose guard would throw again after an uncatchable error):
// the prototype chain must reach this realm's Object.prototype within five links (errors: 3), and the constructor's
// Function, run, must not see a `process`; it marks the global it reaches, which is the host's only for a leak.
const inspect =
  'if (e !== null && (typeof e === "object" || typeof e === "function")) {' +
  ' var gp = Object.getPrototypeOf, p1 = gp(e), p2 = p1 && gp(p1), p3 = p2 && gp(p2), p4 = p3 && gp(p3);' +
  ' var op = Object.prototype;' +
  ' if (!(e === op || p1 === op || p2 === op || p3 === op || p4 === op || (p4 && gp(p4) === op))) this.leaks++;' +
  ' try { var G = e.constructor.constructor("return this")();' +
  ' if (G && G.process) { this.leaks++; G.__tracerBridgeLeak = (G.__tracerBridgeLeak || 0) + 1; } } catch (x) {} }';

function callText(c: Call): string {
  const o = objectOf[c.object];
  const member = c.member.replace('#A#', c.a).replace('#B#', c.b).replace('#C#', c.c);
  const target = o.expr === '' ? member : `${o.expr}.${member}`;
  return `try { ${target}; } catch (e) { this.caught++; ${inspect} }`;
}

function tracerText(calls: Call[]): string {
  const at = (t: Time) =>
    calls
      .filter((c) => c.time === t)
      .map(callText)
      .join('\n');
  return `{
    kept: {}, leaks: 0, caught: 0, steps: 0,
    setup: function (cfg) { ${at('setup')} },
    step: function (log, db) {
      this.kept.log = log; this.kept.db = db;
      if (this.steps++ === 2) { ${at('step')} }
    },
    enter: function (frame) { this.kept.frame = frame; ${at('enter')} },
    exit: function (frameResult) { this.kept.frameResult = frameResult; ${at('exit')} },
    fault: function (log, db) {},
    result: function (ctx, db) { ${at('result')}
      return { leaks: this.leaks, caught: this.caught }; }
  }`;
}

const hostGlobal = globalThis as { __tracerBridgeLeak?: number };
afterEach(() => {
  delete hostGlobal.__tracerBridgeLeak;
});

/** geth's texts an uncatchable accessor error may end a trace with (before its position and hook). */
const accessorTexts = [
  /^tracer accessed out of bound (stack|memory)/,
  /^reached limit for padding memory slice/,
  /^invalid buffer type/,
  /^Tracer accessed out of bound memory/,
];

describe.each(realms)('realm %s: the host bridge, generated', (_name, createRealm) => {
  it('no error reaching tracer code is made outside its realm', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 12 }), async (calls) => {
        delete hostGlobal.__tracerBridgeLeak;
        let out: unknown;
        try {
          out = await traceWithJsTracer(await makeRun({ code, alloc }), {
            tracer: tracerText(calls),
            createRealm,
            timeout: '10s',
          });
        } catch (e) {
          // The trace may end with an uncatchable accessor error (geth's vm.Interrupt), never with anything else.
          expect(e).toBeInstanceOf(TracerError);
          const text = (e as Error).message;
          expect(
            accessorTexts.some((t) => t.test(text)),
            text,
          ).toBe(true);
          out = undefined;
        }
        expect(hostGlobal.__tracerBridgeLeak).toBeUndefined();
        if (out !== undefined) expect((out as { leaks: number }).leaks).toBe(0);
      }),
      { numRuns: 60, seed: 22 },
    );
    expect(
      await traceWithJsTracer(await makeRun({ code }), {
        tracer: '{fault: function() {}, result: function() { return 42; }}',
        createRealm,
      }),
    ).toBe(42);
  }, 120_000);

  it('the inspection sees an object whose chain leaves the realm', async () => {
    const orphan = `{ leaks: 0, caught: 0, fault: function () {}, result: function () {
      try { throw Object.create(Object.create(null)); } catch (e) { this.caught++; ${inspect} }
      return { leaks: this.leaks }; } }`;
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer: orphan, createRealm })).toEqual({
      leaks: 1,
    });
  });
});

// The inspection must be able to fail where a leak is possible at all: a V8 context handed a host object (here by a
// deliberately broken bridge that answers setup's config with a host error) is caught by both checks.
describe('realm vm: the inspection sees a host object', () => {
  it('a host error handed to setup is counted and reaches the host global', async () => {
    const broken: RealmFactory = (host, limits) =>
      createVmRealm(
        (op, a, b, c) => (op === Op.config ? (new TypeError('host') as never) : host(op, a, b, c)),
        limits,
      );
    const tracer = `{ leaks: 0, caught: 0, fault: function () {},
      setup: function (cfg) { try { throw cfg; } catch (e) { this.caught++; ${inspect} } },
      result: function () { return { leaks: this.leaks }; } }`;
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm: broken })).toEqual({
      leaks: 2,
    });
    expect(hostGlobal.__tracerBridgeLeak).toBe(1);
  });

  // And the prelude's side of the bridge stops exactly that: a bridge that throws a host error (as the engine's stack
  // overflow inside the host function does) gives tracer code a RangeError of its own realm, nothing else.
  it.each([
    ['a host TypeError', () => new TypeError('host')],
    ["the host's stack overflow", () => new RangeError('Maximum call stack size exceeded')],
  ])('%s thrown by the bridge reaches tracer code as its own RangeError', async (_what, make) => {
    const throwing: RealmFactory = (host, limits) =>
      createVmRealm((op, a, b, c) => {
        if (op === Op.peek) throw make();
        return host(op, a, b, c);
      }, limits);
    const tracer = `{ leaks: 0, caught: 0, seen: [], fault: function () {},
      step: function (log) { if (this.caught || !log.stack.length()) return; try { log.stack.peek(0); } catch (e) { this.caught++;
        this.seen.push(e instanceof RangeError, e.message); ${inspect} } },
      result: function () { return { leaks: this.leaks, seen: this.seen }; } }`;
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm: throwing })).toEqual({
      leaks: 0,
      seen: [true, 'Maximum call stack size exceeded'],
    });
    expect(hostGlobal.__tracerBridgeLeak).toBeUndefined();
  });
});
