import { describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../../src/core/rpc/probe/probe.ts';
import { describeProbe } from '../../../src/ui/endpoints/describeProbe.ts';

const report: ProbeReport = {
  jsTracing: 'ignored',
  summary: 'debug_traceCall answered with a struct-log trace instead of the canary nonce',
  clientVersion: 'Ganache/v7.9.2/EthereumJS TestRPC/v7.9.2/ethereum-js',
  latestBlock: '0x3',
  clientFamily: 'ganache',
  evidence: [
    {
      request: { jsonrpc: '2.0', id: 1, method: 'debug_traceCall', params: [] },
      kind: 'ok',
      message: 'OK',
      note: 'canary tracer',
    },
  ],
};

describe('describeProbe', () => {
  it('words the verdict and lists the evidence', async () => {
    expect(await describeProbe(Promise.resolve(report))).toEqual({
      verdict:
        'The node ignores the tracer (it answers with its default trace). debug_traceCall answered with a ' +
        'struct-log trace instead of the canary nonce',
      headline: 'The node ignores the tracer (it answers with its default trace).',
      summary: 'debug_traceCall answered with a struct-log trace instead of the canary nonce',
      clientVersion: report.clientVersion,
      latestBlock: '0x3',
      evidence: ['✓ debug_traceCall: canary tracer → OK'],
      jsTracing: 'ignored',
    });
  });

  // A ✓ for what a working node does (for the negative control: an error), a ✗ otherwise; the summary said once.
  it.each([
    ['canary tracer', 'ok', 'OK', '✓ debug_traceCall: canary tracer → OK'],
    ['canary tracer', 'rpc-error', 'boom', '✗ debug_traceCall: canary tracer → boom'],
    [
      'negative control: a tracer whose result throws must produce an error',
      'rpc-error',
      'The tracer threw an error',
      '✓ debug_traceCall: negative control: a tracer whose result throws must produce an error → The tracer threw an error',
    ],
    [
      'negative control: a tracer whose result throws must produce an error',
      'ok',
      'OK',
      '✗ debug_traceCall: negative control: a tracer whose result throws must produce an error → OK',
    ],
    ['latest block', 'unreachable', report.summary, '✗ debug_traceCall: latest block → (said above)'],
  ] as const)('%s, %s → %s', async (note, kind, message, line) => {
    const view = await describeProbe(
      Promise.resolve({ ...report, evidence: [{ ...report.evidence[0], note, kind, message }] }),
    );
    expect(view.evidence).toEqual([line]);
  });

  const supported: ProbeReport = {
    ...report,
    jsTracing: 'supported',
    summary: 'The node ran the canary tracer.',
    clientFamily: 'anvil',
    evidence: [],
  };
  const dialect = { checks: [{ canary: 'setup', outcome: 'differs' as const, ms: 3 }], durationMs: 40 };

  it('shows the dialect after supported: behaves like geth', async () => {
    const view = await describeProbe(
      Promise.resolve({
        ...supported,
        dialect: { ...dialect, matchesGeth: true, target: 'geth', differences: [] },
      }),
    );
    expect(view.verdict).toBe(
      'JavaScript tracers run on this node — behaves like geth. The node ran the canary tracer.',
    );
  });

  it('shows the dialect after supported: each difference and the engine it looks like', async () => {
    const view = await describeProbe(
      Promise.resolve({
        ...supported,
        dialect: {
          ...dialect,
          matchesGeth: false,
          target: 'reth-anvil',
          differences: [
            { id: 'setup-receives-object', detail: 'setup(cfg) got an object' },
            { id: 'no-bigint', detail: 'there is no bigInt global' },
          ],
        },
      }),
    );
    expect(view.verdict).toBe(
      'JavaScript tracers run on this node — differs from geth: setup(cfg) got an object; there is no bigInt ' +
        'global. It looks like reth/anvil (Boa engine). The node ran the canary tracer.',
    );
  });

  it('says when the probe itself failed', async () => {
    expect(await describeProbe(Promise.reject(new Error('boom')))).toEqual({
      verdict: 'The probe failed: boom',
      evidence: [],
    });
  });
});
