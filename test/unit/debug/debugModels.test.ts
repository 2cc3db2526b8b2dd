import { describe, expect, it } from 'vitest';
import type { InspectReport, InspectedStep } from '../../../src/evm/host/inspectTypes.ts';
import type { ConsoleLine, TraceProfile } from '../../../src/evm/host/traceDebug.ts';
import { buildCostView, timeoutMsOf } from '../../../src/ui/debug/buildCostView.ts';
import {
  buildStepRows,
  filterStepRows,
  noStepFilter,
  rowOfStep,
} from '../../../src/worker/recording/buildStepRows.ts';
import { anyConsoleLine, filterConsoleLines } from '../../../src/ui/debug/filterConsoleLines.ts';
import {
  nextHit,
  nextHookCall,
  stepOfFrame,
  stepOfFramePath,
} from '../../../src/worker/recording/navigateRecording.ts';
import { parseBreakpoint } from '../../../src/ui/debug/parseBreakpoint.ts';

const lines: ConsoleLine[] = [
  { hook: 'setup', level: 'log', text: 'ready' },
  { step: 3, hook: 'step', level: 'log', text: 'SLOAD at 12' },
  { step: 7, hook: 'enter', level: 'error', text: 'call to 0xabc' },
  { hook: 'result', level: 'log', text: 'done' },
];

describe('filterConsoleLines', () => {
  it.each([
    [{}, [0, 1, 2, 3]],
    [{ level: 'error' }, [2]],
    [{ hook: 'step' }, [1]],
    [{ text: 'sload' }, [1]],
    [{ text: 'o', level: 'log' }, [1, 3]],
  ] as const)('%j -> %j', (patch, expected) => {
    expect(filterConsoleLines(lines, { ...anyConsoleLine, ...patch })).toEqual(expected);
  });
});

const step = (index: number, op: string, depth: number, pc = index): InspectedStep => ({
  index,
  op,
  pc,
  depth,
  gas: 1000 - index,
  cost: 3,
  contract: depth === 1 ? '0x' + '11'.repeat(20) : '0x' + '22'.repeat(20),
  stack: [],
});
// A CALL at step 2 into a frame of two steps, back at step 5; a tracer with step, enter and exit hooks.
const report: InspectReport = {
  steps: [
    step(0, 'PUSH1', 1),
    step(1, 'PUSH1', 1),
    step(2, 'CALL', 1),
    step(3, 'SLOAD', 2, 0),
    step(4, 'STOP', 2, 1),
    step(5, 'POP', 1, 3),
  ],
  hookCalls: [
    { hook: 'setup', step: -1, changes: [] },
    { hook: 'step', step: 0, changes: [] },
    { hook: 'step', step: 1, changes: [] },
    { hook: 'step', step: 2, changes: [] },
    { hook: 'enter', step: 2, changes: [{ path: 'calls', kind: 'pushed', value: '1' }] },
    { hook: 'step', step: 3, changes: [] },
    { hook: 'step', step: 4, changes: [] },
    { hook: 'exit', step: 4, changes: [] },
    { hook: 'step', step: 5, changes: [] },
  ],
  totalSteps: 6,
  truncated: false,
  maxSteps: 100_000,
  thisInitial: '{"calls":[]}',
  hits: [
    { breakpointId: 'bp1', step: 3 },
    { breakpointId: 'bp1', step: 5 },
  ],
  breakpointErrors: [],
};

describe('the inspector rows', () => {
  const rows = buildStepRows(report);
  it('are the steps with the other hook calls after the step they belong to', () => {
    expect([...rows]).toEqual([-1, 0, 1, 2, -5, 3, 4, -8, 5]);
  });
  it.each([
    [{ op: 'sload, stop' }, [3, 4, -8]],
    [{ depth: '1' }, [0, 1, 2, -5, 5]],
    [{ pc: '1' }, [1, 4, -8]],
    [{ contract: '2222' }, [3, 4, -8]],
  ] as const)('filter %j -> %j', (patch, expected) => {
    expect([...filterStepRows(report, rows, { ...noStepFilter, ...patch })]).toEqual(expected);
  });
  it('find a step row', () => {
    expect(rowOfStep(rows, 3)).toBe(5);
    expect(rowOfStep(rows, 9)).toBe(-1);
  });
});

describe('moving through a recording', () => {
  it.each([
    [-1, 3],
    [3, 5],
    [5, null],
  ])('next hit after %i -> %s', (from, expected) => expect(nextHit(report, from)).toBe(expected));
  it.each([
    [-1, 0],
    [2, 3],
    [5, null],
  ])('next hook call after %i -> %s', (from, expected) => expect(nextHookCall(report, from)).toBe(expected));
  it.each([
    [0, 0],
    [1, 3],
    [2, null],
    [-1, null],
  ])('frame %i starts at step %s', (frame, expected) => expect(stepOfFrame(report, frame)).toBe(expected));
});

describe('the step of a frame path', () => {
  // Frames: top → A (enter at step 2, steps 3–4) → A1 (enter at 3, no code); then B (enter at 6, steps 7–8).
  const tree: InspectReport = {
    ...report,
    steps: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => step(i, 'X', [1, 1, 1, 2, 2, 1, 1, 2, 2][i])),
    hookCalls: [
      { hook: 'enter', step: 2, changes: [] },
      { hook: 'enter', step: 3, changes: [] },
      { hook: 'exit', step: 3, changes: [] },
      { hook: 'exit', step: 4, changes: [] },
      { hook: 'enter', step: 6, changes: [] },
      { hook: 'exit', step: 8, changes: [] },
    ],
  };
  it.each([
    [[], 0],
    [[0], 3],
    [[0, 0], 3],
    [[1], 7],
    [[2], null],
    [[1, 0], null],
  ] as const)('%j -> %s', (path, expected) => expect(stepOfFramePath(tree, path)).toBe(expected));
});

describe('parseBreakpoint', () => {
  const empty = { op: '', pc: '', depth: '', address: '', expression: '' };
  it.each([
    [{ pc: '42' }, { id: 'b', pc: 42 }],
    [
      { pc: '0x2a', op: 'sstore' },
      { id: 'b', pc: 42, op: 'SSTORE' },
    ],
    [
      { depth: '2', address: '0x' + 'AB'.repeat(20) },
      { id: 'b', depth: 2, address: '0x' + 'ab'.repeat(20) },
    ],
    [{ expression: ' log.getGas() < 100 ' }, { id: 'b', expression: 'log.getGas() < 100' }],
    [{}, 'a breakpoint needs an op, a pc, a depth, an address or an expression'],
    [{ op: 'jumpp' }, 'op: jumpp is not an opcode name (SSTORE, CALL, …)'],
    [{ pc: '-1' }, 'pc: -1 is not a whole number'],
    [{ address: '0x12' }, 'address: 0x12 is not a 20-byte 0x address'],
  ] as const)('%j -> %j', (fields, expected) => {
    expect(parseBreakpoint({ ...empty, ...fields }, 'b')).toEqual(expected);
  });
});

describe('buildCostView', () => {
  const profile = (stepMs: number): TraceProfile => ({
    engine: 'quickjs',
    steps: 1_000_000,
    hooks: [
      { hook: 'setup', calls: 1, ms: 0.5, maxMs: 0.5 },
      { hook: 'step', calls: 1_000_000, ms: stepMs, maxMs: 0.2 },
      { hook: 'enter', calls: 0, ms: 0, maxMs: 0 },
      { hook: 'exit', calls: 0, ms: 0, maxMs: 0 },
      { hook: 'fault', calls: 0, ms: 0, maxMs: 0 },
      { hook: 'result', calls: 1, ms: 0.5, maxMs: 0.5 },
    ],
    totalMs: stepMs + 100,
  });
  it('warns when geth would pass the timeout, naming the hook that costs most', () => {
    // Without a reference step: the hooks' time × QuickJS→goja's 1.11 (2.0/1.8 M calls/s).
    const v = buildCostView(profile(5000), 5000);
    expect(v.estimate.verdict).toBe('likely-timeout');
    expect(v.headline).toBe(
      "geth: about 5.6 s for this tracer on this transaction, against the timeout 5s (geth's default): likely to time out",
    );
    expect(v.warning).toBe(
      "geth would likely stop this tracer at its timeout 5s (geth's default): about 5.6 s. step costs most: 100% of the hooks' time, 1,000,000 calls of 5.0 µs here.",
    );
    expect(v.basis).toMatch(/goja ran a CALL-collector step\(log\) at 1\.8 M calls\/s, QuickJS at 2\.0 M\/s/);
    expect(v.rows.map((r) => [r.hook, r.calls, r.share === null ? null : Math.round(r.share)])).toEqual([
      ['setup', 1, 0],
      ['step', 1_000_000, 100],
      ['enter', 0, null],
      ['exit', 0, null],
      ['fault', 0, null],
      ['result', 1, 0],
    ]);
  });
  it.each([
    [1000, '10s', 'fits', null],
    [3000, undefined, 'close', /^past half of the timeout 5s \(geth's default\) \(about 3\.3 s\)/],
    [3000, '3s', 'likely-timeout', /^geth would likely stop this tracer at its timeout 3s: about 3\.3 s/],
  ] as const)('%i ms here, timeout %s -> %s', (ms, timeout, verdict, warning) => {
    const v = buildCostView(profile(ms), timeoutMsOf(timeout), timeout);
    expect(v.estimate.verdict).toBe(verdict);
    if (warning === null) expect(v.warning).toBeNull();
    else expect(v.warning).toMatch(warning);
  });
  it.each([
    [undefined, 5000],
    ['', 5000],
    ['1m30s', 90_000],
    ['bad', 5000],
  ])('timeout %s -> %i ms', (t, ms) => expect(timeoutMsOf(t)).toBe(ms));
});
