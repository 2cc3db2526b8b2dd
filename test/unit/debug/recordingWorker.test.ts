import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { transfer, wrap, type Endpoint } from 'comlink';
import { serve } from '../../../src/worker/node.worker.ts';
import { serveRecording } from '../../../src/worker/recording/recording.worker.ts';
import type { NodeWorkerApi } from '../../../src/worker/contracts.ts';
import type {
  RecordingQueries,
  RecordingWorkerApi,
} from '../../../src/worker/recording/recordingContract.ts';
import type { StructLogEntry } from '../../../src/evm/host/structLogger.ts';
import type { InspectReport } from '../../../src/evm/host/inspectTypes.ts';
import { thisAt } from '../../../src/evm/host/thisAt.ts';
import { noStepFilter } from '../../../src/worker/recording/buildStepRows.ts';

// The page's path for a recording, with real comlink channels: the node worker posts it on a port straight to the
// recording worker, and the page asks that worker for rows, positions and a step's detail.
const channels = [new MessageChannel(), new MessageChannel()];
serve(channels[0].port1 as unknown as Endpoint);
serveRecording(channels[1].port1 as unknown as Endpoint);
const node = wrap<NodeWorkerApi>(channels[0].port2 as unknown as Endpoint);
const recorder = wrap<RecordingWorkerApi>(channels[1].port2 as unknown as Endpoint);
afterAll(() => channels.forEach((c) => [c.port1.close(), c.port2.close()]));

const tracer = `{
  n: 0, pcs: [],
  step: function (log) { this.n++; if (log.op.toString() == 'SSTORE') this.pcs.push(log.getPC()); },
  enter: function () {}, exit: function () {}, fault: function () {},
  result: function () { return this.n; }
}`;

async function demo(): Promise<{ request: object; logs: StructLogEntry[] }> {
  const d = (await node.demoDefaults()) as { txHash: string };
  const trace = (await node.request({
    jsonrpc: '2.0',
    id: 1,
    method: 'debug_traceTransaction',
    params: [d.txHash, {}],
  })) as { result: { structLogs: StructLogEntry[] } };
  const request = { jsonrpc: '2.0', id: 2, method: 'debug_traceTransaction', params: [d.txHash, { tracer }] };
  return { request, logs: trace.result.structLogs };
}

/** A debugging run whose recording goes to the recording worker; its answer, summary and queries. */
async function recordedRun(request: object, pc: number) {
  const c = new MessageChannel();
  const loading = recorder.load(transfer(c.port1, [c.port1]) as unknown as MessagePort);
  const inspect = { breakpoints: [{ id: 'bp', pc }] };
  const answer = await node.debugTrace(
    request,
    transfer({ inspect, recording: c.port2 as unknown as MessagePort }, [c.port2 as unknown as Transferable]),
  );
  const loaded = (await loading)!;
  return {
    answer,
    summary: loaded.summary,
    queries: wrap<RecordingQueries>(loaded.port as unknown as Endpoint),
  };
}

describe('recording worker', () => {
  it('holds the recording the node worker posts, and answers rows, positions and details as the inline report', async () => {
    const { request, logs } = await demo();
    const sstore = logs.find((l) => l.op === 'SSTORE')!.pc;
    const inline = (await node.debugTrace(request, { inspect: { breakpoints: [{ id: 'bp', pc: sstore }] } }))
      .report!.inspect as InspectReport;
    const { answer, summary, queries } = await recordedRun(request, sstore);
    expect(answer.report!.inspect).toBeUndefined();
    expect(answer.report!.profile!.steps).toBe(logs.length);
    const hits = logs.flatMap((l, i) => (l.pc === sstore ? [i] : []));
    expect(summary).toMatchObject({ steps: logs.length, truncated: false, firstHit: hits[0] });
    const count = await queries.count(noStepFilter);
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(count / 500) }, (_, k) => queries.rows(noStepFilter, k * 500, 500)),
    );
    const rows = pages.flat().filter((r) => r.kind === 'step');
    expect(rows.map((r) => r.kind === 'step' && [r.step, r.op, r.pc, r.depth, r.gas, r.cost])).toEqual(
      logs.map((l, i) => [i, l.op, l.pc, l.depth, l.gas, l.gasCost]),
    );
    expect(rows.flatMap((r) => (r.kind === 'step' && r.hit ? [r.step] : []))).toEqual(hits);
    const ops = { ...noStepFilter, op: 'sstore' };
    const stores = logs.flatMap((l, i) => (l.op === 'SSTORE' ? [i] : []));
    expect(await queries.count(ops)).toBeGreaterThanOrEqual(stores.length);
    expect(await queries.positionOf(ops, stores[0])).toBe(0);
    expect(await queries.positionOf(ops, 0)).toBe(-1);
    const detail = (await queries.detail(hits[0]))!;
    expect([detail.step.op, detail.step.pc, detail.hits]).toEqual(['SSTORE', sstore, ['bp']]);
    expect(detail.calls.map((c) => c.hook)).toContain('step');
    const last = logs.length - 1;
    expect(await queries.thisAt(last)).toEqual(thisAt(inline, last));
    expect(await queries.nextHit(hits[0])).toBe(hits[1] ?? null);
  });

  it('keeps only the newest recording: an older one answers that it was replaced', async () => {
    const { request, logs } = await demo();
    const first = await recordedRun(request, logs[0].pc);
    await recordedRun(request, logs[0].pc);
    await expect(first.queries.count(noStepFilter)).rejects.toThrow(/replaced by a newer one/);
  });

  it('rows are cut at 500 a call', async () => {
    const { request, logs } = await demo();
    const { queries } = await recordedRun(request, logs[0].pc);
    expect((await queries.rows(noStepFilter, 0, 10_000)).length).toBe(
      Math.min(500, await queries.count(noStepFilter)),
    );
  });
});

describe('recording worker, given what is not a recording', () => {
  it.each([
    ['null (the run recorded nothing)', null],
    ['a string', 'steps'],
    ['a report without hits', { steps: [], hookCalls: [], breakpointErrors: [] }],
    ['a report whose hits are not hits', { steps: [], hookCalls: [], hits: [null], breakpointErrors: [] }],
  ])('%s -> null', async (_, message) => {
    const c = new MessageChannel();
    const loading = recorder.load(transfer(c.port1, [c.port1]) as unknown as MessagePort);
    c.port2.postMessage(message);
    expect(await loading).toBeNull();
  });
});
