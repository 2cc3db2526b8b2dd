import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { optionalOption, parseArgs } from '../parseArgs.ts';
import { createEmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import { loadFixture } from '../../evm/node/loadFixture.ts';

/** A running JSON-RPC server (HTTP and WebSocket on one port). */
export interface RpcServer {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

const maxBody = 5 * 1024 * 1024;
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Max-Age': '600',
};
const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { ...cors, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Answers one body text: JSON-RPC response text, '' when there is nothing to answer (notifications). */
async function answer(node: EmbeddedNode, text: string): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return JSON.stringify(parseError);
  }
  const out = await node.request(body);
  return out === undefined ? '' : JSON.stringify(out);
}

async function onHttp(node: EmbeddedNode, req: IncomingMessage, res: ServerResponse) {
  if (req.method === 'OPTIONS') {
    const headers = req.headers['access-control-request-headers'] ?? 'Content-Type';
    res.writeHead(204, { ...cors, 'Access-Control-Allow-Headers': headers });
    return res.end();
  }
  // Like geth: an empty GET is a health check.
  if (req.method === 'GET') return send(res, 200, '', 'text/plain');
  if (req.method !== 'POST') return send(res, 405, 'method not allowed\n', 'text/plain');
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && type !== 'application/json-rpc' && type !== 'application/jsonrequest') {
    return send(res, 415, 'invalid content type, only application/json is supported\n', 'text/plain');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBody)
      return send(res, 413, `content length too large (${size}>${maxBody})\n`, 'text/plain');
    chunks.push(chunk as Buffer);
  }
  send(res, 200, await answer(node, Buffer.concat(chunks).toString('utf8')));
}

/** Starts HTTP + WebSocket JSON-RPC for `node` on host:port (port 0 = any free port). */
export async function startRpcServer(node: EmbeddedNode, host: string, port: number): Promise<RpcServer> {
  const server = createServer((req, res) => {
    onHttp(node, req, res).catch((e) =>
      send(res, 500, `internal error: ${(e as Error).message}\n`, 'text/plain'),
    );
  });
  const wss = new WebSocketServer({ server, maxPayload: maxBody });
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      answer(node, data.toString()).then((text) => text && socket.send(text));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
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

function parsePort(text: string | undefined): number {
  if (text === undefined) return 8545;
  if (!/^\d+$/.test(text) || Number(text) > 65535)
    throw new UsageError(`--port must be 0–65535, not ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * `tracer serve [--port P] [--host 127.0.0.1] [--fixture FILE]`: serves the embedded node over HTTP and WebSocket
 * JSON-RPC on one port (CORS open), prints the URLs, and stops cleanly on SIGINT/SIGTERM.
 */
export const serve: CliCommand = async (args, io) => {
  const parsed = parseArgs(args, ['port', 'host', 'fixture']);
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  const port = parsePort(optionalOption(parsed, 'port'));
  const host = optionalOption(parsed, 'host') ?? '127.0.0.1';
  const fixtureFile = optionalOption(parsed, 'fixture');
  let fixture;
  if (fixtureFile !== undefined) {
    try {
      fixture = loadFixture(await io.readInput(fixtureFile));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${fixtureFile}: ${(e as Error).message}`);
    }
  }
  const node = await createEmbeddedNode({ fixture });
  const server = await startRpcServer(node, host, port);
  io.stdout(`embedded node listening on ${server.url} (HTTP) and ${server.wsUrl} (WebSocket)\n`);
  if (fixture) io.stdout(`serving fixture ${fixtureFile}: ${JSON.stringify(node.demoDefaults)}\n`);
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    io.stderr(`warning: listening on ${host}: the node runs any tracer code it is sent\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  io.stdout('embedded node stopped\n');
  return 0;
};
