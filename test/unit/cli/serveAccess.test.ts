import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccessPolicy } from '../../../src/cli/serve/createAccessPolicy.ts';
import { isLoopbackHostname } from '../../../src/cli/serve/isLoopbackHostname.ts';
import { startRpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import type { RpcServer } from '../../../src/cli/serve/startRpcServer.ts';
import { main } from '../../../src/cli/main.ts';
import { createCaptureIo } from './cliIo.ts';

/** A node that answers every request (and each item of a batch) with 0x3. */
const node = {
  request: async (body: unknown) => {
    const one = (m: any) => ({ jsonrpc: '2.0' as const, id: m?.id ?? null, result: '0x3' });
    return Array.isArray(body) ? body.map(one) : one(body);
  },
};
let open: RpcServer;
let allowing: RpcServer;
let everyOrigin: RpcServer;

beforeAll(async () => {
  [open, allowing, everyOrigin] = await Promise.all([
    startRpcServer(node, '127.0.0.1', 0),
    startRpcServer(node, '127.0.0.1', 0, {
      allowOrigins: ['https://app.example.com'],
      allowHosts: ['node.lan'],
    }),
    startRpcServer(node, '127.0.0.1', 0, { allowOrigins: ['*'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([open, allowing, everyOrigin].map((s) => s?.close()));
});

const body = '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}';

/** A request through node:http, which (unlike fetch) sends the Host header it is given. */
function raw(url: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = request(
        url,
        { method, headers: { 'Content-Type': 'application/json', ...headers } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(method === 'POST' ? body : undefined);
    },
  );
}

type Server = 'open' | 'allowing' | 'everyOrigin';
const servers = (): Record<Server, RpcServer> => ({ open, allowing, everyOrigin });
const port = (s: RpcServer) => new URL(s.url).port;

// server, Host (undefined: the real one), Origin → status, echoed Access-Control-Allow-Origin, 403 text.
const cases: Array<
  [string, Server, string | undefined, string | undefined, number, string | undefined, RegExp?]
> = [
  ['no Origin (curl, the CLI)', 'open', undefined, undefined, 200, undefined],
  ['the playground on 127.0.0.1', 'open', undefined, 'http://127.0.0.1:5173', 200, 'http://127.0.0.1:5173'],
  ['a page on localhost', 'open', undefined, 'http://localhost:3000', 200, 'http://localhost:3000'],
  ['a page on [::1]', 'open', undefined, 'http://[::1]:8080', 200, 'http://[::1]:8080'],
  ['an https page on localhost, no port', 'open', undefined, 'https://localhost', 200, 'https://localhost'],
  [
    'another web site',
    'open',
    undefined,
    'http://evil.test',
    403,
    undefined,
    /^requests from the page "http:\/\/evil\.test" are refused; add --allow-origin http:\/\/evil\.test to allow it$/,
  ],
  ['a look-alike name', 'open', undefined, 'http://localhost.evil.test', 403, undefined, /refused/],
  ['the opaque origin of a sandboxed page', 'open', undefined, 'null', 403, undefined, /"null" are refused/],
  ['a non-http scheme', 'open', undefined, 'file://', 403, undefined, /refused/],
  ['an allowed origin', 'allowing', undefined, 'https://app.example.com', 200, 'https://app.example.com'],
  ['the same host on http', 'allowing', undefined, 'http://app.example.com', 403, undefined, /refused/],
  ['any origin with --allow-origin *', 'everyOrigin', undefined, 'http://evil.test', 200, 'http://evil.test'],
  [
    'a rebound DNS name in Host',
    'open',
    'evil.test:PORT',
    undefined,
    403,
    undefined,
    /^the Host header "evil\.test:\d+" is not a loopback name \(DNS rebinding guard\); add --allow-host evil\.test to answer it$/,
  ],
  [
    'the rebound name from its own page',
    'open',
    'evil.test:PORT',
    'http://evil.test:PORT',
    403,
    undefined,
    /Host/,
  ],
  ['Host localhost', 'open', 'localhost:PORT', undefined, 200, undefined],
  ['Host 127.1.2.3', 'open', '127.1.2.3:PORT', undefined, 200, undefined],
  ['Host [::1]', 'open', '[::1]:PORT', undefined, 200, undefined],
  ['Host without a port', 'open', '127.0.0.1', undefined, 200, undefined],
  ['Host 127.0.0.1.evil.test', 'open', '127.0.0.1.evil.test', undefined, 403, undefined, /Host/],
  ['Host with user info', 'open', 'evil.test@127.0.0.1', undefined, 403, undefined, /Host/],
  ['an allowed Host', 'allowing', 'node.lan:PORT', undefined, 200, undefined],
  ['an allowed Host in capitals', 'allowing', 'NODE.LAN', undefined, 200, undefined],
  ['--allow-origin * does not open Host', 'everyOrigin', 'evil.test', undefined, 403, undefined, /Host/],
];

describe('who may call serve over HTTP', () => {
  it.each(cases)('%s', async (_name, which, host, origin, status, allowOrigin, message) => {
    const s = servers()[which];
    const headers: Record<string, string> = {};
    if (host !== undefined) headers.Host = host.replace('PORT', port(s));
    if (origin !== undefined) headers.Origin = origin.replace('PORT', port(s));
    for (const method of ['POST', 'OPTIONS', 'GET']) {
      const res = await raw(s.url, method, headers);
      expect(res.status).toBe(status === 200 && method === 'OPTIONS' ? 204 : status);
      expect(res.headers['access-control-allow-origin']).toBe(allowOrigin);
      if (message) {
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(res.text).toMatch(/^[^\n]*\n$/);
        expect(res.text.trim()).toMatch(message);
      } else if (method === 'POST') {
        expect(JSON.parse(res.text)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x3' });
      }
    }
  });
});

/** Opens a WebSocket with the given headers: 'open' and an answer, or the refusal's status. */
function tryWebSocket(s: RpcServer, headers: Record<string, string>) {
  return new Promise<{ opened: boolean; status?: number; answer?: unknown }>((resolve) => {
    const ws = new WebSocket(s.wsUrl, { headers });
    ws.on('open', () => {
      ws.send(body);
      ws.once('message', (d) => {
        ws.close();
        resolve({ opened: true, answer: JSON.parse(d.toString()) });
      });
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ opened: false, status: res.statusCode });
      res.resume();
      ws.terminate();
    });
    ws.on('error', () => {});
  });
}

describe('who may open a WebSocket', () => {
  it.each(cases)('%s', async (_name, which, host, origin, status) => {
    const s = servers()[which];
    const headers: Record<string, string> = {};
    if (host !== undefined) headers.Host = host.replace('PORT', port(s));
    if (origin !== undefined) headers.Origin = origin.replace('PORT', port(s));
    const r = await tryWebSocket(s, headers);
    if (status === 200) expect(r).toEqual({ opened: true, answer: { jsonrpc: '2.0', id: 1, result: '0x3' } });
    else expect(r).toEqual({ opened: false, status: 403 });
  });
});

describe('isLoopbackHostname', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['[::1]', true],
    ['[::ffff:7f00:1]', true],
    ['127.0.0.256', false],
    ['128.0.0.1', false],
    ['0.0.0.0', false],
    ['192.168.1.5', false],
    ['[::]', false],
    ['[fe80::1]', false],
    ['localhost.evil.test', false],
    ['evil.localhost.test', false],
    ['127.0.0.1.nip.io', false],
    ['', false],
  ])('%s → %s', (hostname, loopback) => {
    expect(isLoopbackHostname(hostname)).toBe(loopback);
  });
});

describe('createAccessPolicy (bound host and option values)', () => {
  it.each([
    ['bound to a LAN address: that address is a good Host', '192.168.1.5', '192.168.1.5:8545', true],
    ['bound to a LAN address: other names are not', '192.168.1.5', 'evil.test:8545', false],
    ['bound to a name: that name is a good Host', 'node.lan', 'node.lan:8545', true],
    ['bound to an IPv6 address', 'fd00::5', '[fd00::5]:8545', true],
    ['bound to 127.0.0.1: only loopback names', '127.0.0.1', '192.168.1.5', false],
  ])('%s', (_name, boundHost, host, ok) => {
    expect(createAccessPolicy({ boundHost })({ host }).ok).toBe(ok);
  });

  it.each([
    [{ allowOrigins: ['not an origin'] }, /--allow-origin wants an origin such as/],
    [{ allowOrigins: ['ftp://x.test'] }, /--allow-origin wants an origin/],
    [{ allowHosts: ['a/b'] }, /--allow-host wants a host name such as/],
  ])('refuses %j', (options, message) => {
    expect(() => createAccessPolicy(options)).toThrow(message);
  });

  it.each([
    [['serve', '--allow-origin', 'nope'], /^tracer serve: --allow-origin wants an origin/],
    [['serve', '--allow-host'], /^tracer serve: option --allow-host needs a value/],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const io = createCaptureIo();
    expect(await main(argv, io)).toBe(2);
    expect(io.err()).toMatch(message);
  });
});
