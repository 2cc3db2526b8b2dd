import { describe, expect, it } from 'vitest';
import { traceWithJsTracer, traceWithStructLogger } from '../../../src/evm/host/traceTransaction.ts';
import type { InspectOptions, InspectReport } from '../../../src/evm/host/inspectTypes.ts';
import type { StructLogEntry } from '../../../src/evm/host/structLogger.ts';
import { thisAt } from '../../../src/evm/host/thisAt.ts';
import { asm } from './assemble.ts';
import { addr, makeRun, target } from './evmHarness.ts';
import { realms } from './realms.ts';

// An inspected run (issue 26): its steps are the struct logger's, `this` rebuilt at a step is what a tracer that
// copies itself at each step saw, breakpoints change nothing, and the bound is said.

const callee = addr(0xca11);
// Stores, loads, writes memory and calls a contract that stores too: every field of a row has something to show.
const code = asm(
  'PUSH1 5 PUSH1 1 SSTORE PUSH1 1 SLOAD PUSH1 0 MSTORE ' +
    'PUSH1 0 PUSH1 0 PUSH1 32 PUSH1 0 PUSH1 0 PUSH2 0xca11 PUSH2 0xffff CALL POP PUSH1 32 PUSH1 0 RETURN',
);
const calleeCode = asm('PUSH1 9 PUSH1 2 SSTORE PUSH1 2 SLOAD POP STOP');
const alloc = { [callee]: { code: '0x' + Buffer.from(calleeCode).toString('hex') } };
const spec = { code, alloc };

// Copies `this` (as JSON) at every hook call into a closure, returned by result: what thisAt must rebuild.
const recording = `(function () {
  var seen = [];
  return {
    n: 0, ops: {}, calls: [], last: null,
    step: function (log) {
      this.n++;
      var op = log.op.toString();
      this.ops[op] = (this.ops[op] || 0) + 1;
      if (op == 'SLOAD') this.last = log.stack.peek(0);
      if (op == 'POP' && this.calls.length) delete this.ops.PUSH2;
      seen.push([log.getPC(), JSON.stringify(this)]);
    },
    enter: function (f) { this.calls.push({ to: toHex(f.getTo()), type: f.getType() }); },
    exit: function (r) { this.calls[this.calls.length - 1].used = r.getGasUsed(); },
    fault: function () {},
    result: function () { return seen; }
  };
})()`;

type Realm = (typeof realms)[number][1];
async function inspected(tracer: string, createRealm: Realm, inspect: InspectOptions = {}) {
  let report: InspectReport | undefined;
  const debug = { inspect, report: (r: { inspect?: InspectReport }) => (report = r.inspect) };
  const result = await traceWithJsTracer(await makeRun(spec), { tracer, createRealm, debug });
  return { result, report: report! };
}

describe.each(realms)('inspected run (%s)', (_name, createRealm) => {
  it('records the struct logger steps', async () => {
    const logs = ((await traceWithStructLogger(await makeRun(spec), {})) as { structLogs: StructLogEntry[] })
      .structLogs;
    const { report } = await inspected(
      '{step: function () {}, fault: function () {}, result: function () { return 1; }}',
      createRealm,
      {
        stackItems: 1000,
      },
    );
    expect(report.steps.length).toBe(logs.length);
    expect(report.totalSteps).toBe(logs.length);
    expect(report.truncated).toBe(false);
    expect(
      report.steps.map((s) => ({
        pc: s.pc,
        op: s.op,
        gas: s.gas,
        gasCost: s.cost,
        depth: s.depth,
        stack: [...s.stack].reverse(),
      })),
    ).toEqual(
      logs.map((l) => ({
        pc: l.pc,
        op: l.op,
        gas: l.gas,
        gasCost: l.gasCost,
        depth: l.depth,
        stack: l.stack,
      })),
    );
    expect(report.steps.map((s) => s.index)).toEqual(logs.map((_, i) => i));
  });

  it('gives each step its contract, memory window and storage', async () => {
    const { report } = await inspected(
      '{fault: function () {}, result: function () { return 1; }}',
      createRealm,
      {
        memoryWindow: 4,
      },
    );
    const sstore = report.steps.filter((s) => s.op === 'SSTORE');
    expect(sstore.map((s) => [s.contract, s.storage])).toEqual([
      [target, { slot: '0x' + '0'.repeat(63) + '1', value: '0x' + '0'.repeat(63) + '5', kind: 'write' }],
      [callee, { slot: '0x' + '0'.repeat(63) + '2', value: '0x' + '0'.repeat(63) + '9', kind: 'write' }],
    ]);
    // SLOAD reads the state the run sees: the slot written just before.
    expect(report.steps.filter((s) => s.op === 'SLOAD').map((s) => s.storage!.value.slice(-1))).toEqual([
      '5',
      '9',
    ]);
    const ret = report.steps.find((s) => s.op === 'RETURN')!;
    expect(ret.memory).toEqual({ offset: 0, hex: '00000000' });
    expect(report.steps[0].memory).toBeUndefined();
  });

  it('rebuilds this at every step as the tracer saw it', async () => {
    const { result, report } = await inspected(recording, createRealm);
    const seen = result as [number, string][];
    expect(seen.length).toBe(report.steps.length);
    expect(thisAt(report, -1)).toEqual({ ok: true, value: { n: 0, ops: {}, calls: [], last: null } });
    for (let i = 0; i < seen.length; i++) {
      // The copy is made inside step i; enter/exit of the CALL at step i come after it.
      const calls = report.hookCalls.filter((c) => c.step === i && c.hook !== 'step');
      if (calls.length) continue;
      expect([i, thisAt(report, i)]).toEqual([i, { ok: true, value: JSON.parse(seen[i][1]) }]);
    }
    const kinds = new Set(report.hookCalls.flatMap((c) => c.changes.map((x) => x.kind)));
    expect([...kinds].sort()).toEqual(['added', 'changed', 'pushed', 'removed']);
    expect(report.hookCalls.filter((c) => c.hook !== 'step').map((c) => c.hook)).toEqual(['enter', 'exit']);
  });

  it('breakpoints record hits and change nothing', async () => {
    const plain = await inspected(recording, createRealm);
    const withBps = await inspected(recording, createRealm, {
      breakpoints: [
        { id: 'op', op: 'SSTORE' },
        { id: 'pc-depth', pc: 2, depth: 2 },
        { id: 'addr', address: callee.toUpperCase().replace('0X', '0x'), op: 'STOP' },
        { id: 'expr', expression: "log.op.toString() == 'SLOAD' && log.stack.peek(0).toString(16) == '2'" },
        { id: 'throws', op: 'SLOAD', expression: 'log.nothing.here' },
        { id: 'bad', expression: '1; }, evil(); function x() { (1' },
      ],
    });
    expect(withBps.result).toEqual(plain.result);
    const at = (op: string, depth: number) =>
      plain.report.steps.find((s) => s.op === op && s.depth === depth)!.index;
    expect(withBps.report.hits).toEqual(
      [
        { breakpointId: 'op', step: at('SSTORE', 1) },
        {
          breakpointId: 'pc-depth',
          step: plain.report.steps.find((s) => s.pc === 2 && s.depth === 2)!.index,
        },
        { breakpointId: 'op', step: at('SSTORE', 2) },
        { breakpointId: 'expr', step: at('SLOAD', 2) },
        { breakpointId: 'addr', step: at('STOP', 2) },
      ].sort((x, y) => x.step - y.step),
    );
    expect(withBps.report.breakpointErrors.map((e) => e.breakpointId)).toEqual(['bad', 'throws']);
    expect(withBps.report.breakpointErrors[1].message).toMatch(/TypeError/);
    expect(withBps.report.hookCalls).toEqual(plain.report.hookCalls);
  });

  it('caps the diff of a hook call that changes too much, and says so', async () => {
    // 70 levels: past the diff's 64 (a cap as the 100,000 nodes are, cheaper to reach).
    const big =
      '{a: [], n: 0, step: function () { if (++this.n == 3) { var o = {}; for (var i = 0; i < 70; i++) o = {x: o};' +
      ' this.a.push(o); } }, fault: function () {}, result: function () { return this.a.length; }}';
    const { result, report } = await inspected(big, createRealm);
    expect(result).toBe(1);
    expect(report.hookCalls.filter((c) => c.capped).map((c) => c.step)).toEqual([2]);
    // Later calls are not diffed: their changes are empty.
    expect(report.hookCalls.slice(3).every((c) => c.changes.length === 0)).toBe(true);
    expect(thisAt(report, 1)).toEqual({ ok: true, value: { a: [], n: 2 } });
    expect(thisAt(report, 2)).toEqual({
      ok: false,
      reason: 'the step call of step 2 changed too much to record',
    });
  });

  it('says when the bound is reached', async () => {
    const { result, report } = await inspected(recording, createRealm, { maxSteps: 5 });
    expect(report.steps.length).toBe(5);
    expect(report.truncated).toBe(true);
    expect(report.totalSteps).toBe((result as unknown[]).length);
    expect(Math.max(...report.hookCalls.map((c) => c.step))).toBe(4);
  });
});
