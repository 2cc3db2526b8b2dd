import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { main } from '../../../src/cli/main.ts';
import type { CliIo } from '../../../src/cli/cliTypes.ts';
import { freePort } from '../../helpers/freePort.ts';
import { demoNode } from './nodeHelpers.ts';

let server: RpcServer;

beforeAll(async () => {
  server = await startRpcServer(await demoNode(), '127.0.0.1', 0);
});
afterAll(async () => {
  await server.close();
});

// The playground's own page (a loopback origin).
const page = 'http://127.0.0.1:5173';
const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  fetch(server.url, { method: 'POST', headers: { Origin: page, ...headers }, body });

describe('serve over HTTP', () => {
  it('answers JSON-RPC with CORS for a loopback page (the origin echoed)', async () => {
    const res = await post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(page);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x539' });
  });

  it('answers a CORS preflight with 204 and the requested headers', async () => {
    const res = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        Origin: page,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(page);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,authorization');
  });

  it.each([
    [
      'a parse error',
      '{"jsonrpc":',
      200,
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } },
    ],
    [
      'a batch',
      '[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}]',
      200,
      [{ jsonrpc: '2.0', id: 1, result: '0x3' }],
    ],
    [
      'an unknown method',
      '{"jsonrpc":"2.0","id":2,"method":"x_y"}',
      200,
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32601, message: 'the method x_y does not exist/is not available' },
      },
    ],
  ])('%s', async (_name, body, status, expected) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(expected);
  });

  it('refuses other content types with 415, like geth', async () => {
    const res = await post('{}', { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe('invalid content type, only application/json is supported\n');
  });

  it('answers an empty GET (health check) with 200', async () => {
    expect((await fetch(server.url)).status).toBe(200);
  });
});

describe('serve over WebSocket', () => {
  it('answers requests on the same port', async () => {
    const ws = new WebSocket(server.wsUrl);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const replies: unknown[] = [];
    const got = new Promise<void>((resolve) =>
      ws.on('message', (d) => {
        replies.push(JSON.parse(d.toString()));
        if (replies.length === 2) resolve();
      }),
    );
    ws.send('{"jsonrpc":"2.0","id":7,"method":"eth_blockNumber"}');
    ws.send('not json');
    await got;
    ws.close();
    expect(replies).toContainEqual({ jsonrpc: '2.0', id: 7, result: '0x3' });
    expect(replies).toContainEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error' },
    });
  });
});

describe('tracer serve (CLI)', () => {
  it('prints the URLs, serves, and stops on SIGTERM', async () => {
    const port = await freePort();
    let out = '';
    const io: CliIo = { stdout: (t) => (out += t), stderr: (t) => (out += t), readInput: async () => '' };
    const running = main(['serve', '--port', String(port)], io);
    for (let i = 0; i < 200 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain(`http://127.0.0.1:${port} (HTTP) and ws://127.0.0.1:${port} (WebSocket)`);
    const res = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"net_version"}',
    });
    expect((await res.json()).result).toBe('1337');
    process.emit('SIGTERM');
    expect(await running).toBe(0);
    expect(out).toContain('embedded node stopped');
    await expect(fetch(`http://127.0.0.1:${port}`)).rejects.toThrow();
  });

  it.each([
    [['serve', '--port', 'abc'], 'tracer serve: --port must be 0–65535, not "abc"\n'],
    [['serve', 'extra'], 'tracer serve: unexpected argument extra\n'],
  ])('%j → usage error', async (argv, message) => {
    let err = '';
    const io: CliIo = { stdout: () => {}, stderr: (t) => (err += t), readInput: async () => '' };
    expect(await main(argv, io)).toBe(2);
    expect(err).toBe(message);
  });
});
