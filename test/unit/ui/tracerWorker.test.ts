import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { wrap, releaseProxy, type Endpoint } from 'comlink';
import type { TracerWorkerApi } from '../../../src/worker/contracts.ts';
import { mapSentTracerError } from '../../../src/core/flatten/mapNodeError.ts';
import { serve } from '../../../src/worker/tracer.worker.ts';

// The real comlink round trip over a MessageChannel, as the page talks to the worker.
const channel = new MessageChannel();
serve(channel.port1 as unknown as Endpoint);
const api = wrap<TracerWorkerApi>(channel.port2 as unknown as Endpoint);
afterAll(() => {
  api[releaseProxy]();
  channel.port1.close();
  channel.port2.close();
});

const good = '{\n  result: function (ctx, db) { return 1; },\n  fault: function (log, db) {}\n}';

describe('tracer worker', () => {
  it('checks and flattens, echoing the request id', async () => {
    const r = await api.analyze(7, good, 'strict');
    expect(r.seq).toBe(7);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.flat).toMatchObject({
      code: '{result:function(ctx,db){return 1;},fault:function(log,db){}}',
      source: good,
    });
  });

  it('reports an ES2015 construct with a fix and no flat string', async () => {
    const r = await api.analyze(8, good.replace('return 1;', 'let x = 1; return x;'), 'strict');
    const error = r.diagnostics.find((d) => d.severity === 'error');
    expect(error?.range.start.line).toBe(2);
    expect(error?.fix?.edits.length).toBeGreaterThan(0);
    expect(r.flat).toBeNull();
  });

  it('answers out-of-order requests with their own ids (the page drops the stale one)', async () => {
    const [a, b] = await Promise.all([api.analyze(1, good, 'strict'), api.analyze(2, '{', 'strict')]);
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect(b.flat).toBeNull();
  });

  it('gives the position map with the flattened tracer: it crossed the boundary and maps a node error', async () => {
    const source =
      '{\n  step: function (log, db) {\n    this.n = log.stack.peek(99);\n  },\n  result: function () { return 1; },\n  fault: function () {}\n}';
    const flat = (await api.analyze(9, source, 'strict')).flat!;
    const col = flat.code.indexOf('log.stack.peek') + 2;
    const mapped = mapSentTracerError(`boom at step (<eval>:1:${col}(12))`, flat);
    expect(mapped?.range.start.line).toBe(3);
    expect(mapped?.range.start.column).toBe(14);
  });
});
