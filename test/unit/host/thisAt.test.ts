import { describe, expect, it } from 'vitest';
import { parseThisPath, thisAt } from '../../../src/evm/host/thisAt.ts';
import type { HookCall } from '../../../src/evm/host/inspectTypes.ts';

const calls: HookCall[] = [
  { hook: 'step', step: 0, changes: [{ path: 'n', kind: 'changed', value: '1' }] },
  {
    hook: 'step',
    step: 1,
    changes: [
      { path: 'calls', kind: 'pushed', value: '{"to":"0xaa"}' },
      { path: 'counts.SLOAD', kind: 'added', value: '1' },
    ],
  },
  { hook: 'enter', step: 1, changes: [{ path: 'calls[0].to', kind: 'changed', value: '"0xbb"' }] },
  {
    hook: 'step',
    step: 2,
    changes: [
      { path: 'm["0x ab"]', kind: 'added', value: '[1,2]' },
      { path: 'counts.SLOAD', kind: 'removed' },
    ],
  },
  { hook: 'step', step: 3, changes: [{ path: 'calls[0]', kind: 'removed' }] },
  { hook: 'step', step: 4, changes: [{ path: 'm["0x ab"]', kind: 'pushed', value: '"x"' }] },
  {
    hook: 'step',
    step: 5,
    changes: [{ path: 'n', kind: 'changed', value: '"' + 'y'.repeat(200), truncated: true }],
  },
];
const report = { thisInitial: '{"n":0,"calls":[],"counts":{},"m":{}}', hookCalls: calls };

describe('thisAt', () => {
  it.each([
    [-1, { n: 0, calls: [], counts: {}, m: {} }],
    [0, { n: 1, calls: [], counts: {}, m: {} }],
    [1, { n: 1, calls: [{ to: '0xbb' }], counts: { SLOAD: 1 }, m: {} }],
    [2, { n: 1, calls: [{ to: '0xbb' }], counts: {}, m: { '0x ab': [1, 2] } }],
    [3, { n: 1, calls: [], counts: {}, m: { '0x ab': [1, 2] } }],
    [4, { n: 1, calls: [], counts: {}, m: { '0x ab': [1, 2, 'x'] } }],
  ])('after step %i', (step, value) => {
    expect(thisAt(report, step)).toEqual({ ok: true, value });
  });

  it.each([
    [{ ...report }, 5, 'n at step 5 is too long to record'],
    [{ thisInitial: undefined, hookCalls: [] }, 0, 'this could not be serialised after setup'],
    [
      { thisInitial: '{}', hookCalls: [{ hook: 'exit', step: 7, changes: [], capped: true } as HookCall] },
      9,
      'the exit call of step 7 changed too much to record',
    ],
  ])('fails: %#', (r, step, reason) => {
    expect(thisAt(r, step)).toEqual({ ok: false, reason });
  });

  it('does not change the report', () => {
    thisAt(report, 4);
    expect(JSON.parse(report.thisInitial)).toEqual({ n: 0, calls: [], counts: {}, m: {} });
  });
});

describe('parseThisPath', () => {
  it.each([
    ['a', ['a']],
    ['a.b[3].c', ['a', 'b', 3, 'c']],
    ['["a.b"]["\\"]"][0]', ['a.b', '"]', 0]],
    ['$x._y', ['$x', '_y']],
  ])('%s', (path, keys) => {
    expect(parseThisPath(path)).toEqual(keys);
  });
});
