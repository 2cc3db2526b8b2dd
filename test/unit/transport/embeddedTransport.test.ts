import { beforeAll, describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { type EmbeddedNode, createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import {
  type EmbeddedNodeHandle,
  createEmbeddedTransport,
} from '../../../src/io/transport/createEmbeddedTransport.ts';

// The real embedded node behind the transport; `restart` is counted (the page terminates its worker there).
function handle(
  node: EmbeddedNode,
  stall = false,
): EmbeddedNodeHandle & { restarts: number; seen: unknown[] } {
  const h = {
    restarts: 0,
    seen: [] as unknown[],
    request: (r: unknown) => {
      h.seen.push(r);
      return stall ? new Promise<never>(() => {}) : node.request(r);
    },
    restart: () => {
      h.restarts++;
    },
  };
  return h;
}

describe('the embedded-node transport', () => {
  let node: EmbeddedNode;
  beforeAll(async () => {
    node = await createEmbeddedNode();
  });

  it('hands the request object to the node unserialized and classifies its answer like any response', async () => {
    const h = handle(node);
    const request = buildRequest('eth_chainId', [], 'ethereum', 9);
    const outcome = await createEmbeddedTransport(h).send(request);
    expect(h.seen).toEqual([request]);
    expect(h.seen[0]).toBe(request);
    expect(outcome).toMatchObject({
      kind: 'response',
      status: null,
      headers: { 'content-type': 'application/json' },
    });
    expect(classifyResponse(outcome, { expectedId: 9 })).toMatchObject({ kind: 'ok', result: '0x539' });
  });

  it('runs a tracer and gives the tracer error as the node words it', async () => {
    const d = node.demoDefaults as DemoDefaults;
    const t = createEmbeddedTransport(handle(node));
    const ok = await t.send(
      buildRequest('debug_traceCall', [
        d.call,
        'latest',
        { tracer: '{result: function(){return 7;}, fault: function(){}}' },
      ]),
    );
    expect(classifyResponse(ok, { expectedId: 1 })).toMatchObject({ kind: 'ok', result: 7 });
    const bad = await t.send(
      buildRequest('debug_traceCall', [
        d.call,
        'latest',
        { tracer: '{result: function(){ return x.y; }, fault: function(){}}' },
      ]),
    );
    expect(classifyResponse(bad, { expectedId: 1 })).toMatchObject({
      kind: 'rpc-error',
      message: expect.stringContaining('ReferenceError'),
    });
  });

  it.each([
    [
      'cancelled by the user',
      {},
      (c: AbortController) => setTimeout(() => c.abort(), 20),
      { reason: 'aborted', message: 'Cancelled (the embedded node was restarted)' },
    ],
    [
      'past the time limit',
      { timeoutMs: 50 },
      () => undefined,
      {
        reason: 'timeout',
        message: 'The embedded node did not answer within 0.05 s; it was stopped and restarted',
      },
    ],
  ])('a stalled node %s is restarted, with its own message', async (_name, options, act, expected) => {
    const h = handle(node, true);
    const c = new AbortController();
    act(c);
    const outcome = await createEmbeddedTransport(h, options).send(buildRequest('eth_blockNumber', []), {
      signal: c.signal,
    });
    expect(outcome).toMatchObject({ kind: 'no-response', ...expected });
    expect(h.restarts).toBe(1);
  });

  it('a signal aborted before sending sends nothing and restarts nothing', async () => {
    const h = handle(node);
    const c = new AbortController();
    c.abort();
    const outcome = await createEmbeddedTransport(h).send(buildRequest('eth_blockNumber', []), {
      signal: c.signal,
    });
    expect(outcome).toMatchObject({ kind: 'no-response', reason: 'aborted' });
    expect([h.seen.length, h.restarts]).toEqual([0, 0]);
  });

  it('a node that fails (its worker died) is said plainly', async () => {
    const broken: EmbeddedNodeHandle = {
      request: () => Promise.reject(new Error('the worker was terminated')),
      restart: () => undefined,
    };
    const outcome = await createEmbeddedTransport(broken).send(buildRequest('eth_blockNumber', []));
    expect(outcome).toMatchObject({
      kind: 'no-response',
      reason: 'network',
      message: 'Embedded node: the worker was terminated',
    });
  });
});
