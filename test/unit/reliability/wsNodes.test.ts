import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RpcServer, startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import {
  type WebSocketConstructorLike,
  createWsTransport,
} from '../../../src/io/transport/createWsTransport.ts';
import { type RunningNode, startGanache } from '../../helpers/nodes.ts';
import { type TcpRelay, startTcpRelay } from '../../helpers/tcpRelay.ts';

const Impl = WebSocket as unknown as WebSocketConstructorLike;
const body = (method: string, id: number) => buildRequest(method, [], 'ethereum', id);
const closedMessage =
  /^The WebSocket connection to 127\.0\.0\.1:\d+ closed \(code 1006\) before the node answered; the next request reconnects$/;

let ganache: RunningNode;
let embedded: RpcServer;
const relays: TcpRelay[] = [];

beforeAll(async () => {
  [ganache, embedded] = await Promise.all([
    startGanache(),
    createEmbeddedNode().then((node) => startRpcServer(node, '127.0.0.1', 0)),
  ]);
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.stop()));
  await Promise.all([ganache?.stop(), embedded?.close()]);
});

// node → its WebSocket port and what eth_chainId / web3_clientVersion answer.
const nodes: Array<[string, () => number, RegExp]> = [
  ['ganache 7.9.2', () => ganache.port, /^Ganache\/v7\.9\.2\//],
  ['the embedded node behind `serve`', () => Number(new URL(embedded.url).port), /^TracerPlayground\//],
];

describe.each(nodes)('WebSocket JSON-RPC against %s', (_name, port, clientVersion) => {
  it('matches several requests in flight to their answers by id, whatever the order', async () => {
    const t = createWsTransport({ url: `ws://127.0.0.1:${port()}`, WebSocketImpl: Impl });
    const sent: Array<[string, number]> = [
      ['web3_clientVersion', 11],
      ['eth_chainId', 12],
      ['net_version', 13],
      ['eth_blockNumber', 14],
    ];
    const outcomes = await Promise.all(sent.map(([m, id]) => t.send(body(m, id))));
    const results = outcomes.map((o, i) => classifyResponse(o, { expectedId: sent[i][1] }));
    expect(results.map((r) => r.kind)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const values = results.map((r) => (r.kind === 'ok' ? r.result : undefined));
    expect(values[0]).toMatch(clientVersion);
    expect(values[1]).toBe('0x539');
    expect(values[2]).toMatch(/^\d+$/);
    expect(values[3]).toMatch(/^0x[0-9a-f]+$/);
    t.close?.();
  });

  it('a dropped connection rejects every pending request with a clear message; the next send reconnects', async () => {
    const relay = await startTcpRelay(port());
    relays.push(relay);
    const t = createWsTransport({ url: `ws://127.0.0.1:${relay.port}`, WebSocketImpl: Impl });
    expect(classifyResponse(await t.send(body('eth_chainId', 1)))).toMatchObject({ kind: 'ok' });
    relay.hold();
    const pending = [2, 3, 4].map((id) => t.send(body('eth_chainId', id)));
    await new Promise((r) => setTimeout(r, 100));
    relay.dropAll();
    const dropped = await Promise.all(pending);
    for (const o of dropped) {
      expect(o).toMatchObject({ kind: 'no-response', reason: 'closed' });
      expect(classifyResponse(o).message).toMatch(closedMessage);
    }
    relay.release();
    const again = await t.send(body('eth_chainId', 5));
    expect(classifyResponse(again, { expectedId: 5 })).toMatchObject({ kind: 'ok', result: '0x539' });
    expect(relay.connections()).toBe(2);
    t.close?.();
  });

  async function lateAnswer() {
    const relay = await startTcpRelay(port());
    relays.push(relay);
    const t = createWsTransport({ url: `ws://127.0.0.1:${relay.port}`, WebSocketImpl: Impl, timeoutMs: 300 });
    expect(classifyResponse(await t.send(body('eth_chainId', 1)))).toMatchObject({ kind: 'ok' });
    relay.hold();
    const late = classifyResponse(await t.send(body('eth_chainId', 2)));
    relay.release();
    return { t, late };
  }

  it('a request that waits past the time limit is abandoned with its own message', async () => {
    const { t, late } = await lateAnswer();
    expect(late).toMatchObject({ kind: 'unreachable', reason: 'timeout' });
    expect(late.message).toMatch(
      /^No complete answer from 127\.0\.0\.1:\d+ within 0\.3 s over WebSocket; the request was abandoned$/,
    );
    t.close?.();
  });

  // Regression: the late answer to an abandoned id used to be handed to the only waiting request (an id mismatch).
  it('the late answer to an abandoned request is not taken for the next one', async () => {
    const { t } = await lateAnswer();
    const next = classifyResponse(await t.send(body('web3_clientVersion', 3)), { expectedId: 3 });
    t.close?.();
    expect(next).toMatchObject({ kind: 'ok' });
    expect(next.kind === 'ok' && next.result).toMatch(clientVersion);
  });
});
