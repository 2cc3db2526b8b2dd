import { describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../../src/core/rpc/probe/probe.ts';
import type { DialectDifferenceId } from '../../../src/core/rpc/probe/dialect.ts';
import { buildProbeVerdictView, describeProbe } from '../../../src/ui/endpoints/describeProbe.ts';

// The nine differences anvil 1.7.1's probe reports (test/e2e/dialect.spec.ts), in the probe's order.
const anvilDetails = [
  'setup(cfg) got an object',
  'there is no bigInt global',
  'an error thrown in step was swallowed',
  'timeout was ignored',
  'log.getCost() lags one step',
  'frame.getValue() of a STATICCALL was 0',
  'SELFDESTRUCT reached enter as a copy of the frame that ran it',
  'db in result() read the slot as it was before the transaction',
  'a ninth difference',
];

function anvilReport(details: string[]): ProbeReport {
  return {
    jsTracing: 'supported',
    summary: 'The node ran the canary tracer.',
    clientVersion: 'anvil/v1.7.1',
    latestBlock: '0x0',
    clientFamily: 'anvil',
    evidence: [],
    dialect: {
      checks: [{ canary: 'setup', outcome: 'differs', ms: 3 }],
      durationMs: 40,
      matchesGeth: false,
      target: 'reth-anvil',
      differences: details.map((detail, i) => ({ id: `d${i}` as DialectDifferenceId, detail })),
    },
  };
}

describe('probe verdict → headline + differences', () => {
  it('anvil: a short headline, one sentence, three differences in sight and "6 more"', async () => {
    const view = buildProbeVerdictView(await describeProbe(Promise.resolve(anvilReport(anvilDetails))));
    expect(view).toEqual({
      headline:
        'JavaScript tracers run on this node — differs from geth: 9 differences. It looks like reth/anvil (Boa engine).',
      sentence: 'The node ran the canary tracer.',
      shown: anvilDetails.slice(0, 3),
      folded: anvilDetails.slice(3),
      moreLabel: '6 more',
    });
  });

  // Table: how many differences → the headline's count, how many in sight, the toggle.
  it.each([
    [1, 'differs from geth: 1 difference.', 1, undefined],
    [3, 'differs from geth: 3 differences.', 3, undefined],
    [4, 'differs from geth: 4 differences.', 3, '1 more'],
  ] as const)('%i difference(s) → "%s", %i shown, toggle %s', async (n, words, shown, more) => {
    const view = buildProbeVerdictView(
      await describeProbe(Promise.resolve(anvilReport(anvilDetails.slice(0, n)))),
    );
    expect(view.headline).toContain(words);
    expect(view.headline).not.toContain(anvilDetails[0]);
    expect(view.shown).toEqual(anvilDetails.slice(0, shown));
    expect(view.folded).toEqual(anvilDetails.slice(shown, n));
    expect(view.moreLabel).toBe(more);
  });

  it('Copy details keeps every difference in the verdict', async () => {
    const probe = await describeProbe(Promise.resolve(anvilReport(anvilDetails)));
    for (const d of anvilDetails) expect(probe.verdict).toContain(d);
  });

  it('a verdict without differences: the headline alone, no list, no toggle', async () => {
    const r = anvilReport([]);
    const view = buildProbeVerdictView(
      await describeProbe(
        Promise.resolve({ ...r, dialect: { ...r.dialect!, matchesGeth: true, target: 'geth' } }),
      ),
    );
    expect(view).toEqual({
      headline: 'JavaScript tracers run on this node — behaves like geth.',
      sentence: 'The node ran the canary tracer.',
      shown: [],
      folded: [],
    });
  });

  it('a failed probe: its one line is the headline', async () => {
    expect(buildProbeVerdictView(await describeProbe(Promise.reject(new Error('boom'))))).toEqual({
      headline: 'The probe failed: boom',
      shown: [],
      folded: [],
    });
  });
});
