import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTracePool, type TracePool } from '../../../src/cli/serve/createTracePool.ts';
import type { RpcCall } from '../../../src/core/upstream/stateRequests.ts';

// Under serve --upstream the trace processes have no network: the server fetches the state they ask for. A process
// whose tracer took it over must not make the server send anything but read-only state calls to the upstream. The
// upstream here records what reaches it (the fault-injection side of the test); the processes are real processes
// speaking the pool's protocol with hostile requests.

const hostile = fileURLToPath(new URL('./hostileTraceChild.mjs', import.meta.url));
let pool: TracePool | undefined;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function start() {
  const reached: RpcCall[] = [];
  const fetcher = {
    call: async (method: string, params: unknown[]) => (reached.push({ method, params }), '0x1'),
    batch: async (calls: readonly RpcCall[]) => (reached.push(...calls), calls.map(() => '0x1')),
  };
  const logs: string[] = [];
  pool = createTracePool({
    workers: 1,
    upstream: { fetcher },
    log: (l) => logs.push(l),
    forkChild: () => {
      const child = fork(hostile, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true });
      child.stderr!.resume();
      return { process: child, stderrTail: () => '' };
    },
  });
  return { pool, reached, logs };
}

const trace = (p: TracePool, attack: string) => {
  const body = { jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params: [attack] };
  return p
    .trace({ body, text: JSON.stringify(body) })
    .then((t) => JSON.parse(t!) as { result?: unknown; error?: { message: string } });
};

describe('serve --upstream: what a taken-over trace process asks for is refused, unsent', () => {
  const rows: [string, RegExp][] = [
    ['write', /"eth_sendRawTransaction", which is not a read-only state method/],
    ['write-after-read', /"eth_sendTransaction", which is not a read-only state method/],
    ['not-a-list', /asked for a malformed list of upstream calls/],
    // Only {method, params} is taken: a call naming a URL or endpoint of its own is refused whole.
    ['another-url', /asked for eth_getBalance with parameters that are not state queries: refused/],
    ['flood', /asked for state more than 256 times: refused/],
  ];
  it.each(rows)(
    '%s: answered with the refusal, the process replaced, the server goes on',
    async (attack, message) => {
      const { pool, reached, logs } = start();
      await pool.ready();
      const before = pool.pids();
      const r = await trace(pool, attack);
      expect(r.error?.message).toMatch(message);
      expect(reached.filter((c) => !/^eth_(getBalance|chainId)$/.test(c.method))).toEqual([]);
      expect(reached.length).toBeLessThanOrEqual(256);
      expect(logs.join('\n')).toMatch(/killed/);
      // Liveness: a fresh process answers the next request.
      await pool.ready();
      expect(pool.pids()).not.toEqual(before);
      expect((await trace(pool, 'plain')).result).toBe('plain');
    },
    30_000,
  );

  it('other-request: state asked for a request that is not running is ignored', async () => {
    const { pool, reached } = start();
    await pool.ready();
    expect((await trace(pool, 'other-request')).result).toBe('answered');
    expect(reached).toEqual([]);
  });
});
