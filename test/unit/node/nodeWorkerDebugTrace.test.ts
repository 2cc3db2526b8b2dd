import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { wrap } from 'comlink';
import type { Endpoint } from 'comlink';
import { serve } from '../../../src/worker/node.worker.ts';
import type { NodeWorkerApi } from '../../../src/worker/contracts.ts';
import type { StructLogEntry } from '../../../src/evm/host/structLogger.ts';
import { thisAt } from '../../../src/evm/host/thisAt.ts';

// The page's inspected run of the demo transaction, across comlink (structured clone) as the Debug panel gets it.
const channel = new MessageChannel();
serve(channel.port1 as unknown as Endpoint);
const api = wrap<NodeWorkerApi>(channel.port2 as unknown as Endpoint);
afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

const tracer = `(function () {
  var copies = [];
  return {
    depth: 0, ops: {}, frames: [],
    step: function (log) {
      var op = log.op.toString();
      this.ops[op] = (this.ops[op] || 0) + 1;
      if (op == 'SSTORE') console.log('store at', log.getPC());
      copies.push(JSON.stringify(this));
    },
    enter: function (f) { this.frames.push(f.getType()); },
    exit: function () { this.frames.pop(); },
    fault: function () {},
    result: function () { return copies; }
  };
})()`;

describe('node worker: debugTrace', () => {
  it('records the demo transaction as the struct logger logs it, with console lines, this and hits', async () => {
    const d = (await api.demoDefaults()) as { txHash: string };
    const logs = (
      (await api.request({
        jsonrpc: '2.0',
        id: 1,
        method: 'debug_traceTransaction',
        params: [d.txHash, {}],
      })) as {
        result: { structLogs: StructLogEntry[] };
      }
    ).result.structLogs;
    const request = {
      jsonrpc: '2.0',
      id: 2,
      method: 'debug_traceTransaction',
      params: [d.txHash, { tracer }],
    };
    // The tracer prints, so it runs only as a debugging run (the node's own runtime has no console, as geth's).
    const plain = (await api.debugTrace(request, {})).response as { result: string[] };
    const sstorePc = logs.find((l) => l.op === 'SSTORE')!.pc;
    const { response, report } = await api.debugTrace(request, {
      inspect: { stackItems: 1024, breakpoints: [{ id: 'store', pc: sstorePc }] },
    });
    expect(response).toEqual(plain);
    const inspect = report!.inspect!;
    expect(inspect.steps.map((s) => [s.op, s.pc, s.depth, s.gas, s.cost, [...s.stack].reverse()])).toEqual(
      logs.map((l) => [l.op, l.pc, l.depth, l.gas, l.gasCost, l.stack]),
    );
    const stores = logs.flatMap((l, i) => (l.op === 'SSTORE' && l.pc === sstorePc ? [i] : []));
    expect(stores.length).toBeGreaterThan(0);
    expect(inspect.hits).toEqual(stores.map((step) => ({ breakpointId: 'store', step })));
    expect(report!.console!.lines.filter((l) => l.text.startsWith('store at')).map((l) => l.step)).toEqual(
      logs.flatMap((l, i) => (l.op === 'SSTORE' ? [i] : [])),
    );
    const copies = plain.result;
    const checked = [0, Math.floor(copies.length / 2), copies.length - 1];
    for (const n of checked) {
      if (inspect.hookCalls.some((c) => c.step === n && c.hook !== 'step')) continue;
      expect(thisAt(inspect, n)).toEqual({ ok: true, value: JSON.parse(copies[n]) });
    }
    expect(report!.profile!.steps).toBe(logs.length);
  });
});
