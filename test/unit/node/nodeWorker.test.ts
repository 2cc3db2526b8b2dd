import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { wrap } from 'comlink';
import type { Endpoint } from 'comlink';
import { serve } from '../../../src/worker/node.worker.ts';
import type { NodeWorkerApi } from '../../../src/worker/contracts.ts';

const channel = new MessageChannel();
serve(channel.port1 as unknown as Endpoint);
const api = wrap<NodeWorkerApi>(channel.port2 as unknown as Endpoint);
afterAll(() => {
  channel.port1.close();
  channel.port2.close();
});

describe('node worker (comlink round trip over MessageChannel)', () => {
  it('answers JSON-RPC and gives the demo defaults', async () => {
    expect(await api.request({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x539',
    });
    const d = (await api.demoDefaults()) as { txHash: string; blockNumber: string };
    expect(d.blockNumber).toBe('0x2');
    const traced = (await api.request({
      jsonrpc: '2.0',
      id: 2,
      method: 'debug_traceTransaction',
      params: [d.txHash, { tracer: '{fault: function() {}, result: function(ctx) { return ctx.txIndex; }}' }],
    })) as { result: number };
    expect(traced.result).toBe(2);
  });

  it('switches to a fixture and back to the demo chain', async () => {
    const file = join(
      import.meta.dirname,
      '../../../../shared/conformance/geth-tracetest/call_tracer/simple.json',
    );
    const text = readFileSync(file, 'utf8');
    const f = await api.loadFixture(text);
    expect(f.blockNumber).toBe('0x' + (2289806).toString(16));
    expect(f.callBlock).toBe('0x' + (2289805).toString(16));
    const traceCall = (await api.request({
      jsonrpc: '2.0',
      id: 5,
      method: 'debug_traceCall',
      params: [
        f.call,
        f.callBlock,
        { tracer: '{fault: function() {}, result: function(ctx) { return toHex(ctx.output); }}' },
      ],
    })) as { result: string };
    expect(traceCall.result).toBe(JSON.parse(text).result.output);
    const r = (await api.request({
      jsonrpc: '2.0',
      id: 3,
      method: 'debug_traceTransaction',
      params: [f.txHash, { tracer: '{fault: function() {}, result: function(ctx) { return ctx.gasUsed; }}' }],
    })) as { result: number };
    expect(r.result).toBe(Number(JSON.parse(text).result.gasUsed));
    await expect(api.loadFixture('{')).rejects.toThrow(/fixture: not valid JSON/);
    expect(((await api.resetToDemo()) as { blockNumber: string }).blockNumber).toBe('0x2');
    expect(await api.request({ jsonrpc: '2.0', id: 4, method: 'eth_blockNumber' })).toEqual({
      jsonrpc: '2.0',
      id: 4,
      result: '0x3',
    });
  });
});

describe('node worker: a request sent while a fixture loads', () => {
  const text = readFileSync(
    join(import.meta.dirname, '../../../../shared/conformance/geth-tracetest/call_tracer/simple.json'),
    'utf8',
  );
  it('is answered by the fixture node (what a restarted page worker relies on)', async () => {
    const loading = api.loadFixture(text);
    const head = api.request({ jsonrpc: '2.0', id: 9, method: 'eth_blockNumber' });
    expect(await head).toEqual({ jsonrpc: '2.0', id: 9, result: '0x' + (2289806).toString(16) });
    await loading;
    await api.resetToDemo();
  });

  it('a fixture that fails to load leaves the node it had', async () => {
    const before = await api.request({ jsonrpc: '2.0', id: 10, method: 'eth_blockNumber' });
    const bad = JSON.stringify({ ...JSON.parse(text), genesis: { ...JSON.parse(text).genesis, alloc: 5 } });
    const loading = api.loadFixture(bad).then(
      () => 'loaded',
      () => 'refused',
    );
    const head = api.request({ jsonrpc: '2.0', id: 10, method: 'eth_blockNumber' });
    expect(await loading).toBe('refused');
    expect(await head).toEqual(before);
  });
});
