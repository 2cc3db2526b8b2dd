import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseProxy, transfer, wrap, type Endpoint } from 'comlink';
import type { ParseReplyApi, ResultTreeApi } from '../../../src/worker/contracts.ts';
import { serveParseReply } from '../../../src/worker/parseReply.worker.ts';

// A large result's views are prepared in the parser worker, next to the value: the page gets view data only.
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
const frame = (gasUsed: number, calls: unknown[] = []) => ({
  type: 'CALL',
  from: '0x' + 'aa'.repeat(20),
  to: '0x' + 'bb'.repeat(20),
  gas: '0x' + (gasUsed * 2).toString(16),
  gasUsed: '0x' + gasUsed.toString(16),
  input: '0xa9059cbb',
  calls,
});
// Over the large-reply threshold: 30 transactions, each a call tree of 600 frames.
const block = Array.from({ length: 30 }, (_, t) => ({
  txHash: '0x' + t.toString(16).padStart(64, '0'),
  result: frame(
    100_000,
    Array.from({ length: 599 }, () => frame(100)),
  ),
}));

describe('result views of a large result, from the parser worker', () => {
  it('gives the block transactions and the views of the one asked for', async () => {
    const { summary } = await parser.parse(response(block), { method: 'debug_traceBlockByNumber' });
    expect(summary.value).toBeUndefined();
    const tree = wrap<ResultTreeApi>(summary.tree!.port as unknown as Endpoint);
    const first = await tree.views(null);
    expect(first.block!.txs).toHaveLength(30);
    expect([first.selected, first.tabs]).toEqual([0, ['call-tree', 'flame']]);
    expect(first.callTree!.frames).toHaveLength(600);
    expect(first.callTree!.frames[0].method).toBe('transfer(address,uint256)');
    const last = await tree.views(29);
    expect(last.selected).toBe(29);

    // A newer reply replaces the tree: its views are gone with it.
    const next = await parser.parse(response(block), {});
    await expect(tree.views(0)).rejects.toThrow('This result was replaced by a newer one');
    wrap<ResultTreeApi>(next.summary.tree!.port as unknown as Endpoint)[releaseProxy]();
  });
});
