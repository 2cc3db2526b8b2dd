import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { bytesToHex } from '@ethereumjs/util';
import { proxy, wrap, type Endpoint } from 'comlink';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { buildRequest, type JsonRpcRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { responseText, type TransportOutcome } from '../../../src/core/rpc/protocol/transportOutcome.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import {
  createRunHereTransport,
  type RunHereDeps,
  type RunHereProgress,
} from '../../../src/ui/upstream/createRunHereTransport.ts';
import type { AskUpstreamState, NodeWorkerApi } from '../../../src/worker/contracts.ts';
import { serve } from '../../../src/worker/node.worker.ts';
import { type RunningNode, minedReceipt, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type UpstreamProxy, startUpstreamProxy } from '../upstream/upstreamProxy.ts';

// "Run it here" from the page's side: the real node worker over a comlink MessageChannel (the boundary the sandbox
// uses), a real anvil behind a loopback proxy that refuses every debug_* method and counts what reaches it.

let anvil: RunningNode;
let upstream: UpstreamProxy;
let probeTx: string;
const channel = new MessageChannel();
serve(channel.port1 as unknown as Endpoint);
const worker = wrap<NodeWorkerApi>(channel.port2 as unknown as Endpoint);
const hex = (n: bigint) => `0x${n.toString(16)}`;
const template = (name: string) => {
  const flat = flattenTracer(
    readFileSync(join(import.meta.dirname, `../../../tracer-templates/${name}`), 'utf8'),
  );
  if (!flat.ok) throw new Error(`${name} does not flatten`);
  return flat.code;
};

beforeAll(async () => {
  anvil = await startAnvil();
  const [alice] = (await rpc(anvil.url, 'eth_accounts')) as string[];
  const send = async (tx: Record<string, string>) => {
    const h = (await rpc(anvil.url, 'eth_sendTransaction', [
      { from: alice, gas: hex(3_000_000n), ...tx },
    ])) as string;
    return minedReceipt(anvil.url, h);
  };
  const logic = (await send({ data: bytesToHex(encodeDeploy('ProbeLogic')) })).contractAddress;
  const probe = (await send({ data: bytesToHex(encodeDeploy('CallProbe', [logic as `0x${string}`])) }))
    .contractAddress;
  probeTx = (
    await send({ to: probe, data: encodeCallHex('CallProbe', 'run(uint256)', [7n]), value: hex(10n ** 15n) })
  ).transactionHash;
  upstream = await startUpstreamProxy(anvil.url);
}, 120_000);

afterAll(async () => {
  channel.port1.close();
  channel.port2.close();
  await upstream?.close();
  await anvil?.stop();
});

beforeEach(() => upstream.reset());

function transport(over: Partial<RunHereDeps> = {}) {
  const seen: RunHereProgress[] = [];
  const restarts = { n: 0 };
  const t = createRunHereTransport({
    // As io/embeddedNode.ts does: the callback crosses the boundary as a comlink proxy.
    traceOnUpstream: (r, ask, key) => worker.traceOnUpstream(r, proxy(ask), key),
    restartNode: () => restarts.n++,
    upstream: createHttpTransport({ url: upstream.url }),
    label: 'Anvil',
    cacheKey: 'ep1',
    batches: true,
    onProgress: (p) => seen.push(p),
    ...over,
  });
  return { t, seen, restarts };
}

const traceRequest = (params: unknown[]): JsonRpcRequest =>
  buildRequest('debug_traceTransaction', params, 'ethereum', 7);
const json = (o: TransportOutcome) => {
  if (o.kind !== 'response') throw new Error(`no response: ${o.message}`);
  return JSON.parse(responseText(o)) as {
    id: number;
    result?: unknown;
    error?: { code: number; message: string };
  };
};
const methodsSeen = () => [...upstream.counts.methods.keys()].sort();
const readOnly = new Set([
  'eth_chainId',
  'eth_getTransactionByHash',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_config',
]);

describe('run it here: the tracer runs in the node worker on the endpoint’s state', () => {
  it('call-tree.js gives the call tree of a real transaction; only read-only methods reach the node', async () => {
    const { t, seen, restarts } = transport();
    const out = json(await t.send(traceRequest([probeTx, { tracer: template('call-tree.js') }])));
    type Frame = { type?: string; gasUsed: string; calls?: Frame[] };
    const tree = out.result as Frame;
    const receipt = (await rpc(anvil.url, 'eth_getTransactionReceipt', [probeTx])) as Record<string, string>;
    const kinds = (f: Frame): string[] => (f.calls ?? []).flatMap((c) => [c.type ?? '?', ...kinds(c)]);
    expect({ id: out.id, gasUsed: BigInt(tree.gasUsed), kinds: [...new Set(kinds(tree))].sort() }).toEqual({
      id: 7,
      gasUsed: BigInt(receipt.gasUsed),
      kinds: ['CALL', 'CREATE', 'CREATE2', 'DELEGATECALL', 'STATICCALL'],
    });
    expect(methodsSeen().every((m) => readOnly.has(m))).toBe(true);
    expect(upstream.counts.debugRefused).toBe(0);
    const last = seen[seen.length - 1];
    expect(last.accounts).toBeGreaterThan(2);
    expect(last.slots).toBeGreaterThan(0);
    expect(last.requests).toBe(upstream.counts.requests);
    expect(restarts.n).toBe(0);

    // Again: the worker kept what it fetched for this endpoint (keyed by the parent block's hash).
    upstream.reset();
    json(await t.send(traceRequest([probeTx, { tracer: template('call-tree.js') }])));
    expect(upstream.counts.methods.get('eth_getBalance') ?? 0).toBe(0);
  }, 60_000);

  it('a tracer error is the node’s JSON-RPC error (geth’s text), as from a node that runs the tracer', async () => {
    const { t } = transport();
    const out = json(
      await t.send(
        traceRequest([
          probeTx,
          { tracer: "{result: function() { throw new Error('boom'); }, fault: function() {}}" },
        ]),
      ),
    );
    expect(out.error?.code).toBe(-32000);
    expect(out.error?.message).toMatch(/boom/);
  }, 30_000);

  it('what the upstream lacks is a failure naming it, not a result', async () => {
    const { t } = transport();
    const unknown = `0x${'12'.repeat(32)}`;
    const o = await t.send(traceRequest([unknown, { tracer: template('call-tree.js') }]));
    expect(o).toMatchObject({
      kind: 'no-response',
      message: `Could not trace here on Anvil's state: transaction ${unknown} not found on the upstream`,
    });
    upstream.mode = 'pruned';
    try {
      const p = await transport({ cacheKey: 'ep-pruned' }).t.send(
        traceRequest([probeTx, { tracer: template('call-tree.js') }]),
      );
      expect(p.kind === 'no-response' && p.message).toMatch(
        /^Could not trace here on Anvil's state: Anvil has no state at block 0x[0-9a-f]{64} .*archive/,
      );
    } finally {
      upstream.mode = 'forward';
    }
  }, 30_000);

  it('sends nothing for any other method', async () => {
    const { t } = transport();
    const o = await t.send(buildRequest('eth_sendRawTransaction', ['0x02'], 'ethereum', 1));
    expect(o).toMatchObject({
      kind: 'no-response',
      message: /^Not sent: running here traces debug_traceTransaction only/,
    });
    expect(upstream.counts.requests).toBe(0);
  });

  it('Cancel stops fetching and the worker; the next run works', async () => {
    const ctl = new AbortController();
    upstream.beforeForward = async (m) => {
      if (m === 'eth_getBalance') ctl.abort();
    };
    const { t, restarts } = transport({ cacheKey: 'ep-cancel' });
    try {
      const o = await t.send(traceRequest([probeTx, { tracer: template('call-tree.js') }]), {
        signal: ctl.signal,
      });
      expect(o).toMatchObject({
        kind: 'no-response',
        reason: 'aborted',
        message: 'Cancelled (the embedded node was restarted)',
      });
      expect(restarts.n).toBe(1);
    } finally {
      upstream.beforeForward = undefined;
    }
    const before = upstream.counts.requests;
    await new Promise((r) => setTimeout(r, 300));
    expect(upstream.counts.requests).toBe(before);
    expect(
      json(await transport().t.send(traceRequest([probeTx, { tracer: template('call-tree.js') }]))).result,
    ).toBeTruthy();
  }, 60_000);
});

// A worker that no longer plays by the rules (a tracer that escaped its realm, a tampered worker script): whatever
// it asks, the page sends the endpoint read-only state queries only, and stops the worker at the first refusal.
const hostile: [string, unknown][] = [
  ['a write method', [{ method: 'eth_sendRawTransaction', params: ['0x02f8'] }]],
  [
    'a write method among reads',
    [
      { method: 'eth_chainId', params: [] },
      { method: 'eth_sendTransaction', params: [{}] },
    ],
  ],
  ['a subscription', [{ method: 'eth_subscribe', params: ['newHeads'] }]],
  ['a debug method', [{ method: 'debug_traceTransaction', params: ['0x12'] }]],
  ['another URL as a parameter', [{ method: 'eth_getBalance', params: ['http://127.0.0.1:1/', 'latest'] }]],
  ['an extra member naming a URL', [{ method: 'eth_chainId', params: [], url: 'http://127.0.0.1:1/' }]],
  ['a call object', [{ method: 'eth_call', params: [{ to: '0x00' }, 'latest'] }]],
  ['not a list', { method: 'eth_chainId', params: [] }],
  ['too many calls', Array.from({ length: 10_001 }, () => ({ method: 'eth_chainId', params: [] }))],
];

describe('a hostile worker cannot make the page send anything but state queries', () => {
  it.each(hostile)('%s: refused, nothing sent, the worker stopped', async (_name, calls) => {
    let answered: unknown;
    const { t, restarts } = transport({
      traceOnUpstream: async (_r, ask: AskUpstreamState) => {
        answered = await ask(calls as never);
        return new Promise(() => {}); // and then it hangs
      },
    });
    const o = await t.send(traceRequest([probeTx]));
    expect(o).toMatchObject({ kind: 'no-response', message: /^Stopped, nothing sent to Anvil: / });
    expect(answered).toEqual({ error: 'refused' });
    expect(upstream.counts.requests).toBe(0);
    expect(restarts.n).toBe(1);
  });

  it('more than 256 state requests: the 257th is refused', async () => {
    const { t } = transport({
      traceOnUpstream: async (_r, ask: AskUpstreamState) => {
        for (;;)
          if ('error' in (await ask([{ method: 'eth_chainId', params: [] }]))) return new Promise(() => {});
      },
    });
    const o = await t.send(traceRequest([probeTx]));
    expect(o.kind === 'no-response' && o.message).toMatch(/more than 256 times: refused/);
    expect(upstream.counts.requests).toBe(256);
  }, 30_000);

  it('a request after the run ended is not sent', async () => {
    let later: AskUpstreamState | undefined;
    const { t } = transport({
      traceOnUpstream: async (_r, ask) => {
        later = ask;
        return { upstreamError: 'gave up' };
      },
    });
    await t.send(traceRequest([probeTx]));
    expect(await later!([{ method: 'eth_chainId', params: [] }])).toEqual({ error: 'this run is over' });
    expect(upstream.counts.requests).toBe(0);
  });
});
