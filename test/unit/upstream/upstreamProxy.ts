import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the proxy answers, besides forwarding. */
export type ProxyMode = 'forward' | 'no-batches' | 'pruned' | 'rate-limited';

/** A loopback JSON-RPC proxy in front of a test node: refuses every `debug_*` method and counts what passes. */
export interface UpstreamProxy {
  url: string;
  mode: ProxyMode;
  /** HTTP requests, JSON-RPC calls (batch items count one each) and debug_* calls refused, since the last reset. */
  counts: { requests: number; calls: number; debugRefused: number; methods: Map<string, number> };
  /** Runs before each call is forwarded (e.g. to reorganise the node's chain in the middle of a fetch). */
  beforeForward?: (method: string) => Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

type Item = { id?: unknown; method?: string };

/** Starts the proxy on 127.0.0.1 (any free port), forwarding to `target` (a loopback node). */
export async function startUpstreamProxy(target: string): Promise<UpstreamProxy> {
  const counts = { requests: 0, calls: 0, debugRefused: 0, methods: new Map<string, number>() };
  const proxy: { mode: ProxyMode; beforeForward?: (method: string) => Promise<void> } = { mode: 'forward' };
  const answerOne = async (item: Item): Promise<unknown> => {
    counts.calls++;
    const m = String(item.method);
    counts.methods.set(m, (counts.methods.get(m) ?? 0) + 1);
    const error = (code: number, message: string) => ({
      jsonrpc: '2.0',
      id: item.id,
      error: { code, message },
    });
    if (m.startsWith('debug_')) {
      counts.debugRefused++;
      return error(-32601, `the method ${m} does not exist/is not available`);
    }
    if (proxy.mode === 'pruned' && m === 'eth_getBalance')
      return error(-32000, 'missing trie node 1f2e3d (path ) state 0x1f2e3d is not available');
    await proxy.beforeForward?.(m);
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(item),
    });
    return res.json();
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      counts.requests++;
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (proxy.mode === 'rate-limited')
        return send(429, { jsonrpc: '2.0', id: null, error: { code: -32005, message: 'too many requests' } });
      const parsed = JSON.parse(body) as Item | Item[];
      if (Array.isArray(parsed)) {
        if (proxy.mode === 'no-batches')
          return send(200, {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'batch requests are not supported' },
          });
        return send(200, await Promise.all(parsed.map(answerOne)));
      }
      send(200, await answerOne(parsed));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return proxy.mode;
    },
    set mode(m: ProxyMode) {
      proxy.mode = m;
    },
    get beforeForward() {
      return proxy.beforeForward;
    },
    set beforeForward(f) {
      proxy.beforeForward = f;
    },
    counts,
    reset() {
      counts.requests = 0;
      counts.calls = 0;
      counts.debugRefused = 0;
      counts.methods.clear();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
