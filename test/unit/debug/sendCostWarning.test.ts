import { describe, expect, it } from 'vitest';
import { verbatimTracer } from '../../../src/core/flatten/verbatimTracer.ts';
import { createEndpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import type { TraceProfile } from '../../../src/evm/host/traceDebug.ts';
import type { AppState } from '../../../src/state/appState.ts';
import { createInitialState } from '../../../src/state/createInitialState.ts';
import type { DebugRun } from '../../../src/ui/debug/debugRun.ts';
import { sendCostWarning } from '../../../src/ui/send/sendCostWarning.ts';

const memory = new Map<string, string>();
const storage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
};
const base = createInitialState(storage, '').state;
const remote = createEndpoint({ id: 'geth', name: 'geth', kind: 'http', url: 'http://127.0.0.1:8545' });
const code = '{step: function (log) { }, fault: function () {}, result: function () { return 1 }}';

const profile = (stepMs: number): TraceProfile => ({
  engine: 'quickjs',
  steps: 1_000_000,
  hooks: [
    { hook: 'step', calls: 1_000_000, ms: stepMs, maxMs: 1 },
    { hook: 'enter', calls: 10, ms: 1, maxMs: 0.5 },
  ],
  totalMs: stepMs + 10,
});
const run = (stepMs: number, tracerCode = code): DebugRun => ({
  seq: 1,
  tracerCode,
  label: 'debug_traceTransaction 0x12345678…',
  response: {},
  report: { profile: profile(stepMs) },
});
const stopped = (): DebugRun => {
  const r = run(4000);
  r.report.profile!.error = 'execution timeout';
  return r;
};
const state = (patch: Partial<AppState>, timeout = ''): AppState => ({
  ...base,
  endpoints: [...base.endpoints, remote],
  activeEndpointId: 'geth',
  flat: verbatimTracer(code, code),
  request: { ...base.request, timeout },
  ...patch,
});

describe('the warning before a send to another node', () => {
  it.each([
    [
      'slow tracer, another node, default timeout',
      state({}),
      run(6000),
      /^Likely to time out: geth would likely stop this tracer at its timeout 5s \(geth's default\): about 6\.7 s\. step costs most: 100% of the hooks' time, 1,000,000 calls of 6\.0 µs here\. Measured on the embedded node \(debug_traceTransaction 0x12345678…\): 1\.11×/,
    ],
    ['slow tracer, a longer timeout', state({}, '30s'), run(6000), null],
    ['fast tracer', state({}), run(1000), null],
    ['slow tracer, a shorter timeout', state({}, '1s'), run(1000), /at its timeout 1s: about 1\.1 s/],
    ['slow tracer, the embedded node', state({ activeEndpointId: 'embedded' }), run(6000), null],
    ['another tracer than the one measured', state({}), run(6000, code + ' '), null],
    ['no run yet', state({}), null, null],
    [
      'a run stopped here by the timeout',
      state({}),
      stopped(),
      /^Likely to time out: the run here was stopped by the timeout 5s \(geth's default\) before the end \(geth needs at least about 4\.4 s for the part it ran\)\. step costs most/,
    ],
  ] as const)('%s', (_name, s, r, expected) => {
    const warning = sendCostWarning(s, r);
    if (expected === null) expect(warning).toBeNull();
    else expect(warning).toMatch(expected);
  });
});
