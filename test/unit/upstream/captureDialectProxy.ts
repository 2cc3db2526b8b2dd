import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC call as the proxy received it. */
export interface ProxiedCall {
  id?: unknown;
  method: string;
  params: unknown[];
}

/**
 * How the proxy answers one call: a result (`{result}`), an error (`{error: {code, message}}`), or undefined to
 * forward it to the node. `forward` asks the node itself (to alter its answer).
 */
export type Dialect = (
  call: ProxiedCall,
  forward: () => Promise<{ result?: unknown; error?: unknown }>,
) => Promise<{ result?: unknown; error?: unknown } | undefined>;

/** A loopback JSON-RPC proxy in front of a test node that answers some calls as another node would. */
export interface DialectProxy {
  url: string;
  /** The current dialect (undefined: forward everything). */
  dialect?: Dialect;
  /** Methods of the calls received since the last reset, in order. */
  methods: string[];
  reset(): void;
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1 (any free port), forwarding to `target` (a loopback node). */
export async function startDialectProxy(target: string): Promise<DialectProxy> {
  const state: { dialect?: Dialect; methods: string[] } = { methods: [] };
  const forward = async (call: ProxiedCall) => {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: call.method, params: call.params }),
    });
    return (await res.json()) as { result?: unknown; error?: unknown };
  };
  const answer = async (call: ProxiedCall) => {
    state.methods.push(call.method);
    const own = await state.dialect?.(call, () => forward(call));
    const { result, error } = own ?? (await forward(call));
    return error !== undefined
      ? { jsonrpc: '2.0', id: call.id, error }
      : { jsonrpc: '2.0', id: call.id, result };
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      const parsed = JSON.parse(body) as ProxiedCall | ProxiedCall[];
      const out = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get dialect() {
      return state.dialect;
    },
    set dialect(d) {
      state.dialect = d;
    },
    get methods() {
      return state.methods;
    },
    reset() {
      state.methods.length = 0;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The receipt of `hash` once the node has mined it (anvil answers eth_sendTransaction before its block is in). */
export async function waitForReceipt(url: string, hash: string): Promise<Record<string, string>> {
  for (let i = 0; i < 400; i++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
    });
    const receipt = ((await res.json()) as { result?: Record<string, string> | null }).result;
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not mined: ${hash}`);
}
