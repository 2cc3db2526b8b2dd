import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { encodeCallHex } from '../../../src/evm/node/abi.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';

// eth_subscribe over serve's WebSocket: notifications reach the socket that subscribed, and only it; a socket's
// subscriptions end with it; floods, bogus params and HTTP get geth's (or a clear) error; the access policy holds.

let node: EmbeddedNode;
let server: RpcServer;
/** Chain listeners alive (the node's own, per connection): counted by wrapping the chain's onBlock. */
let listening = 0;

const alice = demoAccounts.alice.address.toString();
const bob = demoAccounts.bob.address.toString();
const token = '0x4eb043c48b57c15ea74e7602196405bb4410f8d2';
const transfer = encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, 1n]);

beforeAll(async () => {
  node = await createEmbeddedNode();
  const onBlock = node.chain.onBlock.bind(node.chain);
  node.chain.onBlock = (listener) => {
    listening++;
    const stop = onBlock(listener);
    return () => {
      listening--;
      stop();
    };
  };
  server = await startRpcServer(node, '127.0.0.1', 0);
});
afterAll(() => server?.close());

/** A WebSocket client: every message it got, and request/response by id. */
async function open(headers: Record<string, string> = {}) {
  const socket = new WebSocket(server.wsUrl, { headers });
  const messages: any[] = [];
  const waiting = new Map<number, (m: any) => void>();
  socket.on('message', (data) => {
    const m = JSON.parse(String(data));
    messages.push(m);
    if (!Array.isArray(m) && typeof m.id === 'number') waiting.get(m.id)?.(m);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let id = 1;
  const request = (method: string, params?: unknown) =>
    new Promise<any>((resolve) => {
      const n = id++;
      waiting.set(n, resolve);
      socket.send(
        JSON.stringify({ jsonrpc: '2.0', id: n, method, ...(params === undefined ? {} : { params }) }),
      );
    });
  const close = () =>
    new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  return { socket, messages, request, close };
}

const notes = (messages: any[]) => messages.filter((m) => m.method === 'eth_subscription');
const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(test()).toBe(true);
};
const http = async (body: unknown) =>
  (await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as any;
const sendTransfer = () =>
  http({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_sendTransaction',
    params: [{ from: alice, to: token, data: transfer }],
  });

describe('subscriptions over the WebSocket', () => {
  it('each socket gets its own notifications, after the reply with the id; none after unsubscribing', async () => {
    const a = await open();
    const b = await open();
    const heads = (await a.request('eth_subscribe', ['newHeads'])).result;
    const logs = (await b.request('eth_subscribe', ['logs', { address: token }])).result;
    const sent = await sendTransfer();
    await until(() => notes(a.messages).length === 1 && notes(b.messages).length === 1);
    const block = (
      await http({ jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['latest', false] })
    ).result;
    const [head] = notes(a.messages);
    expect(head).toEqual({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: heads, result: expect.anything() },
    });
    expect(head.params.result.hash).toBe(block.hash);
    const [log] = notes(b.messages);
    expect(log.params.subscription).toBe(logs);
    expect(log.params.result.transactionHash).toBe(sent.result);
    expect((await a.request('eth_unsubscribe', [heads])).result).toBe(true);
    await sendTransfer();
    await until(() => notes(b.messages).length === 2);
    expect(notes(a.messages)).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it('a batch that subscribes and mines gets its reply before the notification', async () => {
    const c = await open();
    c.socket.send(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPendingTransactions'] },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'eth_sendTransaction',
          params: [{ from: alice, to: bob, value: '0x1' }],
        },
      ]),
    );
    await until(() => c.messages.length === 2);
    const [reply, note] = c.messages;
    expect(Array.isArray(reply)).toBe(true);
    expect(note).toEqual({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: reply[0].result, result: reply[1].result },
    });
    await c.close();
  });
});

describe('attacks on subscriptions', () => {
  it('thousands of subscriptions from one socket: past 1000 each is refused, and the socket still works', async () => {
    const d = await open();
    const replies = await Promise.all(
      Array.from({ length: 1500 }, () => d.request('eth_subscribe', ['newHeads'])),
    );
    expect(replies.filter((r) => typeof r.result === 'string')).toHaveLength(1000);
    const refused = replies.filter((r) => r.error);
    expect(refused).toHaveLength(500);
    expect(refused[0].error).toEqual({
      code: -32000,
      message: 'too many subscriptions on this connection (1000): eth_unsubscribe some first',
    });
    expect((await d.request('eth_chainId', [])).result).toMatch(/^0x/);
    await d.close();
  });

  it('subscribing then disconnecting leaves nothing behind', async () => {
    const before = listening;
    for (let i = 0; i < 30; i++) {
      const e = await open();
      await e.request('eth_subscribe', ['newHeads']);
      await e.request('eth_subscribe', ['logs', {}]);
      await e.close();
    }
    await until(() => listening === before);
    await sendTransfer();
    expect(listening).toBe(before);
  });

  it.each([
    [['newHeads', { x: 1 }], -32602, 'too many arguments, want at most 1'],
    [
      ['logs', { topics: 'x' }],
      -32602,
      'invalid argument 1: json: cannot unmarshal string into Go struct field input.topics of type []interface {}',
    ],
    [['logs', { fromBlock: 'pending' }], -32602, 'pending logs are not supported'],
    [['newBlocks'], -32601, 'no "newBlocks" subscription in eth namespace'],
    [[{}], -32602, 'expected subscription name as first argument'],
    ['newHeads', -32602, 'non-array args'],
  ])('eth_subscribe %j → %i %s', async (params, code, message) => {
    const f = await open();
    expect((await f.request('eth_subscribe', params)).error).toEqual({ code, message });
    expect((await f.request('eth_unsubscribe', ['0x1'])).error).toEqual({
      code: -32000,
      message: 'subscription not found',
    });
    await f.close();
  });

  it('over HTTP, eth_subscribe is geth\'s "notifications not supported"', async () => {
    expect(await http({ jsonrpc: '2.0', id: 7, method: 'eth_subscribe', params: ['newHeads'] })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'notifications not supported' },
    });
  });

  it('a socket that stops reading its notifications is cut off once they pass the response limit', async () => {
    const lines: string[] = [];
    const small = await startRpcServer(node, '127.0.0.1', 0, {
      maxResponseBytes: 100_000,
      log: (l) => lines.push(l),
    });
    const socket = new WebSocket(small.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    let closed = false;
    socket.once('close', () => (closed = true));
    const subscribed = new Promise((resolve) => socket.once('message', resolve));
    socket.send(
      JSON.stringify(
        Array.from({ length: 1000 }, (_, i) => ({
          jsonrpc: '2.0',
          id: i,
          method: 'eth_subscribe',
          params: ['newHeads'],
        })),
      ),
    );
    await subscribed;
    // The client reads nothing more: its socket's buffers fill, then the server's.
    (socket as unknown as { pause(): void }).pause();
    for (let i = 0; i < 40 && !lines.length; i++) await sendTransfer();
    expect(lines).toEqual(['WebSocket connection closed: more than 100000 bytes of notifications unread']);
    (socket as unknown as { resume(): void }).resume();
    await until(() => closed);
    await small.close();
  }, 60_000);

  it('a page from another origin still cannot open the socket', async () => {
    await expect(open({ Origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });
});
