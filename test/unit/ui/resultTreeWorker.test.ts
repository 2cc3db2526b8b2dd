import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseProxy, transfer, wrap, type Endpoint } from 'comlink';
import type { ParseReplyApi, ResultTreeApi } from '../../../src/worker/contracts.ts';
import { serveParseReply } from '../../../src/worker/parseReply.worker.ts';
import { largeReplyBytes } from '../../../src/core/rpc/protocol/summarizeReply.ts';

// The real comlink round trip, as the page talks to the parser worker and then to a large result's tree port.
const channel = new MessageChannel();
serveParseReply(channel.port1 as unknown as Endpoint);
const parser = wrap<ParseReplyApi>(channel.port2 as unknown as Endpoint);
afterAll(() => {
  parser[releaseProxy]();
  channel.port1.close();
  channel.port2.close();
});

const response = (result: unknown) => {
  const body = new TextEncoder().encode(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))
    .buffer as ArrayBuffer;
  return transfer({ kind: 'response' as const, status: 200, headers: {}, body, durationMs: 5 }, [body]);
};
const bigBlock = (tag: string) => [
  { txHash: '0xaa', result: { structLogs: Array.from({ length: 90_000 }, (_, i) => ({ pc: i, op: tag })) } },
  { txHash: '0xbb', error: 'TypeError: boom' },
];

describe('parser worker with large results', () => {
  it('keeps a small result in the summary and gives no tree', async () => {
    const { summary } = await parser.parse(response('0x10'), { expectedId: 1 });
    expect(summary.value).toBe('0x10');
    expect(summary.tree).toBeUndefined();
  });

  it('serves a large result as a tree; a newer reply replaces it', async () => {
    const first = await parser.parse(response(bigBlock('PUSH1')), { method: 'debug_traceBlockByNumber' });
    expect(first.body.byteLength).toBeGreaterThan(largeReplyBytes);
    expect(first.summary.value).toBeUndefined();
    expect(first.summary.txErrors).toEqual([
      { txHash: '0xbb', error: expect.stringContaining('boom'), index: 1 },
    ]);
    expect(first.summary.tree?.size).toBe(3);
    const tree = wrap<ResultTreeApi>(first.summary.tree!.port as unknown as Endpoint);
    expect((await tree.rows(0, 5)).map((r) => r.path)).toEqual([[], [0], [1]]);
    expect(await tree.toggle([0], true)).toBe(5);
    expect(await tree.findNext('boom')).toEqual({ path: [1, 'error'], index: 6, wrapped: false });
    expect(await tree.valueText([0, 'result', 'structLogs', 89_999])).toBe(
      '{\n  "pc": 89999,\n  "op": "PUSH1"\n}',
    );

    const second = await parser.parse(response(bigBlock('STOP')), {});
    const next = wrap<ResultTreeApi>(second.summary.tree!.port as unknown as Endpoint);
    expect((await next.rows(0, 1))[0].preview).toBe('[2 items]');
    await expect(tree.size()).rejects.toThrow('This result was replaced by a newer one');
    next[releaseProxy]();
  });
});
