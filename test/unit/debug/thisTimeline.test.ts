import { describe, expect, it } from 'vitest';
import type { HookCall, InspectReport } from '../../../src/evm/host/inspectTypes.ts';
import { thisAt } from '../../../src/evm/host/thisAt.ts';
import { createThisTimeline } from '../../../src/worker/recording/createThisTimeline.ts';

// A tracer's recorded life: a counter, a growing list, a map keyed by op, an entry removed now and then.
function recording(steps: number): Pick<InspectReport, 'thisInitial' | 'hookCalls'> {
  const hookCalls: HookCall[] = [];
  for (let s = 0; s < steps; s++) {
    const changes: HookCall['changes'] = [{ path: 'n', kind: 'changed', value: String(s + 1) }];
    if (s % 3 === 0) changes.push({ path: 'pcs', kind: 'pushed', value: String(s * 2) });
    if (s % 5 === 0)
      changes.push({ path: `ops["op ${s % 4}"]`, kind: s < 5 ? 'added' : 'changed', value: String(s) });
    if (s % 11 === 10) changes.push({ path: 'pcs[0]', kind: 'removed' });
    hookCalls.push({ hook: 'step', step: s, changes });
    if (s % 7 === 6)
      hookCalls.push({
        hook: 'enter',
        step: s,
        changes: [{ path: 'depth', kind: 'changed', value: String(s) }],
      });
  }
  return { thisInitial: '{"n":0,"pcs":[],"ops":{},"depth":0}', hookCalls };
}

describe('createThisTimeline', () => {
  const report = recording(200);
  it.each([[1], [3], [50]])(
    'gives thisAt’s answer at every step, in any order (slices of %i)',
    async (slice) => {
      const timeline = createThisTimeline(report, slice);
      const order = [199, 0, 57, 56, 120, -1, 13, 198, 7, 150, 151, 3];
      for (const step of order) expect(await timeline.at(step), `step ${step}`).toEqual(thisAt(report, step));
    },
  );
  it.each([
    [
      { hook: 'step', step: 2, changes: [], capped: true },
      'the step call of step 2 changed too much to record',
    ],
    [
      { hook: 'exit', step: 2, changes: [{ path: 'x', kind: 'added', value: '"aaa', truncated: true }] },
      'x at step 2 is too long to record',
    ],
  ] as const)('says why it cannot rebuild this: %j', async (bad, reason) => {
    const r = {
      ...report,
      hookCalls: [...report.hookCalls.slice(0, 3), bad as unknown as HookCall, ...report.hookCalls.slice(3)],
    };
    expect(await createThisTimeline(r, 2).at(100)).toEqual({ ok: false, reason });
    expect(thisAt(r, 100)).toEqual({ ok: false, reason });
  });
  it('without the initial state', async () => {
    expect(await createThisTimeline({ hookCalls: [] }).at(0)).toEqual({
      ok: false,
      reason: 'this could not be serialised after setup',
    });
  });
});
