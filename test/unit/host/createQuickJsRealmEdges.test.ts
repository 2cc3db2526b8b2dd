import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createQuickJsRealmFactory } from '../../../src/evm/host/realm/createQuickJsRealm.ts';
import { memoryLimitText, Op, tracerFactoryText } from '../../../src/evm/host/realm/realmProtocol.ts';
import type { HostBridge, RealmFactory, TracerRealm } from '../../../src/evm/host/realm/tracerRealm.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { quickJsRealm } from './realms.ts';

const code = asm('PUSH1 7 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
const normal = '{fault: function() {}, result: function() { return 42; }}';
const bigIntText = readFileSync(
  createRequire(import.meta.url).resolve('big-integer/BigInteger.min.js'),
  'utf8',
);

/** The trace's error text (or its result, when it has none). */
const trace = async (tracer: string, options: { timeout?: string; memoryBytes?: number } = {}) =>
  traceWithJsTracer(await makeRun({ code }), { tracer, createRealm: quickJsRealm, ...options }).then(
    (value: unknown) => value,
    (e: Error) => e.message,
  );

// realmIsolation.test.ts stops its loops in step(), through invoke(): the interrupt's 'interrupted' always decides
// there, and its memory rows may be stopped by QuickJS's own cap (the prelude's catch names it), so the heap watch
// (overHeap) is only reached when the wasm heap had no room to spare. The tracer expression itself runs in
// evalTracer (compile) and the prelude's adopt entry (callWith): its limits are classified by other lines.
describe('QuickJS realm: limits while the tracer expression is compiled and run', () => {
  it.each([
    // callWith: eval'd code has no guard, so only the interrupt stops it; adopt cannot catch it ('interrupted').
    [
      'an eval loop in the tracer expression',
      "{x: eval('while (true) {}'), ",
      { timeout: '200ms' },
      'execution timeout',
    ],
    [
      'a catastrophic regular expression in the tracer expression',
      "{x: /(a+)+b/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac'), ",
      { timeout: '200ms' },
      'execution timeout',
    ],
    // callWith: ArrayBuffer bytes escape QuickJS's cap, so only the heap watch stops the loop (overHeap).
    [
      'ArrayBuffers in the tracer expression',
      '{x: (function() { var a = []; for (;;) a.push(new Uint8Array(1e6)); })(), ',
      { memoryBytes: 8 << 20 },
      memoryLimitText,
    ],
    // evalTracer: a 9 MB string literal cannot be compiled under an 8 MB cap ('out of memory' from the compiler).
    [
      'a string literal larger than the cap',
      `{s: "${'x'.repeat(9 << 20)}", `,
      { memoryBytes: 8 << 20 },
      memoryLimitText,
    ],
  ])('%s', async (_what, head, options, message) => {
    const t0 = Date.now();
    expect(await trace(`${head}fault: function() {}, result: function() { return 1; }}`, options)).toBe(
      message,
    );
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(await trace(normal)).toBe(42);
  });
});

describe('QuickJS realm: a compile error after the deadline', () => {
  // geth compiles the tracer before its deadline starts (and the vm realm reports it so): a deadline already passed
  // (1ns) must not turn the SyntaxError into a timeout. Was: "execution timeout".
  it('is still the SyntaxError', async () => {
    const tracer = '{fault: function() {}, result: function() { return 1 +; }}';
    const late = await trace(tracer, { timeout: '1ns' });
    expect(late).toMatch(/^SyntaxError: \(anonymous\): Line 1:56 /);
    expect(late).toBe(await trace(tracer));
  });
});

describe('QuickJS realm: the heap watch in a hook', () => {
  // invoke → classify: the heap grows past the cap (overHeap) while QuickJS's own count stays low; a memory stop
  // carries no position (createRealmTracer names one for a timeout only).
  it.each([
    [
      'step',
      '{fault: function() {}, step: function() { var a = []; for (;;) a.push(new Uint8Array(1e6)); }, result: function() { return 1; }}',
    ],
    [
      'result',
      '{fault: function() {}, result: function() { var a = []; for (;;) a.push(new ArrayBuffer(1e6)); }}',
    ],
  ])('ArrayBuffers in %s', async (hook, tracer) => {
    expect(await trace(tracer, { memoryBytes: 8 << 20 })).toBe(
      `${memoryLimitText}    in server-side tracer function '${hook}'`,
    );
    expect(await trace(normal)).toBe(42);
  });
});

describe('QuickJS realm: the host failing where the prelude has no handler', () => {
  /** The QuickJS realm whose host throws on request `failing`. */
  const failingAt =
    (failing: number): RealmFactory =>
    (host, l) =>
      quickJsRealm((op, a, b, c) => {
        if (op === failing) throw new Error(`host request ${op} failed`);
        return host(op, a, b, c);
      }, l);
  // Neither out of memory nor past the deadline: 'crash' (callWith for adopt's last request, classify for result's
  // first), createRealmTracer's text for it.
  it.each([
    [Op.methods, 'the tracer runtime stopped unexpectedly'],
    [Op.ctx, "the tracer runtime stopped unexpectedly    in server-side tracer function 'result'"],
  ])('request %i', async (failing, message) => {
    const createRealm = failingAt(failing);
    const err = await traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(err).toBe(message);
    expect(await trace(normal)).toBe(42);
  });
});

describe('QuickJS realm: a failing trusted set-up', () => {
  // evalTrusted: the script's name and the thrown error's message (or 'error' when the thrown value has none).
  it.each([
    ['an Error', 'throw new Error("boom")', 'trusted script tracer-bigint failed: boom'],
    ['a number', 'throw 1', 'trusted script tracer-bigint failed: error'],
    ['null (no message to read)', 'throw null', 'trusted script tracer-bigint failed: error'],
  ])('a bigInt library that throws %s', async (_what, source, message) => {
    const createRealm = createQuickJsRealmFactory(source);
    await expect(traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm })).rejects.toThrow(
      new Error(message),
    );
  });

  it('the real library sets up a working realm', async () => {
    const createRealm = createQuickJsRealmFactory(bigIntText);
    expect(await traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm })).toBe(42);
  });
});

describe('QuickJS realm: where a timeout stopped the tracer', () => {
  const pad = '\n'.repeat(10);
  // tracerFrame: the innermost frame of the tracer's text, its line counted in the tracer (line 12 here: two digits),
  // and no name for an anonymous function (QuickJS calls it <anonymous>).
  it.each([
    [
      'a named hook',
      `{fault: function() {},${pad}\nstep: function() { eval('while (true) {}'); }, result: function() { return 1; }}`,
      /^execution timeout at step \(<eval>:12:\d+\(0\)\) {4}in server-side tracer function 'step'$/,
    ],
    [
      'an anonymous function',
      `{fault: function() {},${pad}\nstep: function() { (function() { eval('while (true) {}'); })(); }, result: function() { return 1; }}`,
      /^execution timeout at <eval>:12:\d+\(0\) {4}in server-side tracer function 'step'$/,
    ],
  ])('%s', async (_what, tracer, message) => {
    expect(await trace(tracer, { timeout: '200ms' })).toMatch(message);
  });
});

describe('QuickJS realm: file names, step slots', () => {
  it("names the tracer's text <eval> (positions) and the prelude's tracer-prelude in a stack", async () => {
    // The factory text puts the tracer on line 2; its own frames are what positions are taken from.
    const tracer =
      "{fault: function() {}, result: function() { var s = new Error('q').stack; return [/^ {4}at result \\(<eval>:2:\\d+\\)$/m.test(s), s.indexOf(' (tracer-prelude:') > 0]; }}";
    expect(await trace(tracer)).toEqual([true, true]);
    expect(await trace('{fault: function() {}, result: function() { null.x; }}')).toMatch(
      /^TypeError: Cannot read property 'x' of null at result \(<eval>:1:\d+\(0\)\) {4}in server-side tracer function 'result'$/,
    );
  });

  it('finds the step slots again after the tracer grew the wasm heap', async () => {
    // 48 MB of ArrayBuffer in each of the first two steps: the heap grows, the host's old view of it is detached.
    const tracer =
      '{keep: [], p: [], fault: function() {}, step: function(log) { if (this.keep.length < 2) this.keep.push(new Uint8Array(48 << 20)); this.p.push(log.getPC()); }, result: function() { return this.p; }}';
    // PUSH1 7 (pc 0), PUSH1 0 (2), MSTORE (4), PUSH1 32 (5), PUSH1 0 (7), RETURN (9).
    expect(await trace(tracer)).toEqual([0, 2, 4, 5, 7, 9]);
  });

  it('fails when the prelude cannot put its slots in the wasm heap', async () => {
    // A library that replaces Float64Array: the prelude's slots become a plain array, which has no marker bytes.
    const createRealm = createQuickJsRealmFactory(
      `${bigIntText}; Float64Array = function (n) { return new Array(n); };`,
    );
    await expect(traceWithJsTracer(await makeRun({ code }), { tracer: normal, createRealm })).rejects.toThrow(
      new Error('the tracer realm could not share its step slots'),
    );
    expect(await trace(normal)).toBe(42);
  });
});

// Text nested past the host's stack, given to the realm directly (through the host, the parser refuses it first:
// parserLimits.test.ts): QuickJS's compiler overflows the host's wasm stack, which is reported, not thrown, and the
// next trace works (on a fresh module).
describe("QuickJS realm: a compile that overflows the host's stack", () => {
  const host = (op: number) =>
    op === Op.opNames ? Array.from({ length: 256 }, (_, i) => `OP${i}`).join(',') : undefined;
  const deep = '['.repeat(200_000) + ']'.repeat(200_000);
  it.each([
    ['compile', (r: TracerRealm) => r.compile(deep)],
    ['evalTracer', (r: TracerRealm) => r.evalTracer(tracerFactoryText('g', deep))],
  ])('%s', async (_what, run) => {
    const realm = await quickJsRealm(host as HostBridge, { deadline: Infinity, memoryBytes: 64 << 20 });
    try {
      expect(run(realm)).toEqual({ kind: 'too-deep', message: 'Maximum call stack size exceeded' });
    } finally {
      realm.dispose();
    }
    expect(await trace(normal)).toBe(42);
  });
});

describe('QuickJS realm: memory exhausted where the prelude has no handler', () => {
  // The tracer catches QuickJS's own 'out of memory' itself and keeps what it allocated (globals `big`, `head`), so the
  // next allocation outside the prelude's catches fails: result's parse of the ctx request (classify). A 64 MB buffer
  // first grows the wasm heap, so the heap watch (overHeap) stays quiet and only the engine's error tells the cause.
  const fill = (free: number) =>
    `{fault: function() {}, step: function() { if (this.done) return; this.done = true; big = []; try { for (;;) big.push([1, 2, 3, 4, 5, 6, 7, 8]); } catch (e) {} head = null; try { for (;;) head = {n: head}; } catch (e) {} for (var i = 0; i < ${free}; i++) head = head.n; }, result: function() { return 1; }}`;
  const grow = '{fault: function() {}, result: function() { return new Uint8Array(64 << 20).length; }}';
  it.each([
    // No byte left: QuickJS cannot even read its error (it throws null when it cannot make one). Was: 'the tracer
    // runtime stopped unexpectedly' (a crash).
    ['nothing left to read the error with', 0, 0],
    // ~50 KB freed and 64 KB of calldata (128 KB of hex in the ctx text): the ctx string fails, its error is read as
    // 'out of memory' (a mutant that drops that comparison calls it a crash).
    ['a readable out of memory', 1000, 1 << 16],
  ])('%s', async (_what, free, dataBytes) => {
    expect(await trace(grow)).toBe(64 << 20);
    const run = await makeRun({ code, data: new Uint8Array(dataBytes), gasLimit: 2_000_000n });
    const err = await traceWithJsTracer(run, {
      tracer: fill(free),
      createRealm: quickJsRealm,
      memoryBytes: 4 << 20,
    }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(err).toBe(`${memoryLimitText}    in server-side tracer function 'result'`);
    expect(await trace(normal)).toBe(42);
  });
});
