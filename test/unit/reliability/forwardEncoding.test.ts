import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForwardMiddleware } from '../../../src/devserver/createForwardMiddleware.ts';

const answer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x539' });
const big = JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'ab'.repeat(500_000) });

/** Applies the codings of a Content-Encoding list in order (unknown ones leave the bytes as they are). */
function encode(body: string, codings: string[]): Buffer {
  let bytes = Buffer.from(body);
  for (const c of codings) {
    if (c === 'gzip' || c === 'x-gzip') bytes = gzipSync(bytes);
    else if (c === 'deflate') bytes = deflateSync(bytes);
    else if (c === 'br') bytes = brotliCompressSync(bytes);
  }
  return bytes;
}

/** A node on 127.0.0.1 that answers with the Content-Encoding named by the path (`/gzip,br`), or none. */
let upstream: Server;
let upstreamUrl: string;
/** The forwarding route alone on a node:http server, as vite mounts it at /__forward. */
let route: Server;
let routeUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    const [path, size] = decodeURIComponent(req.url!.slice(1)).split('?');
    const codings = path ? path.split(',').map((c) => c.trim()) : [];
    const bytes = encode(size === 'big' ? big : answer, codings);
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': bytes.length,
      ...(codings.length ? { 'Content-Encoding': codings.join(', ') } : {}),
    });
    res.end(bytes);
  });
  const mw = createForwardMiddleware({ enabled: true });
  route = createServer((req, res) => mw(req, res, (e) => (res.writeHead(500), res.end(String(e)))));
  await Promise.all(
    [upstream, route].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))),
  );
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  routeUrl = `http://127.0.0.1:${(route.address() as AddressInfo).port}/__forward`;
});
afterAll(async () => {
  await Promise.all([upstream, route].map((s) => new Promise((r) => s.close(r))));
});

/** POSTs through the route with node:http (which never decodes): status, headers and the raw bytes. */
function rawForward(target: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
    (resolve, reject) => {
      const req = request(
        routeUrl,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forward-To': target } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d) => chunks.push(d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}');
    },
  );
}

describe('the /__forward route with an encoded upstream answer', () => {
  // name → the upstream's codings (the path).
  it.each([
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br', 'br'],
    ['x-gzip', 'x-gzip'],
    ['gzip then br', 'gzip,br'],
    ['gzip, a 1 MB answer', 'gzip?big'],
    ['no encoding', ''],
  ])('%s: the page gets the decoded body without Content-Encoding', async (_name, path) => {
    const expected = path.endsWith('?big') ? big : answer;
    const raw = await rawForward(`${upstreamUrl}/${path}`);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers['content-length']).toBeUndefined();
    expect(raw.bytes.toString()).toBe(expected);
    // What the page does: fetch and parse (a stale Content-Encoding made this fail with "Failed to fetch").
    const res = await fetch(routeUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forward-To': `${upstreamUrl}/${path}` },
      body: '{}',
    });
    expect(await res.text()).toBe(expected);
  });

  it.each([
    ['identity (fetch decodes nothing when it is listed)', 'gzip,identity'],
    ['a coding fetch does not know', 'gzip,compress'],
  ])('%s: the bytes and the header come through as sent', async (_name, path) => {
    const codings = path.split(',');
    const raw = await rawForward(`${upstreamUrl}/${path}`);
    expect(raw.headers['content-encoding']).toBe(codings.join(', '));
    expect(raw.bytes.equals(encode(answer, codings))).toBe(true);
  });
});
