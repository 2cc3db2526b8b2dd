import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A running CORS-adding proxy on 127.0.0.1. */
export interface CorsProxy {
  /** `http://127.0.0.1:PORT`: a path or query is passed on to the target unchanged. */
  url: string;
  /** How many requests other than preflights reached the proxy. */
  forwarded(): number;
  stop(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, authorization, x-fault',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': 'retry-after, www-authenticate',
};

// Passes one request on to the target and streams the answer back with CORS headers added.
function pass(target: URL, req: IncomingMessage, res: ServerResponse) {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, { ...up.headers, ...corsHeaders });
      up.pipe(res);
    },
  );
  // The target dropped the connection (a `reset` fault): the browser sees the same.
  upstream.on('error', () => res.socket?.destroy());
  // The browser cancelled: stop waiting for the target too.
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

/**
 * Starts a proxy that answers CORS preflights and adds `Access-Control-Allow-Origin: *` to every answer of
 * `targetUrl`, so a page on another origin can reach a test server that sends no CORS headers (like the fault
 * server). Status, headers and body pass through unchanged, streamed.
 */
export function startCorsProxy(targetUrl: string): Promise<CorsProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, corsHeaders).end();
    count++;
    pass(target, req, res);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        forwarded: () => count,
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
