import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { callRpc } from '../../../src/io/transport/callRpc.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { checkForwardRequest, isLoopbackAddress } from '../../../src/devserver/checkForwardRequest.ts';
import { createForwardMiddleware } from '../../../src/devserver/createForwardMiddleware.ts';
import { asIfInBrowser, createBrowserCorsFetch } from '../../helpers/browserCorsFetch.ts';
import { freePort } from '../../helpers/freePort.ts';
import { type RunningNginx, startNginx } from '../../helpers/nginx.ts';
import { type RunningNode, startGanache } from '../../helpers/nodes.ts';

const body = JSON.stringify(buildRequest('eth_chainId', [], 'ethereum', 3));
const auth = { user: 'bob', password: 'hunter2' };

/** A plain node:http server running only the middleware, like vite's connect stack does at /__forward. */
async function startRoute(enabled = true): Promise<{ server: Server; url: string; host: string }> {
  const mw = createForwardMiddleware({ enabled });
  const server = createServer((req, res) =>
    mw(req, res, (err) => {
      res.writeHead(500);
      res.end(String(err));
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: `http://${host}/__forward`, host };
}

let ganache: RunningNode;
let noCors: RunningNginx;
let guarded: RunningNginx;
let route: Awaited<ReturnType<typeof startRoute>>;
let off: Awaited<ReturnType<typeof startRoute>>;

beforeAll(async () => {
  ganache = await startGanache();
  [noCors, guarded, route, off] = await Promise.all([
    startNginx({ upstreamPort: ganache.port, cors: false }),
    startNginx({ upstreamPort: ganache.port, cors: false, auth }),
    startRoute(),
    startRoute(false),
  ]);
});
afterAll(async () => {
  await Promise.all([noCors?.stop(), guarded?.stop()]);
  await Promise.all([route, off].map((r) => r && new Promise((done) => r.server.close(done))));
  await ganache?.stop();
});

const post = (url: string, headers: Record<string, string>, method = 'POST') =>
  fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: method === 'POST' ? body : undefined,
  });

/** A request through node:http, which (unlike fetch) sends the Host header it is given. */
function rawRequest(url: string, headers: Record<string, string>, method: string) {
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

describe('the /__forward route with real servers', () => {
  it('forwards to nginx without CORS and returns the ganache answer', async () => {
    const res = await post(route.url, { 'X-Forward-To': noCors.url });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 3, result: '0x539' });
  });

  it('lets a page (same origin as the dev server) reach a node without CORS through the transport', async () => {
    const page = `http://${route.host}`;
    const browserFetch = createBrowserCorsFetch(page);
    // What the page does when its user ticks "forward": same URL, the node's address in X-Forward-To.
    const viaRoute: typeof fetch = (_url, init = {}) =>
      browserFetch(route.url, {
        ...init,
        headers: { ...(init.headers as object), 'X-Forward-To': noCors.url },
      });
    const direct = await asIfInBrowser(() =>
      callRpc(createHttpTransport({ url: noCors.url, fetch: browserFetch }), buildRequest('eth_chainId', [])),
    );
    expect(direct.result.message).toMatch(/does not allow this page's origin \(CORS\)/);
    const forwarded = await asIfInBrowser(() =>
      callRpc(createHttpTransport({ url: noCors.url, fetch: viaRoute }), buildRequest('eth_chainId', [])),
    );
    expect(forwarded.result).toMatchObject({ kind: 'ok', result: '0x539' });
  });

  it('passes Authorization through, and hides the login challenge from the browser', async () => {
    const header = 'Basic ' + Buffer.from(`${auth.user}:${auth.password}`).toString('base64');
    const good = await post(route.url, { 'X-Forward-To': guarded.url, Authorization: header });
    expect(await good.json()).toMatchObject({ result: '0x539' });
    const bad = await post(route.url, { 'X-Forward-To': guarded.url });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBeNull();
    expect(bad.headers.get('x-forward-www-authenticate')).toBe('Basic realm="node"');
  });

  // request → status and the exact message the page shows.
  const refusals: Array<[string, () => Record<string, string>, string, number, RegExp]> = [
    [
      'no X-Forward-To',
      () => ({}),
      'POST',
      400,
      /^Forwarding route: the X-Forward-To header with the node URL is missing$/,
    ],
    [
      'a ws:// target',
      () => ({ 'X-Forward-To': 'ws://127.0.0.1:8546' }),
      'POST',
      400,
      /^Forwarding route: only http:\/\/ and https:\/\/ node URLs are forwarded, not ws:\/\/$/,
    ],
    [
      'a file: target',
      () => ({ 'X-Forward-To': 'file:///etc/passwd' }),
      'POST',
      400,
      /^Forwarding route: only http:\/\/ and https:\/\/ node URLs are forwarded, not file:\/\/$/,
    ],
    [
      'a relative target',
      () => ({ 'X-Forward-To': '/rpc' }),
      'POST',
      400,
      /^Forwarding route: X-Forward-To is not an absolute URL: "\/rpc"$/,
    ],
    [
      'credentials in the target URL',
      () => ({ 'X-Forward-To': 'http://u:p@127.0.0.1:1/' }),
      'POST',
      400,
      /^Forwarding route: put the credentials in the Authorization header, not in the URL$/,
    ],
    [
      'itself (a loop)',
      () => ({ 'X-Forward-To': route.url }),
      'POST',
      508,
      /^Forwarding route: 127\.0\.0\.1:\d+ is this dev server: it would forward to itself$/,
    ],
    [
      'itself via localhost',
      () => ({ 'X-Forward-To': `http://localhost:${route.host.split(':')[1]}/x` }),
      'POST',
      508,
      /it would forward to itself$/,
    ],
    [
      'an already forwarded request',
      () => ({ 'X-Forward-To': noCors.url, 'X-Tracer-Forwarded': '1' }),
      'POST',
      508,
      /^Forwarding route: the request was already forwarded once \(a forwarding loop\)$/,
    ],
    [
      'a GET',
      () => ({ 'X-Forward-To': noCors.url }),
      'GET',
      405,
      /^Forwarding route: only POST is forwarded, not GET$/,
    ],
    [
      'a CORS preflight',
      () => ({ Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' }),
      'OPTIONS',
      405,
      /^Forwarding route: only POST is forwarded, not OPTIONS$/,
    ],
    [
      'another web site (Origin)',
      () => ({ 'X-Forward-To': noCors.url, Origin: 'http://evil.test' }),
      'POST',
      403,
      /^Forwarding route: requests from another page \(http:\/\/evil\.test\) are not forwarded$/,
    ],
    [
      'DNS rebinding (Host is a web name)',
      () => ({ 'X-Forward-To': noCors.url, Host: 'evil.test' }),
      'POST',
      403,
      /^Forwarding route: the Host header "evil\.test" is not this machine$/,
    ],
  ];
  it.each(refusals)('refuses %s', async (_name, headers, method, status, message) => {
    const res = await rawRequest(route.url, headers(), method);
    expect(res.status).toBe(status);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-forward-error']).toBe('refused');
    expect(res.text.trim()).toMatch(message);
  });

  it('reports a target where nothing listens as 502 with a plain message', async () => {
    const port = await freePort();
    const res = await post(route.url, { 'X-Forward-To': `http://127.0.0.1:${port}/` });
    expect(res.status).toBe(502);
    expect((await res.text()).trim()).toBe(
      `Forwarding route: connection refused by 127.0.0.1:${port}: nothing listens there`,
    );
  });

  it('when turned off, says so and how', async () => {
    const res = await post(off.url, { 'X-Forward-To': noCors.url });
    expect(res.status).toBe(403);
    expect((await res.text()).trim()).toBe(
      'Forwarding route: turned off (TRACER_FORWARD=0 when the dev server started)',
    );
  });
});

describe('who may use the route (pure checks)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.3.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.5', false],
    ['10.0.0.1', false],
    ['::ffff:192.168.1.5', false],
    ['128.0.0.1', false],
    ['127.0.0.256', false],
    ['fe80::1', false],
    ['', false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it('refuses a client on the network with 403 and says why', () => {
    const decision = checkForwardRequest({
      method: 'POST',
      remoteAddress: '192.168.1.5',
      localPort: 5173,
      headers: { host: '127.0.0.1:5173', 'x-forward-to': 'http://127.0.0.1:8545/' },
    });
    expect(decision).toEqual({
      ok: false,
      status: 403,
      message: 'Forwarding route: only this machine may use it; 192.168.1.5 is not a loopback address',
    });
  });

  it('accepts this machine with a loopback Host and no Origin (or its own)', () => {
    for (const origin of [undefined, 'http://localhost:5173']) {
      const decision = checkForwardRequest({
        method: 'POST',
        remoteAddress: '::1',
        localPort: 5173,
        headers: { host: 'localhost:5173', origin, 'x-forward-to': 'https://node.example/abc' },
      });
      expect(decision.ok && decision.target.href).toBe('https://node.example/abc');
    }
  });
});

describe('forwardPlugin in real vite dev and preview servers', () => {
  it('mounts the route at /__forward', async () => {
    const { createServer: createViteServer } = await import('vite');
    const { forwardPlugin } = await import('../../../src/devserver/forwardPlugin.ts');
    const vite = await createViteServer({
      configFile: false,
      logLevel: 'silent',
      root: new URL('.', import.meta.url).pathname,
      plugins: [forwardPlugin({ enabled: true })],
      server: { host: '127.0.0.1', port: await freePort(), strictPort: true, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await vite.listen();
    try {
      const base = vite.resolvedUrls!.local[0];
      const res = await post(new URL('__forward', base).href, { 'X-Forward-To': noCors.url });
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 3, result: '0x539' });
      const self = await post(new URL('__forward', base).href, { 'X-Forward-To': base });
      expect(self.status).toBe(508);
    } finally {
      await vite.close();
    }
  });

  it('mounts the route on the preview server too', async () => {
    const { preview } = await import('vite');
    const { forwardPlugin } = await import('../../../src/devserver/forwardPlugin.ts');
    const root = mkdtempSync(join(tmpdir(), 'forward-preview-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/index.html'), '<!doctype html><title>t</title>');
    const server = await preview({
      configFile: false,
      logLevel: 'silent',
      root,
      plugins: [forwardPlugin({ enabled: true })],
      preview: { host: '127.0.0.1', port: await freePort(), strictPort: true },
    });
    try {
      const base = server.resolvedUrls!.local[0];
      const res = await post(new URL('__forward', base).href, { 'X-Forward-To': noCors.url });
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 3, result: '0x539' });
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
