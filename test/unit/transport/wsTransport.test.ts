import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { probeNode } from '../../../src/core/rpc/probe/probe.ts';
import { createProbeSender } from '../../../src/io/transport/createProbeSender.ts';
import {
  type WebSocketConstructorLike,
  createWsTransport,
} from '../../../src/io/transport/createWsTransport.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNode, startGanache } from '../../helpers/nodes.ts';

const Impl = WebSocket as unknown as WebSocketConstructorLike;
const body = (method: string, id: number, params: unknown[] = []) =>
  buildRequest(method, params, 'ethereum', id);

/** A WebSocket JSON-RPC server of our own: answers eth_blockNumber, drops the connection on `drop`, checks auth. */
async function startWsServer(auth?: string) {
  const port = await freePort();
  let connections = 0;
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port,
    verifyClient: (info: { req: IncomingMessage }) => !auth || info.req.headers.authorization === auth,
  });
  wss.on('connection', (ws) => {
    connections++;
    ws.on('message', (data) => {
      const req = JSON.parse(String(data));
      if (req.method === 'drop') return ws.terminate();
      if (req.method === 'slow')
        return setTimeout(() => ws.send(JSON.stringify({ jsonrpc: '2.0', id: req.id, result: 'slow' })), 100);
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: req.id, result: '0x2a' }));
    });
  });
  await new Promise((r) => wss.once('listening', r));
  return {
    url: `ws://127.0.0.1:${port}`,
    connections: () => connections,
    stop: () => new Promise<void>((r) => wss.close(() => r())),
  };
}

describe('WebSocket transport against ganache', () => {
  let ganache: RunningNode;
  beforeAll(async () => {
    ganache = await startGanache();
  });
  afterAll(() => ganache?.stop());

  it('matches several requests in flight to their answers', async () => {
    const t = createWsTransport({ url: ganache.wsUrl, WebSocketImpl: Impl });
    const outcomes = await Promise.all(
      [body('web3_clientVersion', 1), body('eth_blockNumber', 2), body('eth_chainId', 3)].map((b) =>
        t.send(b),
      ),
    );
    const results = outcomes.map((o, i) => classifyResponse(o, { expectedId: i + 1 }));
    expect(results.map((r) => r.kind === 'ok' && r.result)).toEqual([
      'Ganache/v7.9.2/EthereumJS TestRPC/v7.9.2/ethereum-js',
      '0x0',
      '0x539',
    ]);
    expect(outcomes[0]).toMatchObject({ kind: 'response', status: null });
    t.close?.();
  });

  it('carries the probe (ganache ignores tracers, with no transaction to fall back on: ambiguous)', async () => {
    const t = createWsTransport({ url: ganache.wsUrl, WebSocketImpl: Impl });
    const report = await probeNode(createProbeSender(t));
    expect(report.clientFamily).toBe('ganache');
    expect(report.jsTracing).toBe('ambiguous');
    expect(report.summary).toMatch(/no recent transaction to try debug_traceTransaction on$/);
    t.close?.();
  });
});

describe('WebSocket transport faults', () => {
  it('rejects pending requests with a clear message when the connection drops, then reconnects', async () => {
    const server = await startWsServer();
    try {
      const t = createWsTransport({ url: server.url, WebSocketImpl: Impl });
      const slow = t.send(body('slow', 1));
      const dropped = await t.send(body('drop', 2));
      expect(dropped).toMatchObject({ kind: 'no-response', reason: 'closed' });
      expect(dropped.kind === 'no-response' && dropped.message).toMatch(
        /^The WebSocket connection to 127\.0\.0\.1:\d+ closed \(code 1006\) before the node answered; the next request reconnects$/,
      );
      expect((await slow).kind).toBe('no-response');
      const again = await t.send(body('eth_blockNumber', 3));
      expect(classifyResponse(again, { expectedId: 3 })).toMatchObject({ kind: 'ok', result: '0x2a' });
      expect(server.connections()).toBe(2);
      t.close?.();
    } finally {
      await server.stop();
    }
  });

  it('sends basic auth as a header in Node, and reports the 401 upgrade refusal', async () => {
    const auth = 'Basic ' + Buffer.from('u:p').toString('base64');
    const server = await startWsServer(auth);
    try {
      const good = createWsTransport({
        url: server.url,
        user: 'u',
        password: 'p',
        WebSocketImpl: Impl,
        supportsHeaders: true,
      });
      expect(classifyResponse(await good.send(body('eth_blockNumber', 1)))).toMatchObject({
        kind: 'ok',
        result: '0x2a',
      });
      good.close?.();
      const bad = createWsTransport({
        url: server.url,
        user: 'u',
        password: 'x',
        WebSocketImpl: Impl,
        supportsHeaders: true,
      });
      expect(classifyResponse(await bad.send(body('eth_blockNumber', 1)))).toMatchObject({
        kind: 'http-error',
        status: 401,
      });
    } finally {
      await server.stop();
    }
  });

  it('explains that a browser cannot send basic auth over WebSocket', async () => {
    const t = createWsTransport({ url: 'wss://u:p@node.example/ws', WebSocketImpl: Impl });
    expect(await t.send(body('eth_blockNumber', 1))).toMatchObject({
      kind: 'no-response',
      reason: 'auth-unsupported',
      message:
        'Basic auth over WebSocket is not possible from a browser: it cannot set an Authorization header on a WebSocket, and Chromium no longer sends user:password written into a wss:// URL. Use the https:// endpoint with basic auth instead',
    });
  });

  it.each([
    [
      'a closed port',
      async () => `ws://127.0.0.1:${await freePort()}`,
      /^Connection refused by 127\.0\.0\.1:\d+: nothing listens there \(node down or wrong port\)$/,
    ],
  ])('reports %s', async (_n, url, message) => {
    const t = createWsTransport({ url: await url(), WebSocketImpl: Impl });
    const o = await t.send(body('eth_blockNumber', 1));
    expect(o.kind === 'no-response' && o.message).toMatch(message);
  });

  it('times out, refuses duplicate ids in flight and cancels', async () => {
    const server = await startWsServer();
    try {
      const t = createWsTransport({ url: server.url, WebSocketImpl: Impl, timeoutMs: 30 });
      expect(await t.send(body('slow', 1))).toMatchObject({ reason: 'timeout' });
      const t2 = createWsTransport({ url: server.url, WebSocketImpl: Impl });
      const first = t2.send(body('slow', 5));
      expect(await t2.send(body('eth_blockNumber', 5))).toMatchObject({
        message: 'A request with id 5 is already in flight on this WebSocket; use distinct ids',
      });
      expect(classifyResponse(await first)).toMatchObject({ result: 'slow' });
      const c = new AbortController();
      const p = t2.send(body('slow', 6), { signal: c.signal });
      c.abort();
      expect(await p).toMatchObject({ reason: 'aborted', message: 'Cancelled' });
      t.close?.();
      t2.close?.();
    } finally {
      await server.stop();
    }
  });
});
