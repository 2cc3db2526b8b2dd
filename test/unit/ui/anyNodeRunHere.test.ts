import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verbatimTracer } from '../../../src/core/flatten/verbatimTracer.ts';
import { createEndpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import { summarizeReplyKeepingValue } from '../../../src/core/rpc/protocol/summarizeReply.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { createFailingTransport } from '../../../src/io/transport/transport.ts';
import { type AppState, createRequestDraft } from '../../../src/state/appState.ts';
import { createInitialState } from '../../../src/state/createInitialState.ts';
import { createStore } from '../../../src/state/createStore.ts';
import { createRequestController } from '../../../src/ui/request/createRequestController.ts';
import { createRunHere, type RunHereStatus } from '../../../src/ui/upstream/createRunHere.ts';
import { createNodeWorkerApi } from '../../../src/worker/node.worker.ts';
import { type RunningNode, sendTestTransaction, startAnvil } from '../../helpers/nodes.ts';
import { type UpstreamProxy, startUpstreamProxy } from '../upstream/upstreamProxy.ts';

/** A one-line tracer as the store holds it: its own source, each token mapped to itself. */
const flatOf = (code: string) => verbatimTracer(code, code);

// The page's run-here over the real request controller and store: the form becomes debug_traceTransaction of the
// hash, the answer lands in Result and History as any node's would, the status follows it.
let anvil: RunningNode;
let upstream: UpstreamProxy;
let txHash: string;
const worker = createNodeWorkerApi();

beforeAll(async () => {
  anvil = await startAnvil();
  txHash = await sendTestTransaction(anvil.url);
  upstream = await startUpstreamProxy(anvil.url);
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await anvil?.stop();
});

function setup() {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  };
  const store = createStore<AppState>(createInitialState(storage, '').state);
  const anvilEndpoint = createEndpoint({ id: 'a1', name: 'Anvil', kind: 'http', url: upstream.url });
  const btc = createEndpoint({
    id: 'b1',
    name: 'Bitcoin',
    kind: 'http',
    url: upstream.url,
    family: 'bitcoin',
  });
  store.update((s) => ({
    endpoints: [...s.endpoints, anvilEndpoint, btc],
    request: createRequestDraft('debug_traceCall'),
    flat: flatOf('{result: function(ctx) { return ctx.type + " " + ctx.txIndex; }, fault: function() {}}'),
  }));
  const panels: string[] = [];
  const requests = createRequestController({
    store,
    transportFor: () => createFailingTransport('not used'),
    parse: async (response, options) => ({
      summary: summarizeReplyKeepingValue(response, options).summary,
      body: response.body,
    }),
    probe: () => Promise.reject(new Error('not used')),
    demoDefaults: () => Promise.reject(new Error('not used')),
    showPanel: (p) => void panels.push(p),
    notify: () => {},
    onTracerError: () => {},
    now: () => 0,
  });
  let restarts = 0;
  const runHere = createRunHere({
    store,
    requests,
    node: () => worker,
    transportFor: (e) => createHttpTransport({ url: e.url }),
    restartNode: () => void restarts++,
  });
  const seen: RunHereStatus['kind'][] = [];
  runHere.subscribe((s) => seen.push(s.kind));
  return { store, runHere, panels, seen, restarts: () => restarts };
}

describe('run it here from the page', () => {
  it('traces the hash on the endpoint’s state; Result and History show it; Result opens when it is done', async () => {
    const { store, runHere, panels, seen } = setup();
    upstream.reset();
    await runHere.run('a1', txHash);
    const s = store.get();
    expect(s.request).toMatchObject({ method: 'debug_traceTransaction', rawMode: false, fields: { txHash } });
    expect(s.result).toMatchObject({ kind: 'ok', value: 'CALL 0', method: 'debug_traceTransaction' });
    expect(s.history[0]).toMatchObject({ endpointName: 'Anvil (traced here)', status: 'ok' });
    expect(panels).toEqual(['result']);
    expect(seen[0]).toBe('running');
    expect(runHere.status()).toMatchObject({ kind: 'over', outcome: 'ok', endpointName: 'Anvil' });
    const st = runHere.status() as Extract<RunHereStatus, { kind: 'over' }>;
    expect(st.progress?.requests).toBe(upstream.counts.requests);
    expect(upstream.counts.debugRefused).toBe(0);
  }, 60_000);

  it('the worker keeps what it fetched for the endpoint, and not once its address changed', async () => {
    const { store, runHere } = setup();
    await runHere.run('a1', txHash);
    upstream.reset();
    await runHere.run('a1', txHash);
    expect(store.get().result).toMatchObject({ kind: 'ok' });
    expect(upstream.counts.methods.get('eth_getBalance') ?? 0).toBe(0);
    const other = await startUpstreamProxy(anvil.url);
    try {
      store.update((s) => ({
        endpoints: s.endpoints.map((e) => (e.id === 'a1' ? { ...e, url: other.url } : e)),
      }));
      await runHere.run('a1', txHash);
      expect(store.get().result).toMatchObject({ kind: 'ok' });
      expect(other.counts.methods.get('eth_getBalance')).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  }, 60_000);

  it.each([
    ['the embedded node', 'embedded', () => txHash, /runs tracers itself/],
    ['a Bitcoin endpoint', 'b1', () => txHash, /Bitcoin-style/],
    ['an endpoint that is gone', 'zz', () => txHash, /no longer in the list/],
    ['a bad hash', 'a1', () => '0x12', /Needs the hash of a mined transaction/],
  ])('not started for %s, nothing sent', async (_n, id, hash, message) => {
    const { store, runHere } = setup();
    upstream.reset();
    await runHere.run(id, hash());
    expect(runHere.status()).toMatchObject({ kind: 'over', outcome: 'not-started', message });
    expect(store.get().history).toEqual([]);
    expect(upstream.counts.requests).toBe(0);
  });

  it('a failure of the upstream is the run’s failure, said in its words', async () => {
    const { runHere, store } = setup();
    await runHere.run('a1', `0x${'34'.repeat(32)}`);
    expect(runHere.status()).toMatchObject({
      kind: 'over',
      outcome: 'failed',
      message: /not found on the upstream/,
    });
    expect(store.get().result?.kind).toBe('unreachable');
  }, 30_000);

  it('Cancel: stopped, the worker restarted, History says cancelled', async () => {
    const { runHere, store, restarts } = setup();
    upstream.beforeForward = async (m) => {
      if (m === 'eth_getBlockByHash') runHere.cancel();
    };
    try {
      await runHere.run('a1', txHash);
    } finally {
      upstream.beforeForward = undefined;
    }
    // The proxy still forwards the request it was holding: let it finish before anvil stops.
    await new Promise((r) => setTimeout(r, 300));
    expect(runHere.status()).toMatchObject({ kind: 'over', outcome: 'cancelled' });
    expect(store.get().history[0].status).toBe('cancelled');
    expect(restarts()).toBe(1);
  }, 30_000);
});
