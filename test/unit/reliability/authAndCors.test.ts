import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { callRpc } from '../../../src/io/transport/callRpc.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import {
  type WebSocketConstructorLike,
  createWsTransport,
} from '../../../src/io/transport/createWsTransport.ts';
import { asIfInBrowser, createBrowserCorsFetch } from '../../helpers/browserCorsFetch.ts';
import { type RunningNginx, startNginx } from '../../helpers/nginx.ts';
import { type RunningNode, startGanache } from '../../helpers/nodes.ts';

const Impl = WebSocket as unknown as WebSocketConstructorLike;
// nginx's htpasswd ends a password at ':', so the UTF-8 and space case is tested here, the colon in test/unit/transport.
const auth = { user: 'alice', password: 'pä ss wörd' };
const chainId = buildRequest('eth_chainId', [], 'ethereum', 7);
const credentialsMessage =
  'HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password';

let ganache: RunningNode;
let guarded: RunningNginx;
let noCors: RunningNginx;
let withCors: RunningNginx;

beforeAll(async () => {
  ganache = await startGanache();
  [guarded, noCors, withCors] = await Promise.all([
    startNginx({ upstreamPort: ganache.port, auth, cors: true }),
    startNginx({ upstreamPort: ganache.port, cors: false }),
    startNginx({ upstreamPort: ganache.port, cors: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([guarded?.stop(), noCors?.stop(), withCors?.stop()]);
  await ganache?.stop();
});

describe('HTTP basic auth through nginx auth_basic', () => {
  const cases: Array<[string, string, { user?: string; password?: string }, RegExp | string]> = [
    ['right credentials', 'ok', auth, 'Success'],
    ['wrong password', 'http-error', { user: 'alice', password: 'nope' }, credentialsMessage],
    ['unknown user', 'http-error', { user: 'mallory', password: auth.password }, credentialsMessage],
    ['no credentials', 'http-error', {}, credentialsMessage],
  ];
  it.each(cases)('%s → %s', async (_name, kind, creds, message) => {
    const { result } = await callRpc(createHttpTransport({ url: guarded.url, ...creds }), chainId);
    expect(result.kind).toBe(kind);
    expect(result.message).toMatch(message);
    if (result.kind === 'ok') expect(result.result).toBe('0x539');
    if (result.kind === 'http-error') expect(result.status).toBe(401);
  });

  it('credentials written into the URL (percent-encoded) are sent as basic auth', async () => {
    const url = guarded.url.replace('http://', `http://alice:${encodeURIComponent(auth.password)}@`);
    const { result } = await callRpc(createHttpTransport({ url }), chainId);
    expect(result).toMatchObject({ kind: 'ok', result: '0x539' });
  });
});

describe('WebSocket basic auth through nginx (Node ws sends Authorization on the upgrade)', () => {
  const ws = (creds: { user?: string; password?: string }) =>
    createWsTransport({ url: guarded.wsUrl, WebSocketImpl: Impl, supportsHeaders: true, ...creds });

  it('right credentials: JSON-RPC over the upgraded connection', async () => {
    const t = ws(auth);
    const outcome = await t.send(chainId);
    expect(classifyResponse(outcome, { expectedId: 7 })).toMatchObject({ kind: 'ok', result: '0x539' });
    t.close?.();
  });

  it.each([
    ['wrong password', { user: 'alice', password: 'nope' }],
    ['no credentials', {}],
  ])('%s: the upgrade is refused with 401 and the credentials message', async (_name, creds) => {
    const t = ws(creds);
    const result = classifyResponse(await t.send(chainId), { expectedId: 7 });
    expect(result).toMatchObject({ kind: 'http-error', status: 401, message: credentialsMessage });
    t.close?.();
  });

  it('without header support (a browser) basic auth over WebSocket is refused before connecting', async () => {
    const t = createWsTransport({ url: guarded.wsUrl, WebSocketImpl: Impl, ...auth });
    const outcome = await t.send(chainId);
    expect(outcome).toMatchObject({ kind: 'no-response', reason: 'auth-unsupported' });
    expect(classifyResponse(outcome).message).toMatch(
      /^Basic auth over WebSocket is not possible from a browser: .* Use the https:\/\/ endpoint with basic auth instead$/,
    );
  });
});

describe('CORS: nginx hiding the node’s CORS headers', () => {
  const preflight = (url: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://page.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });

  it('the preflight gets no Access-Control-Allow-Origin (what a browser needs), the open proxy gives one', async () => {
    const refused = await preflight(noCors.url);
    expect(refused.status).toBe(405);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await preflight(withCors.url);
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get('access-control-allow-origin')).not.toBeNull();
  });

  it('a POST answer carries no Access-Control-Allow-Origin either', async () => {
    const res = await fetch(noCors.url, {
      method: 'POST',
      headers: { Origin: 'http://page.test', 'Content-Type': 'application/json' },
      body: JSON.stringify(chainId),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('in a browser-like setting the no-response message names CORS plainly', async () => {
    const page = 'http://127.0.0.1:5173';
    const { result } = await asIfInBrowser(() =>
      callRpc(createHttpTransport({ url: noCors.url, fetch: createBrowserCorsFetch(page) }), chainId),
    );
    expect(result).toMatchObject({ kind: 'unreachable', reason: 'network' });
    expect(result.message).toMatch(
      /^No response: the node is unreachable, or it does not allow this page's origin \(CORS\); the browser cannot tell which \(127\.0\.0\.1:\d+: Failed to fetch\)\. Check the URL, port and TLS certificate \(an http:\/\/ node cannot be reached from an https:\/\/ page\); let the node or its proxy allow this page \(geth: --http\.corsdomain\)/,
    );
  });

  it('the same browser-like fetch gets through when the proxy keeps the node’s CORS headers', async () => {
    const { result } = await asIfInBrowser(() =>
      callRpc(
        createHttpTransport({ url: withCors.url, fetch: createBrowserCorsFetch('http://127.0.0.1:5173') }),
        chainId,
      ),
    );
    expect(result).toMatchObject({ kind: 'ok', result: '0x539' });
  });

  it('basic auth from a browser fails when auth_basic also guards the preflight (OPTIONS carries no credentials)', async () => {
    const preflightAnswer = await preflight(guarded.url);
    expect(preflightAnswer.status).toBe(401);
    const { result } = await asIfInBrowser(() =>
      callRpc(
        createHttpTransport({
          url: guarded.url,
          ...auth,
          fetch: createBrowserCorsFetch('http://127.0.0.1:5173'),
        }),
        chainId,
      ),
    );
    expect(result).toMatchObject({ kind: 'unreachable', reason: 'network' });
    expect(result.message).toMatch(/does not allow this page's origin \(CORS\)/);
  });

  it('outside a browser the same failure does not blame CORS', async () => {
    const { result } = await callRpc(
      createHttpTransport({ url: noCors.url, fetch: createBrowserCorsFetch('http://127.0.0.1:5173') }),
      chainId,
    );
    expect(result.message).toMatch(/^No response from 127\.0\.0\.1:\d+: Failed to fetch$/);
  });
});
