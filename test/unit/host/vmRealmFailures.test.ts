import { describe, expect, it } from 'vitest';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { Entry, Op, tracerFactoryText } from '../../../src/evm/host/realm/realmProtocol.ts';
import type { HostBridge, RealmFactory, TracerRealm } from '../../../src/evm/host/realm/tracerRealm.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

// The V8-context realm when something other than the tracer's own code fails: compile errors of the text, the
// engine or the host giving up where the prelude has no handler. Each must end the trace with a clear text, and a
// fresh realm (the next trace) must work as before.
const limits = { deadline: Infinity, memoryBytes: 1 << 28 };
const normal = '{fault: function () {}, result: function () { return 42; }}';
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A host answering what the prelude asks; `failing` names the request whose answer throws. */
function makeHost(failing?: number): { bridge: HostBridge; results: string[] } {
  const results: string[] = [];
  const bridge: HostBridge = (op, a) => {
    if (op === failing) throw new Error(`host request ${op} failed`);
    if (op === Op.opNames) return Array.from({ length: 256 }, (_, i) => `OP${i}`).join(',');
    if (op === Op.config || op === Op.ctx) return '{}';
    if (op === Op.result) results.push(String(a));
    return undefined;
  };
  return { bridge, results };
}

/** Runs the normal tracer in `realm` (fresh unless given): the encoded results its host received. */
async function normalResults(realm?: TracerRealm, host = makeHost()): Promise<string[]> {
  const r = realm ?? (await createVmRealm(host.bridge, limits));
  expect(r.evalTracer(tracerFactoryText('g', normal))).toBeUndefined();
  expect(r.invoke(Entry.result)).toBeUndefined();
  return host.results;
}

describe('vm realm: tracer text the engine cannot compile', () => {
  it.each([
    ['an unfinished text', '(', { kind: 'syntax', message: 'Unexpected end of input' }],
    [
      'a stray semicolon',
      tracerFactoryText('g', '({a: 1};)'),
      { kind: 'syntax', message: "Unexpected token ';'" },
    ],
    [
      'brackets nested past the compiler stack',
      tracerFactoryText('g', deep(200_000)),
      { kind: 'too-deep', message: 'Maximum call stack size exceeded' },
    ],
  ])('%s is reported, and the realm still runs a tracer', async (_what, text, problem) => {
    const host = makeHost();
    const realm = await createVmRealm(host.bridge, limits);
    expect(realm.evalTracer(text)).toEqual(problem);
    expect(await normalResults(realm, host)).toEqual(['42']);
  });
});

describe('vm realm: a failure that escapes the prelude is a crash', () => {
  it.each([
    // adopt reports the tracer's methods after setup, outside any handler.
    [
      'the methods report while adopting',
      Op.methods,
      (r: TracerRealm) => r.evalTracer(tracerFactoryText('g', normal)),
      { kind: 'crash' },
    ],
    // result() first fetches ctx, outside any handler.
    [
      'the ctx request of result()',
      Op.ctx,
      (r: TracerRealm) => (r.evalTracer(tracerFactoryText('g', normal)), r.invoke(Entry.result)),
      'crash',
    ],
  ])('%s', async (_what, failing, call, outcome) => {
    const realm = await createVmRealm(makeHost(failing).bridge, limits);
    expect(call(realm)).toEqual(outcome);
    expect(await normalResults()).toEqual(['42']);
  });

  it('an entry that returns normally is no crash', async () => {
    const realm = await createVmRealm(makeHost().bridge, limits);
    expect(
      realm.evalTracer(tracerFactoryText('g', `{step: function () {}, ${normal.slice(1)}`)),
    ).toBeUndefined();
    expect(realm.invoke(Entry.step)).toBeUndefined();
  });
});

describe('vm realm: what the user sees of these failures', () => {
  const code = asm('PUSH1 7 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
  // The realm, with the host's answer to one request failing.
  const failingAt =
    (failing: number): RealmFactory =>
    (host, l) =>
      createVmRealm(
        (op, a, b, c) => (op === failing ? makeHost(op).bridge(op, a, b, c) : host(op, a, b, c)),
        l,
      );

  // Labels are short on purpose: a test's name goes into Stryker's test filter, and a 200,000-level tracer in it
  // made that filter too large for V8.
  it.each([
    [
      'a statement, not an object',
      '{a: 1};',
      createVmRealm,
      "SyntaxError: (anonymous): Line 1:8 Unexpected token ';'",
    ],
    [
      '200,000 nested brackets',
      deep(200_000),
      createVmRealm,
      // Refused before compiling (the parser runs out of stack first; where depends on the stack: parserLimits).
      'the tracer is nested too deeply for this node to compile it (the parser ran out of stack at line 1, column ',
    ],
    ['a failing methods request', normal, failingAt(Op.methods), 'the tracer runtime stopped unexpectedly'],
    [
      'a failing ctx request',
      normal,
      failingAt(Op.ctx),
      "the tracer runtime stopped unexpectedly    in server-side tracer function 'result'",
    ],
  ])('%s', async (_label, tracer, createRealm, message) => {
    await expect(traceWithJsTracer(await makeRun({ code }), { tracer, createRealm })).rejects.toThrow(
      message,
    );
    expect(
      await traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm: createVmRealm }),
    ).toBe(42);
  });
});

describe('vm realm: promise jobs', () => {
  // They never run on the host's queue, where no guard of the realm's own queue would apply (README: neither realm
  // drains them); the job below would set n to 1.
  it('a job queued in setup() has not run when result() is called', async () => {
    const tracer =
      '{n: 0, setup: function () { var t = this; Promise.resolve().then(function () { t.n = 1; }); },' +
      ' fault: function () {}, result: function () { return this.n; }}';
    const host = makeHost();
    const realm = await createVmRealm(host.bridge, limits);
    expect(realm.evalTracer(tracerFactoryText('g', tracer))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(realm.invoke(Entry.result)).toBeUndefined();
    expect(host.results).toEqual(['0']);
  });
});
