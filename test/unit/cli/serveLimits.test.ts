import { connect } from 'node:net';
import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { signDemoTx } from '../../../src/evm/node/signDemoTx.ts';

let node: EmbeddedNode;
let server: RpcServer;
let small: RpcServer;
let faulty: RpcServer;
const logged: string[] = [];

/** A node whose handlers fail in unexpected ways: `boom` throws, `bigint` answers what JSON cannot hold. */
const faultyNode = {
  request: async (body: unknown): Promise<any> => {
    const one = (m: any) => {
      if (m?.method === 'boom') throw new TypeError('boom');
      if (m?.method === 'bigint') return { jsonrpc: '2.0', id: m.id, result: 1n };
      return { jsonrpc: '2.0', id: m?.id ?? null, result: '0x3' };
    };
    return Array.isArray(body) ? body.map(one) : one(body);
  },
};

beforeAll(async () => {
  node = await createEmbeddedNode();
  [server, small, faulty] = await Promise.all([
    startRpcServer(node, '127.0.0.1', 0, { log: (l) => logged.push(l) }),
    startRpcServer(node, '127.0.0.1', 0, { maxResponseBytes: 100, maxBatchItems: 5, maxBodyBytes: 1000 }),
    startRpcServer(faultyNode, '127.0.0.1', 0, { log: (l) => logged.push(l) }),
  ]);
});
afterAll(async () => {
  await Promise.all([server, small, faulty].map((s) => s?.close()));
});

const post = async (s: RpcServer, body: string) => {
  const res = await fetch(s.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  return { status: res.status, text: await res.text() };
};

/** Sends one WebSocket message and returns the parsed answer. */
async function overWs(s: RpcServer, body: string): Promise<unknown> {
  const ws = new WebSocket(s.wsUrl);
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  ws.send(body);
  const answer = await new Promise<string>((resolve) => ws.once('message', (d) => resolve(d.toString())));
  ws.close();
  return JSON.parse(answer);
}

const req = (id: number | string, method = 'eth_chainId') => ({ jsonrpc: '2.0', id, method, params: [] });
const chainId = (id: number | string) => ({ jsonrpc: '2.0', id, result: '0x539' });
const tooLarge = (id: number | string | null) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32003, message: 'response too large' },
});

describe('batch size (geth: more than 1000 items is one error)', () => {
  it.each([
    ['1000 items are answered', 1000, 1000],
    ['1001 items get one batch too large error', 1001, 1],
    ['10,000 struct-log traces are refused at once', 10_000, 1],
  ])('%s', async (_name, count, answers) => {
    const method = count === 10_000 ? 'debug_traceTransaction' : 'eth_chainId';
    const batch = Array.from({ length: count }, (_, i) => ({ ...req(i + 7, method), params: [] }));
    for (const send of [
      async (b: string) => JSON.parse((await post(server, b)).text),
      (b: string) => overWs(server, b),
    ]) {
      const out = (await send(JSON.stringify(batch))) as unknown[];
      expect(out).toHaveLength(answers);
      if (answers === 1)
        expect(out[0]).toEqual({
          jsonrpc: '2.0',
          id: 7,
          error: { code: -32600, message: 'batch too large' },
        });
      else expect(out[999]).toEqual(chainId(1006));
    }
  });

  it('the limit is an option (maxBatchItems)', async () => {
    const six = Array.from({ length: 6 }, (_, i) => req(i));
    expect(JSON.parse((await post(small, JSON.stringify(six))).text)).toEqual([
      { jsonrpc: '2.0', id: 0, error: { code: -32600, message: 'batch too large' } },
    ]);
    expect(JSON.parse((await post(small, JSON.stringify(six.slice(1)))).text)).toHaveLength(5);
  });
});

describe('response size (geth: items after the limit get response too large)', () => {
  // Each eth_chainId answer is 41 bytes; the limit is 100: the 3rd passes it, so the 4th and 5th are refused.
  it.each([
    ['three fit, two are refused', [req(1), req(2), req(3), req(4), req(5)], [1, 2, 3], [4, 5]],
    [
      'notifications get nothing',
      [req(1), req(2), req(3), { ...req(0), id: undefined }, req(5)],
      [1, 2, 3],
      [5],
    ],
    ['a string id is kept', [req('a'), req('b'), req('c'), req('d')], ['a', 'b', 'c'], ['d']],
    ['under the limit: all answered', [req(1), req(2)], [1, 2], []],
  ])('%s', async (_name, batch, answered, refused) => {
    const out = JSON.parse((await post(small, JSON.stringify(batch))).text);
    expect(out).toEqual([...answered.map(chainId), ...refused.map(tooLarge)]);
  });

  it('refused items are not run (a transaction after the limit is not mined)', async () => {
    const tx = signDemoTx(node.chain.common, demoAccounts.carol, 2n, {
      to: demoAccounts.bob.address,
      value: 1n,
      gasLimit: 21_000n,
    });
    const send = {
      jsonrpc: '2.0',
      id: 9,
      method: 'eth_sendRawTransaction',
      params: [bytesToHex(tx.serialize())],
    };
    const before = node.chain.head().number;
    const out = JSON.parse((await post(small, JSON.stringify([req(1), req(2), req(3), send]))).text);
    expect(out[3]).toEqual(tooLarge(9));
    expect(node.chain.head().number).toBe(before);
    expect(node.chain.txByHash(bytesToHex(tx.hash()))).toBeUndefined();
  });
});

describe('body size', () => {
  it('answers 413 over HTTP', async () => {
    const res = await post(small, JSON.stringify([{ ...req(1), params: ['x'.repeat(2000)] }]));
    expect(res.status).toBe(413);
    expect(res.text).toMatch(/^content length too large \(\d+>1000\)\n$/);
  });
});

/** Opens a raw WebSocket (handshake by hand) so that any bytes can be sent as frames. */
async function rawWs(s: RpcServer) {
  const url = new URL(s.wsUrl);
  const socket = connect(Number(url.port), url.hostname);
  const received: Buffer[] = [];
  let handshake = '';
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', (d) => {
      if (!handshake.includes('\r\n\r\n')) {
        handshake += d.toString('latin1');
        const end = handshake.indexOf('\r\n\r\n');
        if (end !== -1) {
          const rest = Buffer.from(handshake.slice(end + 4), 'latin1');
          if (rest.length) received.push(rest);
          resolve();
        }
      } else received.push(d);
    });
    socket.write(
      `GET / HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
  });
  expect(handshake).toMatch(/^HTTP\/1\.1 101 /);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => Buffer.concat(received), ended };
}

/** A client frame: FIN, RSV bits, opcode, masked unless told otherwise, with a length that may lie. */
function frame(opcode: number, payload: Buffer, o: { mask?: boolean; rsv?: number; length?: number } = {}) {
  const mask = o.mask ?? true;
  const length = o.length ?? payload.length;
  const first = 0x80 | ((o.rsv ?? 0) << 4) | opcode;
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, (mask ? 0x80 : 0) | length]);
  else if (length < 65536) {
    header = Buffer.from([first, (mask ? 0x80 : 0) | 126, 0, 0]);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (mask ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const key = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = mask ? Buffer.from(payload.map((b, i) => b ^ key[i % 4])) : payload;
  return Buffer.concat([header, mask ? key : Buffer.alloc(0), body]);
}

/** The status code of the first close frame the server sent (server frames are not masked). */
function closeCode(bytes: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at] & 0x0f;
    let length = bytes[at + 1] & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(start) : 1005;
    at = start + length;
  }
  return undefined;
}

describe('broken WebSocket frames close that connection with a close code; the server keeps serving', () => {
  const ok = Buffer.from(JSON.stringify(req(1)));
  it.each([
    [
      'a message over the size limit (declared length)',
      1009,
      frame(0x1, Buffer.alloc(0), { length: 6_000_000 }),
    ],
    ['a message over the size limit (sent)', 1009, frame(0x1, Buffer.alloc(5 * 1024 * 1024 + 10, 0x20))],
    ['invalid UTF-8 in a text message', 1007, frame(0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))],
    ['a lone surrogate encoded in UTF-8', 1007, frame(0x1, Buffer.from([0xed, 0xa0, 0x80]))],
    ['a reserved opcode', 1002, frame(0x3, ok)],
    ['an unmasked client frame', 1002, frame(0x1, ok, { mask: false })],
    ['RSV1 without an extension', 1002, frame(0x1, ok, { rsv: 4 })],
    ['a continuation frame with nothing to continue', 1002, frame(0x0, ok)],
    ['a control frame over 125 bytes', 1002, frame(0x9, Buffer.alloc(200))],
  ])('%s → %i', async (_name, code, bytes) => {
    const before = logged.length;
    const ws = await rawWs(server);
    ws.socket.write(bytes);
    for (let i = 0; i < 100 && closeCode(ws.received()) === undefined; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(closeCode(ws.received())).toBe(code);
    ws.socket.destroy();
    await ws.ended;
    expect(logged.slice(before).join('\n')).toMatch(/^WebSocket connection closed: /);
    // Other connections, new and over HTTP, are answered.
    expect(await overWs(server, JSON.stringify(req(2)))).toEqual(chainId(2));
    expect(JSON.parse((await post(server, JSON.stringify(req(3)))).text)).toEqual(chainId(3));
  });

  it('a valid frame on a raw connection is answered (the helper itself works)', async () => {
    const ws = await rawWs(server);
    ws.socket.write(frame(0x1, ok));
    for (let i = 0; i < 100 && !ws.received().toString().includes('0x539'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(ws.received().subarray(2).toString()).toBe(JSON.stringify(chainId(1)));
    ws.socket.destroy();
  });
});

describe('an unexpected exception answers that request with an error', () => {
  const internal = (id: number, message: string) => ({
    jsonrpc: '2.0',
    id,
    error: { code: -32603, message: `internal error: ${message}` },
  });
  it.each([
    ['a handler that throws', req(1, 'boom'), internal(1, 'boom')],
    ['a result JSON cannot hold', req(2, 'bigint'), internal(2, 'Do not know how to serialize a BigInt')],
    [
      'one bad item in a batch',
      [req(3, 'boom'), req(4, 'eth_blockNumber')],
      [internal(3, 'boom'), { jsonrpc: '2.0', id: 4, result: '0x3' }],
    ],
  ])('%s (HTTP and WebSocket)', async (_name, body, expected) => {
    const before = logged.length;
    const http = await post(faulty, JSON.stringify(body));
    expect(http.status).toBe(200);
    expect(JSON.parse(http.text)).toEqual(expected);
    expect(await overWs(faulty, JSON.stringify(body))).toEqual(expected);
    expect(logged.length).toBeGreaterThan(before);
    expect(JSON.parse((await post(faulty, JSON.stringify(req(5, 'eth_blockNumber')))).text)).toEqual({
      jsonrpc: '2.0',
      id: 5,
      result: '0x3',
    });
  });
});
