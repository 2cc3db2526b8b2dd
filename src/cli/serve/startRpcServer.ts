import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { EmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import { answerRpcText } from './answerRpcText.ts';
import type { AnswerContext } from './answerRpcText.ts';
import { createAccessPolicy } from './createAccessPolicy.ts';
import type { AccessPolicy } from './createAccessPolicy.ts';
import type { TraceClient } from './TraceClient.ts';
import type { TraceRunner } from './TraceRunner.ts';

/** A running JSON-RPC server (HTTP and WebSocket on one port). */
export interface RpcServer {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

/** Options of {@link startRpcServer}. */
export interface RpcServerOptions {
  /** Origins allowed besides loopback pages (`--allow-origin`; `*` for all). */
  allowOrigins?: readonly string[];
  /** Host header names allowed besides loopback ones (`--allow-host`; `*` for all). */
  allowHosts?: readonly string[];
  /** Largest number of items in a batch (default 1000, geth's). */
  maxBatchItems?: number;
  /** Response bytes of a batch after which the remaining items are refused (default 25,000,000, geth's). */
  maxResponseBytes?: number;
  /** Largest request body / WebSocket message in bytes (default 5 MB, geth's). */
  maxBodyBytes?: number;
  /** Where traces run (the pool of trace processes), one client per connection; without it the node traces here. */
  traces?: TraceRunner;
  /** Receives one line per unexpected event (a failed handler, a broken WebSocket connection). */
  log?: (line: string) => void;
}

const corsHeaders = {
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Max-Age': '600',
  Vary: 'Origin',
};

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json',
  allowOrigin?: string,
) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...corsHeaders,
    ...(allowOrigin !== undefined ? { 'Access-Control-Allow-Origin': allowOrigin } : {}),
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** A client for one connection, gone (its signal aborted) once `connection` emits 'close'. */
function connectionClient(
  kind: 'HTTP' | 'WebSocket',
  socket: Socket,
  connection: { once(event: 'close', listener: () => void): unknown },
): TraceClient {
  const gone = new AbortController();
  connection.once('close', () => gone.abort());
  return { id: `${kind} ${socket.remoteAddress}:${socket.remotePort}`, signal: gone.signal };
}

/** Each HTTP connection is one client (its keep-alive requests share its turn), created with its first request. */
const httpClients = new WeakMap<Socket, TraceClient>();

function httpClient(socket: Socket): TraceClient {
  let client = httpClients.get(socket);
  if (!client) httpClients.set(socket, (client = connectionClient('HTTP', socket, socket)));
  return client;
}

function headerOf(req: IncomingMessage, name: 'host' | 'origin'): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function onHttp(
  ctx: AnswerContext,
  policy: AccessPolicy,
  maxBody: number,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const access = policy({ host: headerOf(req, 'host'), origin: headerOf(req, 'origin') });
  if (!access.ok) return send(res, 403, `${access.message}\n`, 'text/plain; charset=utf-8');
  const origin = access.allowOrigin;
  if (req.method === 'OPTIONS') {
    const headers = req.headers['access-control-request-headers'] ?? 'Content-Type';
    res.writeHead(204, {
      ...corsHeaders,
      ...(origin !== undefined ? { 'Access-Control-Allow-Origin': origin } : {}),
      'Access-Control-Allow-Headers': headers,
    });
    return res.end();
  }
  // Like geth: an empty GET is a health check.
  if (req.method === 'GET') return send(res, 200, '', 'text/plain', origin);
  if (req.method !== 'POST') return send(res, 405, 'method not allowed\n', 'text/plain', origin);
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && type !== 'application/json-rpc' && type !== 'application/jsonrequest') {
    return send(res, 415, 'invalid content type, only application/json is supported\n', 'text/plain', origin);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBody)
      return send(res, 413, `content length too large (${size}>${maxBody})\n`, 'text/plain', origin);
    chunks.push(chunk as Buffer);
  }
  send(
    res,
    200,
    await answerRpcText(ctx, Buffer.concat(chunks).toString('utf8'), httpClient(req.socket)),
    'application/json',
    origin,
  );
}

/** Refuses a WebSocket upgrade with 403 and a one-line text, then closes the socket. */
function refuseUpgrade(socket: Duplex, message: string) {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A node that may take WebSocket connections with subscriptions (the embedded node; a forwarder does not). */
type ServedNode = Pick<EmbeddedNode, 'request'> & Partial<Pick<EmbeddedNode, 'connect'>>;

/**
 * The node's connection for a WebSocket: notifications go to this socket only, and its subscriptions are dropped
 * when the socket closes. Each message answers with its own context, so that the subscriptions it creates start
 * notifying once its reply is sent.
 */
function subscriptionsFor(ctx: AnswerContext, node: ServedNode, socket: WebSocket) {
  if (!node.connect) return undefined;
  const connection = node.connect((message) => {
    if (socket.readyState !== socket.OPEN) return;
    // A client that does not read its notifications would make them pile up here: past the response limit it is
    // cut off (geth drops a connection whose writes time out).
    if (socket.bufferedAmount > ctx.maxResponseBytes) {
      ctx.log?.(
        `WebSocket connection closed: more than ${ctx.maxResponseBytes} bytes of notifications unread`,
      );
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(message));
  });
  socket.once('close', () => connection.close());
  return {
    contextFor: (created: string[]): AnswerContext => ({
      ...ctx,
      node: { request: (body) => connection.request(body, created) },
    }),
    release: (created: readonly string[]) => connection.release(created),
  };
}

function onConnection(
  ctx: AnswerContext,
  node: ServedNode,
  socket: WebSocket,
  req: IncomingMessage,
  log: (line: string) => void,
) {
  // Every message of a connection is the same client; they are answered concurrently, and wait in its one queue.
  const client = connectionClient('WebSocket', req.socket, socket);
  const subscriptions = subscriptionsFor(ctx, node, socket);
  // ws closes the connection itself with the right code (1009 too big, 1007 invalid UTF-8, 1002 protocol
  // error); without this listener its 'error' event would end the process.
  socket.on('error', (e) => log(`WebSocket connection closed: ${e.message}`));
  socket.on('message', (data) => {
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    const text = bytes.toString('utf8');
    const created: string[] = [];
    answerRpcText(subscriptions?.contextFor(created) ?? ctx, text, client)
      .then((answer) => {
        if (answer && socket.readyState === socket.OPEN) socket.send(answer);
        // After the reply: geth sends a subscription's first notification only once its id is out.
        subscriptions?.release(created);
      })
      .catch((e) => log(`WebSocket message failed: ${(e as Error)?.message ?? String(e)}`));
  });
}

/**
 * Starts HTTP + WebSocket JSON-RPC for `node` on host:port (port 0 = any free port). Only requests whose Host is a
 * loopback name (or allowed, or the non-loopback `host` it was bound to) and whose Origin, if any, is a loopback page
 * (or allowed) are answered; others get 403 with a one-line reason, and WebSocket upgrades are refused the same way.
 * Batch, response and body sizes are limited like geth's. Each connection (HTTP keep-alive or WebSocket) is one
 * client of `traces`, which serves clients in turn; when a connection closes, its client is gone and its trace work
 * is cancelled. A WebSocket of a node that takes connections (`node.connect`) may subscribe (eth_subscribe): its
 * notifications go to that socket only, and its subscriptions end when it closes; a socket that leaves more than
 * `maxResponseBytes` of them unread is closed. Rejects with the listen error
 * (e.g. EADDRINUSE).
 */
export async function startRpcServer(
  node: ServedNode,
  host: string,
  port: number,
  options: RpcServerOptions = {},
): Promise<RpcServer> {
  const log = options.log ?? (() => {});
  const maxBody = options.maxBodyBytes ?? 5 * 1024 * 1024;
  const ctx: AnswerContext = {
    node,
    traces: options.traces,
    maxBatchItems: options.maxBatchItems ?? 1000,
    maxResponseBytes: options.maxResponseBytes ?? 25_000_000,
    log,
  };
  const policy = createAccessPolicy({
    allowOrigins: options.allowOrigins,
    allowHosts: options.allowHosts,
    boundHost: host,
  });
  const server = createServer((req, res) => {
    res.on('error', () => {});
    onHttp(ctx, policy, maxBody, req, res).catch((e) => {
      log(`HTTP request failed: ${(e as Error)?.message ?? String(e)}`);
      send(res, 500, `internal error: ${(e as Error)?.message ?? String(e)}\n`, 'text/plain');
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxBody });
  wss.on('connection', (socket: WebSocket, req: IncomingMessage) =>
    onConnection(ctx, node, socket, req, log),
  );
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    const access = policy({ host: headerOf(req, 'host'), origin: headerOf(req, 'origin') });
    if (!access.ok) return refuseUpgrade(socket, access.message);
    // handleUpgrade answers a malformed upgrade request itself (400) and never calls back.
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e) => log(`server error: ${e.message}`));
  const addr = server.address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}`,
    wsUrl: `ws://${shown}:${addr.port}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
