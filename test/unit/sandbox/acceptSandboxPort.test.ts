import { describe, expect, it } from 'vitest';
import { wrap, type Endpoint } from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { acceptSandboxPort, type PortReceiver } from '../../../src/worker/sandbox/acceptSandboxPort.ts';
import type { NodeWorkerApi } from '../../../src/worker/contracts.ts';
import { serve } from '../../../src/worker/node.worker.ts';

// A worker scope stand-in: real events in, messages to the iframe recorded.
class FakeScope extends EventTarget {
  posted: unknown[] = [];
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
}

function post(scope: EventTarget, data: unknown): void {
  scope.dispatchEvent(new MessageEvent('message', { data }));
}

describe('acceptSandboxPort', () => {
  it('serves the real node worker API over the port of the first sandbox-port message', async () => {
    const scope = new FakeScope();
    acceptSandboxPort(scope as unknown as PortReceiver, serve);
    const channel = new MessageChannel();
    post(scope, { type: 'sandbox-port', port: channel.port2 });
    expect(scope.posted).toEqual([{ type: 'sandbox-worker-ready' }]);
    const api = wrap<NodeWorkerApi>(channel.port1 as unknown as Endpoint);
    const defaults = await api.demoDefaults();
    expect(defaults.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const reply = await api.request({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 7, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    channel.port1.close();
  });

  it.each([
    ['no data', undefined],
    ['a string', 'sandbox-port'],
    ['another type', { type: 'sandbox-start', port: {} }],
    ['no port', { type: 'sandbox-port' }],
    ['a port without postMessage', { type: 'sandbox-port', port: { start() {} } }],
  ])('ignores a message with %s', (_, data) => {
    const scope = new FakeScope();
    const served: unknown[] = [];
    acceptSandboxPort(scope as unknown as PortReceiver, (p) => served.push(p));
    post(scope, data);
    expect(served).toEqual([]);
    expect(scope.posted).toEqual([]);
  });

  it('serves only the first port', () => {
    const scope = new FakeScope();
    const served: unknown[] = [];
    acceptSandboxPort(scope as unknown as PortReceiver, (p) => served.push(p));
    const a = new MessageChannel();
    const b = new MessageChannel();
    post(scope, { type: 'sandbox-port', port: a.port2 });
    post(scope, { type: 'sandbox-port', port: b.port2 });
    expect(served).toEqual([a.port2]);
    expect(scope.posted).toEqual([{ type: 'sandbox-worker-ready' }]);
    for (const c of [a, b]) {
      c.port1.close();
      c.port2.close();
    }
  });
});
