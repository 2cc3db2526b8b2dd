import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRealmTracer } from '../../../src/evm/host/createRealmTracer.ts';
import type { RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { createSyncStateManager } from '../../../src/evm/state/createSyncStateManager.ts';
import { asm } from './assemble.ts';
import { addr, makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';
import { positionPart } from './tracePlain.ts';

// What createRealmTracer reports when the tracer fails, times out or does not parse, in both realms.
const sfx = (name: string) => `    in server-side tracer function '${name}'`;
const callee = addr(0xca11);
const callCode = (calleeCode: string) => ({
  code: asm(`PUSH1 1 PUSH1 0 MSTORE PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${callee} GAS CALL STOP`),
  alloc: { [callee]: { code: calleeCode } },
});

describe.each(realms)('realm %s: hooks name themselves, fault sees its frame', (_name, createRealm) => {
  const plain = async (spec: Parameters<typeof makeRun>[0], tracer: string) => {
    try {
      return await traceWithJsTracer(await makeRun(spec), { tracer, createRealm });
    } catch (e) {
      return (e as Error).message.replace(positionPart, '');
    }
  };

  it.each([
    [
      'fault throws: named fault',
      { code: asm('INVALID') },
      "{fault: function(log) { throw new Error('f ' + log.getError()) }, result: function() { return 1 }}",
      'Error: f invalid opcode: INVALID' + sfx('fault'),
    ],
    [
      'exit throws: named exit',
      callCode('0x00'),
      "{fault: function() {}, enter: function() {}, exit: function() { throw new Error('x') }, result: function() { return 1 }}",
      'Error: x' + sfx('exit'),
    ],
  ])('%s', async (_what, spec, tracer, message) => {
    expect(await plain(spec, tracer)).toBe(message);
  });

  // geth resizes memory before it executes the op (interpreter.go: OnOpcode, then mem.Resize, then execute):
  // step sees the memory before, fault the memory after the expansion, of the failing op's own frame. REVERT
  // (memoryRevert: 64 + 32 → 96 bytes) pops its two words before it fails (opRevert).
  const log = `{ev: [], rec: function(k, log) { this.ev.push([k, log.op.toString(), log.getDepth(), log.memory.length(), log.stack.length(), String(log.getError())].join(' ')); },
    step: function(log) { if (log.op.toString() === 'REVERT') this.rec('step', log); },
    fault: function(log) { this.rec('fault', log); }, result: function() { return this.ev; }}`;
  it.each([
    [
      'REVERT at the top',
      { code: asm('PUSH1 7 PUSH1 32 PUSH1 64 REVERT') },
      ['step REVERT 1 0 3 undefined', 'fault REVERT 1 96 1 execution reverted'],
    ],
    [
      'REVERT in a callee, the caller holding 32 bytes',
      // PUSH1 0 PUSH1 0 REVERT
      callCode('0x60006000fd'),
      ['step REVERT 2 0 2 undefined', 'fault REVERT 2 0 0 execution reverted'],
    ],
  ])('%s: fault once, with the post-expansion memory', async (_what, spec, events) => {
    expect(await plain(spec, log)).toEqual(events);
  });
});

// The deadline as shouldStop() sees it (every 1024th poll, between ops), with the clock held still.
describe.each(realms)('realm %s: the deadline between ops', (_name, createRealm) => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const start = 1_700_000_000_000;
  const hooksFor = async (code: string, deadline: number) => {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
    return createRealmTracer({
      code,
      configJson: '{}',
      state: createSyncStateManager({ common, alloc: {} }),
      context: undefined,
      createRealm: createRealm as RealmFactory,
      deadline,
      memoryBytes: 64 << 20,
    });
  };
  const polls = (h: { shouldStop(): boolean }, n: number) => Array.from({ length: n }, () => h.shouldStop());

  it.each([
    ['without step: named result', '{fault: function() {}, result: function() { return 1 }}', 'result'],
    [
      'with step: named step',
      '{step: function() {}, fault: function() {}, result: function() { return 1 }}',
      'step',
    ],
  ])('%s', async (_what, code, name) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const hooks = await hooksFor(code, start + 10);
    try {
      // At the deadline's own millisecond the time is not yet past it.
      vi.setSystemTime(start + 10);
      expect(polls(hooks, 1024)).toEqual(Array(1024).fill(false));
      vi.setSystemTime(start + 11);
      expect(polls(hooks, 1023)).toEqual(Array(1023).fill(false));
      expect(hooks.shouldStop()).toBe(true);
      expect(hooks.error()).toBe('execution timeout' + sfx(name));
      expect(hooks.callResult()).toEqual({ ok: false, error: 'execution timeout' + sfx(name) });
    } finally {
      hooks.dispose();
    }
  });

  it('a tracer error stays the error when the deadline passes afterwards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const code =
      "{fault: function() {}, enter: function() {}, exit: function() { throw new Error('x') }, result: function() { return 1 }}";
    const hooks = await hooksFor(code, start + 10);
    try {
      hooks.onExit(1, new Uint8Array(0), 0n, undefined, false);
      const first = hooks.error();
      expect(first?.replace(positionPart, '')).toBe('Error: x' + sfx('exit'));
      vi.setSystemTime(start + 11);
      expect(polls(hooks, 2048)).toEqual(Array(2048).fill(true));
      expect(hooks.error()).toBe(first);
    } finally {
      hooks.dispose();
    }
  });
});

// Positions in goja's shape ` at fn (<eval>:line:col(0))`, on the tracer's own text although the guard calls were
// inserted into it. The column is the engine's for the failing expression: V8 places `new Error(…)` at `new`,
// QuickJS at the call's `(`.
describe.each(realms)('realm %s: error positions on the tracer text', (name, createRealm) => {
  const throwCol = (line: string) => line.indexOf(name === 'vm' ? 'new Error' : "('") + 1;
  const cases: Array<[string, string[], number]> = [
    [
      'line 4, guard calls inserted on the lines above',
      [
        '{fault: function() {},',
        ' result: function() {',
        '   var f = function() { return 1; }; f();',
        "     throw new Error('x');",
        ' }}',
      ],
      4,
    ],
    [
      'line 2, after a guard call inserted on the same line',
      ['{fault: function() {},', "  result: function() { var a = 1; throw new Error('x'); }}"],
      2,
    ],
  ];
  it.each(cases)('%s', async (_what, lines, line) => {
    const col = throwCol(lines[line - 1]);
    await expect(
      traceWithJsTracer(await makeRun({}), { tracer: lines.join('\n'), createRealm }),
    ).rejects.toHaveProperty('message', `Error: x at result (<eval>:${line}:${col}(0))` + sfx('result'));
  });

  // The guard in a loop body `{` that ends its line stops the loop: its call maps to the place just after that `{`,
  // the line's end (not to the next line).
  it('a timeout in a loop whose `{` ends line 3', async () => {
    const lines = ['{fault: function() {},', ' result: function() {', '   for (;;) {', '   }', ' }}'];
    await expect(
      traceWithJsTracer(await makeRun({}), { tracer: lines.join('\n'), createRealm, timeout: '50ms' }),
    ).rejects.toHaveProperty(
      'message',
      `execution timeout at result (<eval>:3:${lines[2].length + 1}(0))` + sfx('result'),
    );
  });
});

// Tracer text the engine rejects: goja's `SyntaxError: (anonymous): Line L:C <message>` with acorn's position of
// the first error in `(` + code + `)` (column 1 of line 1 is that `(`), or no position where acorn has none.
describe.each(realms)('realm %s: SyntaxError texts', (_name, createRealm) => {
  const fails = async (tracer: string) => {
    try {
      await traceWithJsTracer(await makeRun({}), { tracer, createRealm, timeout: '10s' });
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };

  it.each([
    // ES2021 syntax on line 1 parses (acorn runs at the latest version); the error is the `;` on line 2.
    [
      '{fault: function() {}, result: function() { var a = null; a ??= 1; return a; },\n x: 1;}',
      /^SyntaxError: \(anonymous\): Line 2:6 \S/,
    ],
    ['{fault: function() {}, result: function() {};}', /^SyntaxError: \(anonymous\): Line 1:46 \S/],
  ])('%j', async (tracer, message) => {
    expect(await fails(tracer)).toMatch(message);
  });
});

describe('realm vm: SyntaxError texts acorn cannot place', () => {
  const fails = async (tracer: string) => {
    try {
      await traceWithJsTracer(await makeRun({}), { tracer, createRealm: realms[0][1], timeout: '10s' });
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };
  it.each([
    // acorn accepts any number of arguments; V8 does not.
    [
      '70000 call arguments',
      `{fault: function() {}, result: function() { return f(${Array(70000).fill(0).join(',')}); }}`,
      'SyntaxError: Too many arguments in function call (only 65535 allowed)',
    ],
  ])('%s', async (_what, tracer, message) => {
    expect(await fails(tracer)).toBe(message);
  });
});

// A regular expression that backtracks for ever cannot hold a guard call: QuickJS's own interrupt stops it, outside
// the prelude, and the host names the hook that was running.
describe('realm quickjs: a hard limit in fault, enter and exit is named', () => {
  const redos = "/(a+)+b/.test('" + 'a'.repeat(40) + "')";
  it.each([
    ['fault', { code: asm('INVALID') }, `{fault: function() { ${redos} }, result: function() { return 1 }}`],
    [
      // The host names enter itself for a limit (the realm's own failures carry the name from the prelude).
      'enter',
      callCode('0x00'),
      `{fault: function() {}, enter: function() { ${redos} }, exit: function() {}, result: function() { return 1 }}`,
    ],
    [
      'exit',
      callCode('0x00'),
      `{fault: function() {}, enter: function() {}, exit: function() { ${redos} }, result: function() { return 1 }}`,
    ],
  ])('%s', async (name, spec, tracer) => {
    const run = traceWithJsTracer(await makeRun(spec), {
      tracer,
      createRealm: realms[1][1],
      timeout: '100ms',
    });
    await expect(run.catch((e: Error) => e.message.replace(positionPart, ''))).resolves.toBe(
      'execution timeout' + sfx(name),
    );
  });
});
