import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import WebSocket from 'ws';
import { classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { type Endpoint, createEndpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { secretMask } from '../../../src/core/rpc/endpoint/maskEndpoint.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNodeHandle } from '../../../src/io/transport/createEmbeddedTransport.ts';
import { forgottenKeyMessage, transportForEndpoint } from '../../../src/io/transportForEndpoint.ts';

interface Seen {
  via: 'http' | 'ws';
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// One loopback server speaking HTTP and WebSocket JSON-RPC that records what reached it.
const seen: Seen[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({ via: 'http', url: req.url ?? '', headers: req.headers, body });
    const id = (JSON.parse(body) as { id: unknown }).id;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ jsonrpc: '2.0', id, result: 'http' }));
  });
});
const wss = new WebSocketServer({ server });
wss.on('connection', (socket, req) =>
  socket.on('message', (data) => {
    const body = String(data);
    seen.push({ via: 'ws', url: req.url ?? '', headers: req.headers, body });
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: unknown }).id, result: 'ws' }),
    );
  }),
);
let base = '';
let embedded: EmbeddedNodeHandle;
const g = globalThis as { WebSocket?: unknown };
const hadWebSocket = 'WebSocket' in g;
const originalWebSocket = g.WebSocket;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const node = await createEmbeddedNode();
  embedded = { request: (r) => node.request(r), restart: () => undefined };
  // The page's WebSocket is the browser's; Node 20 has none, so the ws package stands in for it.
  g.WebSocket = WebSocket;
});
afterAll(async () => {
  if (hadWebSocket) g.WebSocket = originalWebSocket;
  else delete g.WebSocket;
  wss.close();
  await new Promise((r) => server.close(r));
});

const ep = (fields: Partial<Endpoint>) => createEndpoint({ id: 'e', name: 'e', kind: 'http', ...fields });

describe('transportForEndpoint: one transport per kind of saved endpoint', () => {
  const request = buildRequest('web3_clientVersion', [], 'ethereum', 4);
  const rows: [string, () => Endpoint, unknown, Partial<Seen> | null][] = [
    [
      'the embedded node',
      () => createEndpoint({ id: 'x', name: 'x', kind: 'embedded' }),
      /^TracerPlayground\//,
      null,
    ],
    ['HTTP', () => ep({ url: `http://${base}/rpc` }), 'http', { via: 'http', url: '/rpc' }],
    [
      'HTTP with basic auth from the form',
      () => ep({ url: `http://${base}/rpc`, user: 'alice', password: 'pä ss' }),
      'http',
      { via: 'http', headers: { authorization: `Basic ${Buffer.from('alice:pä ss').toString('base64')}` } },
    ],
    [
      'HTTP with user:pass@ in the URL (moved into the header; fetch refuses such URLs)',
      () => ep({ url: `http://bob:s3cret@${base}/rpc` }),
      'http',
      {
        via: 'http',
        url: '/rpc',
        headers: { authorization: `Basic ${Buffer.from('bob:s3cret').toString('base64')}` },
      },
    ],
    [
      'WebSocket when preferred',
      () => ep({ url: `http://${base}/rpc`, wsUrl: `ws://${base}/ws`, preferWs: true }),
      'ws',
      { via: 'ws', url: '/ws' },
    ],
    [
      'HTTP when WebSocket is preferred but has no URL',
      () => ep({ url: `http://${base}/h`, preferWs: true }),
      'http',
      { via: 'http', url: '/h' },
    ],
  ];
  it.each(rows)('%s', async (_name, endpoint, result, reached) => {
    seen.length = 0;
    const t = transportForEndpoint(endpoint(), embedded);
    const outcome = await t.send(request);
    t.close?.();
    const r = classifyResponse(outcome, { expectedId: 4 });
    expect(r.kind).toBe('ok');
    if (result instanceof RegExp) expect(r.kind === 'ok' && r.result).toMatch(result);
    else expect(r.kind === 'ok' && r.result).toBe(result);
    if (reached === null) return expect(seen).toEqual([]);
    // Sent once, as the request object serialized once, with the Content-Type of its family.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ ...reached, body: JSON.stringify(request) });
    if (reached.via === 'http') expect(seen[0].headers['content-type']).toBe('application/json');
    if (!reached.headers) expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('a Bitcoin-style request goes as text/plain', async () => {
    seen.length = 0;
    const t = transportForEndpoint(ep({ url: `http://${base}/btc` }), embedded);
    await t.send(buildRequest('getrawtransaction', ['ab'], 'bitcoin', 2));
    expect(seen[0].headers['content-type']).toBe('text/plain');
  });

  it.each([
    ['an HTTP URL', { url: `http://${base}/v3/${secretMask}` }],
    [
      'a preferred WebSocket URL',
      { url: `http://${base}/rpc`, wsUrl: `ws://${base}/ws/${secretMask}`, preferWs: true },
    ],
  ])('an endpoint whose key was not remembered (%s) is not sent to', async (_name, fields) => {
    seen.length = 0;
    const outcome = await transportForEndpoint(ep(fields), embedded).send(request);
    expect(outcome).toMatchObject({ kind: 'no-response', message: forgottenKeyMessage });
    expect(seen).toEqual([]);
  });
});
