import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { formatProfile } from '../../../src/cli/formatTraceDebug.ts';
import { runReplayInChild } from '../../../src/cli/serve/runReplayInChild.ts';
import { estimateGethTime, gojaRatios } from '../../../src/evm/host/estimateGethTime.ts';
import { hookNames, type TraceProfile } from '../../../src/evm/host/traceDebug.ts';
import { createCaptureIo } from './cliIo.ts';
import { writeDemoFixture } from './demoFixture.ts';

// Issue 26 item 5: `tracer replay --profile` on the demo transaction captured as a fixture (1,037 steps, six frames
// entered and left), geth's estimated time against the timeout, and the profile in the run's report.

let fixture: string;
let dir: string;
let txHash: string;
let serve: Awaited<ReturnType<typeof writeDemoFixture>>['serve'];
beforeAll(async () => {
  ({ file: fixture, dir, txHash, serve } = await writeDemoFixture());
}, 60_000);

const callTree = 'tracer-templates/call-tree.js';
const basis = `  (the time in the hooks here × 1.11: ${gojaRatios.quickjs.basis}; the EVM's own work and the network are not counted)`;
/** The basis line of a real run: measured with the reference step. */
const measuredBasis =
  /^ {2}\(the time in the hooks here × [\d.]+: each call at goja's 0\.56 µs for the reference step \(call\.js's step\(log\) on an op that is not CALL: .*\d\.\d\d µs a call here just before the run, 1\.20 µs at best on the development machine\); the EVM's own work and the network are not counted\)$/;

describe('tracer replay --profile', () => {
  it('prints calls and time per hook and geth’s estimate; the result is the same as without it', async () => {
    const plain = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', callTree], plain)).toBe(0);
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', callTree, '--profile'], io)).toBe(0);
    expect(io.out()).toBe(plain.out());
    const lines = io.err().trimEnd().split('\n');
    const t = String.raw`\d+\.\d\d`;
    const rowOf = (hook: string, calls: string) =>
      new RegExp(String.raw`^${hook} +${calls} +${t} +\d+\.\d +${t} +\d+\.\d%$`);
    expect(lines[0]).toMatch(
      new RegExp(`^profile: 1,037 steps in QuickJS \\(the page's engine\\), ${t} ms in all$`),
    );
    expect(lines[1]).toBe('hook       calls  total ms   mean µs    max ms     share');
    expect(lines[2]).toMatch(rowOf('setup', '1'));
    expect(lines[3]).toMatch(rowOf('step', '1,037'));
    expect(lines[4]).toMatch(rowOf('enter', '6'));
    expect(lines[5]).toMatch(rowOf('exit', '6'));
    expect(lines[6]).toBe('fault          0         -         -         -         -');
    expect(lines[7]).toMatch(rowOf('result', '1'));
    // Far from 5 s on any machine this runs on (about 0.1 s of hooks).
    expect(lines[8]).toMatch(
      new RegExp(
        `^outside the hooks: ${t} ms \\(the EVM, the host, starting the realm; in a fresh trace process, cold code too\\)$`,
      ),
    );
    expect(lines[9]).toMatch(
      /^geth: about \d+(\.\d)? ms for this tracer on this transaction, against the timeout 5s \(geth's default\): fits$/,
    );
    expect(lines[10]).toMatch(measuredBasis);
    expect(lines).toHaveLength(11);
  });

  it('a tracer stopped by the timeout here: the profile up to there and a warning naming the hook', async () => {
    const file = join(dir, 'slow.js');
    writeFileSync(
      file,
      "{n: 0, step: function (log) { if (log.op.toString() === 'SSTORE') for (;;) {} this.n++; }, fault: function () {}, result: function () { return this.n; }}",
    );
    const io = createCaptureIo();
    expect(
      // The trace process's cold start (about 0.1 s outside the hooks) counts against the timeout too: 1 s leaves room.
      await main(['replay', '--fixture', fixture, '--tracer', file, '--profile', '--timeout', '1s'], io),
    ).toBe(1);
    const lines = io.err().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^profile: 87 steps in QuickJS/);
    expect(lines[3]).toMatch(/^step +87 +\d+\.\d\d/);
    expect(lines[9]).toMatch(
      // Whether geth's timeout is reached by what ran here depends on the machine's speed: either verdict says so.
      /^geth: about \d+(\.\d)? m?s or more for this tracer on this transaction, against the timeout 1s: (likely to time out|not known \(the run here did not finish\))$/,
    );
    expect(lines[11]).toMatch(
      /^(warning: geth would likely stop this tracer at its timeout 1s \(about .* or more: the run here was stopped by the timeout 1s before the end\)|note: the run here was stopped by the timeout 1s before the end: geth needs at least that; a longer --timeout measures all of it); step costs most: (9\d|100)% of the hooks' time, 87 calls of \d+\.\d µs here$/,
    );
    expect(lines[12]).toMatch(
      /^execution timeout at step \(<eval>:1:\d+\(0\)\) {4}in server-side tracer function 'step'$/,
    );
  });

  it("is part of the run's report", async () => {
    const outcome = await runReplayInChild({
      fixture: await import('node:fs').then((fs) => fs.readFileSync(fixture, 'utf8')),
      tracer: '{step: function () {}, fault: function () {}, result: function () { return 1; }}',
      debug: { console: false, profile: true },
    });
    expect(outcome.ok).toBe(true);
    const p = outcome.debug!.profile!;
    expect(p.engine).toBe('quickjs');
    expect(p.steps).toBe(1037);
    expect(p.hooks.map((h) => [h.hook, h.calls])).toEqual([
      ['setup', 1],
      ['step', 1037],
      ['enter', 0],
      ['exit', 0],
      ['fault', 0],
      ['result', 1],
    ]);
    expect(p.totalMs).toBeGreaterThan(p.hooks.reduce((a, h) => a + h.ms, 0));
    // The reference step, measured in the same engine before the run.
    expect(p.reference!.calls).toBe(20_000);
    expect(p.reference!.callUs).toBeGreaterThan(0);
  });

  it('with --endpoint too: the run that gave the result is profiled', async () => {
    const server = await serve();
    try {
      const io = createCaptureIo();
      const argv = ['replay', '--endpoint', server.url, '--tx', txHash, '--tracer', callTree, '--profile'];
      expect(await main(argv, io)).toBe(0);
      const lines = io.err().trimEnd().split('\n');
      expect(lines[0]).toMatch(/^profile: 1,037 steps in QuickJS/);
      expect(lines[4]).toMatch(/^enter +6 /);
      expect(lines[9]).toMatch(/: fits$/);
      const plain = createCaptureIo();
      expect(await main(argv.slice(0, -1), plain)).toBe(0);
      expect(io.out()).toBe(plain.out());
    } finally {
      await server.close();
    }
  });

  it('--profile is not the earlier name of --target here', async () => {
    const io = createCaptureIo();
    expect(
      await main(['replay', '--fixture', fixture, '--tracer', callTree, '--profile', '--target', 'geth'], io),
    ).toBe(0);
  });
});

/** A profile of QuickJS: 1,000 steps costing `stepMs`, one result costing `resultMs`, optionally a reference step. */
function profileOf(stepMs: number, resultMs: number, extra: Partial<TraceProfile> = {}): TraceProfile {
  const hooks = hookNames.map((hook) => ({ hook, calls: 0, ms: 0, maxMs: 0 }));
  hooks[1] = { hook: 'step', calls: 1000, ms: stepMs, maxMs: stepMs / 100 };
  hooks[5] = { hook: 'result', calls: 1, ms: resultMs, maxMs: resultMs };
  return { engine: 'quickjs', steps: 1000, hooks, totalMs: stepMs + resultMs + 10, ...extra };
}

const timedOut = "execution timeout    in server-side tracer function 'step'";
const refBasis = (times: string, callUs: string) =>
  `  (the time in the hooks here × ${times}: each call at goja's 0.56 µs for the reference step (call.js's step(log) on an op that is not CALL: ${gojaRatios.quickjs.basis}), the work beyond it at ×1.11 with this machine's load taken out (the reference step took ${callUs} µs a call here just before the run, 1.20 µs at best on the development machine); the EVM's own work and the network are not counted)`;

describe('geth’s estimate against the timeout', () => {
  // [what, profile, timeout ms, --timeout as given, the lines after the table and the time outside the hooks]
  const rows: Array<[string, TraceProfile, number, string | undefined, string[]]> = [
    [
      'no reference step: the engines’ ratio',
      profileOf(90, 10),
      5000,
      undefined,
      [
        "geth: about 111 ms for this tracer on this transaction, against the timeout 5s (geth's default): fits",
        basis,
      ],
    ],
    [
      'no reference step, past half of the timeout',
      profileOf(2000, 250),
      5000,
      undefined,
      [
        "geth: about 2.5 s for this tracer on this transaction, against the timeout 5s (geth's default): close to it",
        basis,
        "note: past half of the timeout 5s (geth's default): a busier or slower node may stop it; step costs most: 89% of the hooks' time, 1,000 calls of 2000.0 µs here",
      ],
    ],
    [
      'no reference step, past the timeout',
      profileOf(8, 100),
      100,
      '100ms',
      [
        'geth: about 120 ms for this tracer on this transaction, against the timeout 100ms: likely to time out',
        basis,
        "warning: geth would likely stop this tracer at its timeout 100ms (about 120 ms); result costs most: 93% of the hooks' time, 1 calls of 100000.0 µs here",
      ],
    ],
    [
      // 1,000 light steps of 3.12 µs, as the reference step now: goja's 0.56 µs each, nothing beyond.
      'light steps: goja’s time for the reference step each',
      profileOf(3.12, 0, { reference: { calls: 20000, callUs: 3.12 } }),
      5000,
      undefined,
      [
        "geth: about 0.6 ms for this tracer on this transaction, against the timeout 5s (geth's default): fits",
        refBasis('0.18', '3.12'),
      ],
    ],
    [
      // A step of 12 s in all here, the machine 2.6 times as loaded: 1,000 × 0.56 µs + (12,000 − 3.12) / 2.6 × 1.11.
      'heavy steps: the work beyond the reference step at ×1.11, the load taken out',
      profileOf(12000, 0, { reference: { calls: 20000, callUs: 3.12 } }),
      5000,
      undefined,
      [
        "geth: about 5.1 s for this tracer on this transaction, against the timeout 5s (geth's default): likely to time out",
        refBasis('0.43', '3.12'),
        "warning: geth would likely stop this tracer at its timeout 5s (geth's default) (about 5.1 s); step costs most: 100% of the hooks' time, 1,000 calls of 12000.0 µs here",
      ],
    ],
    [
      'stopped by the timeout here, short of geth’s: not known',
      profileOf(300, 0, { error: timedOut, reference: { calls: 20000, callUs: 3.12 } }),
      300,
      '300ms',
      [
        'geth: about 127 ms or more for this tracer on this transaction, against the timeout 300ms: not known (the run here did not finish)',
        refBasis('0.42', '3.12'),
        "note: the run here was stopped by the timeout 300ms before the end: geth needs at least that; a longer --timeout measures all of it; step costs most: 100% of the hooks' time, 1,000 calls of 300.0 µs here",
      ],
    ],
    [
      'stopped by the timeout here, already past geth’s',
      profileOf(1000, 0, { error: timedOut, reference: { calls: 20000, callUs: 1.2 } }),
      1000,
      '1s',
      [
        'geth: about 1.1 s or more for this tracer on this transaction, against the timeout 1s: likely to time out',
        refBasis('1.11', '1.20'),
        "warning: geth would likely stop this tracer at its timeout 1s (about 1.1 s or more: the run here was stopped by the timeout 1s before the end); step costs most: 100% of the hooks' time, 1,000 calls of 1000.0 µs here",
      ],
    ],
  ];
  it.each(rows)('%s', (_what, profile, timeoutMs, timeout, tail) => {
    const lines = formatProfile(profile, timeoutMs, timeout);
    expect(lines[8]).toBe(
      `outside the hooks: ${(profile.totalMs - profile.hooks.reduce((a, h) => a + h.ms, 0)).toFixed(2)} ms (the EVM, the host, starting the realm; in a fresh trace process, cold code too)`,
    );
    expect(lines.slice(9)).toEqual(tail);
  });

  it('rests on the measured figures: goja 1.8 M calls/s, QuickJS 2.0 M/s, V8 41 M/s', () => {
    expect(estimateGethTime(profileOf(900, 0), 5000).ms).toBeCloseTo(1000, 6);
    expect(estimateGethTime({ ...profileOf(90, 0), engine: 'v8' }, 5000).ms).toBeCloseTo(2050, 6);
    // With the reference step at its best: light calls (1,000 steps and the result) cost goja's time, the rest ×1.11.
    const ref = { reference: { calls: 20000, callUs: 1.2 } };
    expect(estimateGethTime(profileOf(1.2, 0, ref), 5000).ms).toBeCloseTo(1001 / 1800, 6);
    expect(estimateGethTime(profileOf(901.2, 0, ref), 5000).ms).toBeCloseTo(1001 / 1800 + 1000, 6);
  });
});
