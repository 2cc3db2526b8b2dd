import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';

/** The faults the server can play, chosen by the first path segment (`/html-502`) or an `X-Fault` header. */
export const faultNames = [
  'ok',
  'echo',
  'rpc',
  'hang',
  'html-502',
  'non-json',
  'truncated',
  'wrong-id',
  '401',
  '403',
  '429',
  '500',
  'huge',
  'huge-declared',
  'erigon-nullnull',
  'both',
  'batch',
  'error-data',
  'reset',
  'auth',
] as const;

/** One fault name. */
export type FaultName = (typeof faultNames)[number];

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Options of {@link startFaultServer}. */
export interface FaultServerOptions {
  /** Answers JSON-RPC requests on the `rpc` and `auth` paths: return the `result`, or throw {code, message, data}. */
  rpc?: (method: string, params: unknown[]) => unknown;
  /** Basic-auth user and password the `auth` path requires. */
  auth?: { user: string; password: string };
  /** Size of the `huge` body in bytes (default 100 MB). */
  hugeBytes?: number;
}

/** A running fault server on 127.0.0.1. */
export interface FaultServer {
  url: string;
  /** `url` + `/name`. */
  urlFor(fault: FaultName): string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

function idOf(body: string): unknown {
  try {
    const parsed = JSON.parse(body) as { id?: unknown };
    return parsed.id ?? null;
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

/** Streams a valid JSON-RPC response of about `bytes` bytes in 1 MB chunks, honouring back-pressure. */
function streamHuge(res: ServerResponse, id: unknown, bytes: number) {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"`;
  const chunk = 'a'.repeat(1 << 20);
  let left = Math.max(0, bytes - head.length - 2);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write(head);
  const pump = () => {
    while (left > 0) {
      const part = left >= chunk.length ? chunk : chunk.slice(0, left);
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    res.end('"}');
  };
  pump();
}

function answerRpc(res: ServerResponse, body: string, rpc: FaultServerOptions['rpc']) {
  let req: { id?: unknown; method?: string; params?: unknown[] };
  try {
    req = JSON.parse(body);
  } catch {
    return sendJson(res, 200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}');
  }
  const reply: Record<string, unknown> = { jsonrpc: '2.0', id: req.id ?? null };
  try {
    if (!rpc) throw { code: -32601, message: `the method ${req.method} does not exist/is not available` };
    reply.result = rpc(String(req.method), req.params ?? []);
  } catch (e) {
    reply.error = e;
  }
  sendJson(res, 200, JSON.stringify(reply));
}

function play(fault: string, req: IncomingMessage, res: ServerResponse, body: string, o: FaultServerOptions) {
  const id = idOf(body);
  const j = (obj: unknown) => JSON.stringify(obj);
  switch (fault as FaultName) {
    case 'ok':
      return sendJson(res, 200, j({ jsonrpc: '2.0', id, result: '0x10' }));
    case 'echo':
      return sendJson(
        res,
        200,
        j({
          jsonrpc: '2.0',
          id,
          result: {
            body,
            authorization: req.headers.authorization ?? null,
            contentType: req.headers['content-type'] ?? null,
          },
        }),
      );
    case 'rpc':
      return answerRpc(res, body, o.rpc);
    case 'auth': {
      const want = o.auth
        ? 'Basic ' + Buffer.from(`${o.auth.user}:${o.auth.password}`).toString('base64')
        : '';
      if (req.headers.authorization !== want) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="node"', 'Content-Type': 'text/plain' });
        return res.end('401 Authorization Required');
      }
      return answerRpc(res, body, o.rpc);
    }
    case 'hang':
      return; // never answers; the client must time out
    case 'html-502':
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return res.end(
        '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n',
      );
    case 'non-json':
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('upstream connect error or disconnect/reset before headers');
    case 'truncated':
      return sendJson(
        res,
        200,
        `{"jsonrpc":"2.0","id":${j(id)},"result":{"gas":21000,"structLogs":[{"pc":0,"op":"PU`,
      );
    case 'wrong-id':
      return sendJson(
        res,
        200,
        j({ jsonrpc: '2.0', id: typeof id === 'number' ? id + 1000 : 'other', result: '0x10' }),
      );
    case '401':
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="node"', 'Content-Type': 'text/plain' });
      return res.end('Unauthorized');
    case '403':
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      return res.end('Forbidden');
    case '429':
      return sendJson(
        res,
        429,
        j({ jsonrpc: '2.0', id, error: { code: -32005, message: 'rate limit exceeded' } }),
        { 'Retry-After': '7' },
      );
    case '500':
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      return res.end('Internal Server Error');
    case 'huge':
      return streamHuge(res, id, o.hugeBytes ?? 100 * 1024 * 1024);
    case 'huge-declared': {
      // Declares 300 MB but sends a little: a client that trusts Content-Length refuses at once.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(300 * 1024 * 1024) });
      res.write('{"jsonrpc":"2.0","id":1,"result":"');
      return;
    }
    case 'erigon-nullnull':
      return sendJson(
        res,
        200,
        `{"jsonrpc":"2.0","id":${j(id)},"result":nullnull,"error":{"code":-32000,"message":"tracer not found"}}`,
      );
    case 'both':
      return sendJson(
        res,
        200,
        j({
          jsonrpc: '2.0',
          id,
          result: { structLogs: [] },
          error: { code: -32000, message: 'execution timeout' },
        }),
      );
    case 'batch':
      return sendJson(res, 200, j([{ jsonrpc: '2.0', id, result: '0x10' }]));
    case 'error-data':
      return sendJson(
        res,
        200,
        j({
          jsonrpc: '2.0',
          id,
          error: {
            code: -32603,
            message: 'Internal error',
            data: 'Microsoft.ClearScript.ScriptEngineException: ReferenceError: foo is not defined',
          },
        }),
      );
    case 'reset':
      return req.socket.destroy();
    default:
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end(`no such fault: ${fault}`);
  }
}

/** Starts the fault server on a free loopback port. */
export function startFaultServer(options: FaultServerOptions = {}): Promise<FaultServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const header = req.headers['x-fault'];
      const fault = typeof header === 'string' ? header : (path.split('?')[0].split('/')[1] ?? 'ok') || 'ok';
      play(fault, req, res, body, options);
    });
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
      const url = `http://127.0.0.1:${port}`;
      resolve({
        url,
        urlFor: (fault) => `${url}/${fault}`,
        requests,
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
