import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Entry, memoryLimitText, Op, tracerFactoryText } from '../../../src/evm/host/realm/realmProtocol.ts';
import type { HostBridge, TracerRealm } from '../../../src/evm/host/realm/tracerRealm.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun, target } from './evmHarness.ts';
import { quickJsRealm } from './realms.ts';
import { positionPart } from './tracePlain.ts';

// Attacks whose QuickJS call the host's stack cuts short (runaway recursion, with and without bridge calls at every
// level), and other stops and leftovers beside them (the deadline, the heap watch, pending jobs, suspended
// generators). When the host's stack overflows inside the wasm frames, the exception unwinds QuickJS's C frames
// without their cleanup, so the values they held are never released: freeing that runtime made QuickJS's
// JS_FreeRuntime assert (`list_empty(&rt->gc_obj_list)`) and emscripten abort the whole module, under every realm
// still open in it. Each row: the trace's outcome, no abort printed, a realm opened before the attack in the same
// module still runs and frees cleanly, and the next trace works.

const code = asm('PUSH1 7 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
const normal = '{fault: function() {}, result: function() { return 42; }}';
const sfx = (hook: string) => `    in server-side tracer function '${hook}'`;
const overflow = 'RangeError: Maximum call stack size exceeded';
const keepDb = 'step: function (log, db) { this.d = db; }, fault: function () {}';

/** The trace's result, or its error text without the engine's position. */
const outcome = async (tracer: string, options: { timeout?: string; memoryBytes?: number } = {}) => {
  try {
    return await traceWithJsTracer(await makeRun({ code }), {
      tracer,
      createRealm: quickJsRealm,
      ...options,
    });
  } catch (e) {
    return (e as Error).message.replace(positionPart, '');
  }
};

// Where QuickJS's own stack check fires before the host's stack runs out (a thread with a larger stack), the tracer
// catches its RangeError instead: each row lists the outcomes it accepts, exactly.
const rows: Array<[string, string, { timeout?: string; memoryBytes?: number }, unknown[]]> = [
  [
    'a bridge call at the bottom of the stack (a kept db’s read at every level, at many stack offsets)',
    `{ d: null, ${keepDb}, result: function () {
      var self = this, seen = [], a = toAddress('${target}');
      function down(n) { self.d.exists(a); return down(n + 1) + 1; }
      for (var pad = 0; pad < 200; pad++) {
        try { down.apply(null, new Array(pad)); } catch (e) { seen.push(e instanceof RangeError); }
      }
      return seen.indexOf(false); } }`,
    { timeout: '60s' },
    [-1, overflow + sfx('result')],
  ],
  [
    'runaway recursion in step, reading the log at every level',
    `{ fault: function () {}, step: function (log) { function f(n) { log.getPC(); return f(n + 1) + 1; } f(0); },
      result: function () { return 1; } }`,
    { timeout: '60s' },
    [overflow + sfx('step')],
  ],
  [
    'runaway recursion in result',
    '{ fault: function () {}, result: function () { function f(n) { return f(n + 1) + 1; } return f(0); } }',
    { timeout: '60s' },
    [overflow + sfx('result')],
  ],
  [
    'runaway recursion in the tracer expression',
    '{ x: (function () { function f(n) { return f(n + 1) + 1; } return f(0); })(), fault: function () {}, result: function () {} }',
    { timeout: '60s' },
    [overflow],
  ],
  [
    'an endless loop in result (the deadline)',
    '{ fault: function () {}, result: function () { for (;;) {} } }',
    { timeout: '100ms' },
    ['execution timeout' + sfx('result')],
  ],
  [
    'ArrayBuffers in result (the heap watch)',
    '{ fault: function () {}, result: function () { var a = []; for (;;) a.push(new ArrayBuffer(1e6)); } }',
    { memoryBytes: 8 << 20 },
    [memoryLimitText + sfx('result')],
  ],
  [
    'a thrown object with a forged position',
    "{ fault: function () {}, result: function () { throw { stack: '    at result (<eval>:1:99999999999999)' }; } }",
    {},
    ['[object Object]' + sfx('result')],
  ],
  [
    'a promise job left pending, and a rejection nobody handles',
    `{ fault: function () {}, result: function () { Promise.resolve(1).then(function () { throw 1; });
      Promise.reject(new Error('r')); return 1; } }`,
    {},
    [1],
  ],
  [
    'a suspended generator and an async function that never resumes, kept in this',
    `{ g: null, a: null, fault: function () {}, step: function () { if (this.g) return;
      this.g = (function* () { var o = { self: null }; o.self = o; yield o; yield 2; })(); this.g.next();
      this.a = (async function () { await new Promise(function () {}); })(); },
      result: function () { return 1; } }`,
    {},
    [1],
  ],
  [
    'a thrown promise',
    '{ fault: function () {}, result: function () { throw Promise.resolve(1); } }',
    {},
    ['[object Promise]' + sfx('result')],
  ],
];

/** A realm driven directly: its tracer's results (and failures) go to `results`, every request's op to `requests`. */
async function openBystander(
  results: unknown[],
  tracer = '{ n: 0, fault: function () {}, result: function () { return [++this.n, "bystander"]; } }',
  requests: number[] = [],
): Promise<TracerRealm> {
  const host: HostBridge = (op, a) => {
    requests.push(op);
    if (op === Op.opNames) return Array.from({ length: 256 }, (_, i) => `OP${i}`).join(',');
    if (op === Op.ctx) return '{}';
    if (op === Op.result) results.push(JSON.parse(String(a)));
    if (op === Op.fail) results.push(`fail: ${String(a)}`);
    return undefined;
  };
  const realm = await quickJsRealm(host, { deadline: Infinity, memoryBytes: 64 << 20 });
  expect(realm.evalTracer(tracerFactoryText('g', tracer))).toBeUndefined();
  return realm;
}

describe('QuickJS realm: freed after each attack without aborting its module', () => {
  let printed: MockInstance<typeof console.error>;
  /** What emscripten printed as an abort of its module since the last call. */
  const aborts = () => {
    const lines = printed.mock.calls.map((args) => String(args[0])).filter((s) => s.startsWith('Aborted('));
    printed.mockClear();
    return lines;
  };

  beforeAll(async () => {
    // emscripten binds console.error when a module loads. A heap grown past the cap makes the next trace load a
    // fresh module (see createQuickJsRealmLimits.test.ts); that load failing once shows its abort reaching this
    // spy, and the trace after it loads the module the rows run in, which prints through the spy as well.
    printed = vi.spyOn(console, 'error');
    const bomb =
      '{ fault: function () {}, result: function () { var a = []; for (;;) a.push(new ArrayBuffer(1e6)); } }';
    expect(await outcome(bomb, { memoryBytes: 8 << 20 })).toBe(memoryLimitText + sfx('result'));
    vi.spyOn(WebAssembly, 'instantiate').mockRejectedValueOnce(new Error('no wasm'));
    expect(await outcome(normal)).toMatch(/^Aborted\(Error: no wasm\)/);
    expect(aborts()).toEqual(['Aborted(Error: no wasm)']);
    expect(await outcome(normal)).toBe(42);
    expect(aborts()).toEqual([]);
  }, 60_000);

  afterAll(() => {
    vi.restoreAllMocks();
  });

  it.each(rows)(
    '%s',
    async (_what, tracer, options, accepted) => {
      const results: unknown[] = [];
      const bystander = await openBystander(results);
      try {
        expect(accepted).toContainEqual(await outcome(tracer, options));
        expect(aborts()).toEqual([]);
        expect(bystander.invoke(Entry.result)).toBeUndefined();
        expect(results).toEqual([[1, 'bystander']]);
      } finally {
        bystander.dispose();
      }
      expect(aborts()).toEqual([]);
      expect(await outcome(normal)).toBe(42);
      expect(aborts()).toEqual([]);
    },
    120_000,
  );

  // The cut runtime still links its next frame to the cut ones (its frames' values were never released): it runs
  // nothing more, later calls are cut too, without a request reaching the host. Where QuickJS's own stack check fires
  // first (a thread with a larger stack), the tracer catches that error and nothing is cut.
  it('a realm whose call was cut runs no more code', async () => {
    const results: unknown[] = [];
    const requests: number[] = [];
    const realm = await openBystander(
      results,
      '{ fault: function () {}, result: function () { function f(n) { return f(n + 1) + 1; } try { f(0); } catch (e) { return String(e); } } }',
      requests,
    );
    try {
      const first = realm.invoke(Entry.result);
      if (first === undefined) expect(results).toEqual(['InternalError: stack overflow']);
      else {
        expect(first).toBe('stack');
        requests.length = 0;
        expect([realm.invoke(Entry.result), realm.invoke(Entry.step), results, requests]).toEqual([
          'stack',
          'stack',
          [],
          [],
        ]);
      }
    } finally {
      realm.dispose();
    }
    expect(aborts()).toEqual([]);
    expect(await outcome(normal)).toBe(42);
  });
});
