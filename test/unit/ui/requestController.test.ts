import { beforeAll, describe, expect, it } from 'vitest';
import { verbatimTracer } from '../../../src/core/flatten/verbatimTracer.ts';
import {
  summarizeReplyKeepingValue,
  type TracerErrorPlace,
} from '../../../src/core/rpc/protocol/summarizeReply.ts';
import { probeNode } from '../../../src/core/rpc/probe/probe.ts';
import { createEmbeddedNode, type EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoDefaults } from '../../../src/evm/node/demoDefaults.ts';
import { createEmbeddedTransport } from '../../../src/io/transport/createEmbeddedTransport.ts';
import { createProbeSender } from '../../../src/io/transport/createProbeSender.ts';
import type { Transport } from '../../../src/io/transport/transport.ts';
import { type AppState, createRequestDraft } from '../../../src/state/appState.ts';
import { createInitialState } from '../../../src/state/createInitialState.ts';
import { createStore, type Store } from '../../../src/state/createStore.ts';
import {
  createRequestController,
  type RequestControllerDeps,
} from '../../../src/ui/request/createRequestController.ts';

/** A one-line tracer as the store holds it: its own source, each token mapped to itself. */
const flatOf = (code: string) => verbatimTracer(code, code);

// The DOM-free request controller over a real store, with the real embedded node behind the real embedded-node
// transport; what the page would do on screen is recorded.
let node: EmbeddedNode;
beforeAll(async () => {
  node = await createEmbeddedNode();
});

function setup(overrides: Partial<RequestControllerDeps> = {}) {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  };
  const store: Store<AppState> = createStore(createInitialState(storage, '').state);
  const seen = {
    panels: [] as string[],
    notices: [] as (string | null)[],
    tracerErrors: [] as { place: TracerErrorPlace; source: string }[],
    restarts: 0,
  };
  const embedded = { request: (r: unknown) => node.request(r), restart: () => void seen.restarts++ };
  const deps: RequestControllerDeps = {
    store,
    transportFor: () => createEmbeddedTransport(embedded),
    parse: async (response, options) => ({
      summary: summarizeReplyKeepingValue(response, options).summary,
      body: response.body,
    }),
    probe: () => probeNode(createProbeSender(createEmbeddedTransport(embedded))),
    demoDefaults: async () => node.demoDefaults,
    showPanel: (p) => void seen.panels.push(p),
    notify: (m) => void seen.notices.push(m),
    onTracerError: (place, source) => void seen.tracerErrors.push({ place, source }),
    now: () => 1000,
    ...overrides,
  };
  return { store, seen, requests: createRequestController(deps) };
}

const demo = () => node.demoDefaults as DemoDefaults;
const traceCallDraft = () => ({
  ...createRequestDraft('debug_traceCall'),
  fields: { call: JSON.stringify(demo().call), block: 'latest' },
});
const ready = (store: Store<AppState>, code: string) =>
  store.update({ request: traceCallDraft(), flat: flatOf(code) });

describe('the request controller', () => {
  it('sends the form with the flattened tracer and shows the result, recorded in History', async () => {
    const { store, seen, requests } = setup();
    ready(store, '{result: function(ctx) { return ctx.type; }, fault: function() {}}');
    await requests.send();
    const s = store.get();
    expect(s.result).toMatchObject({ kind: 'ok', value: 'CALL', method: 'debug_traceCall' });
    expect(s.inFlight).toBeNull();
    expect(s.history).toHaveLength(1);
    expect(s.history[0]).toMatchObject({
      method: 'debug_traceCall',
      status: 'ok',
      endpointName: s.endpoints[0].name,
    });
    expect(seen.panels).toEqual(['result', 'result']);
    expect(JSON.parse(requests.rawText())).toMatchObject({ result: 'CALL' });
    expect(seen.tracerErrors).toEqual([]);
  });

  it('a tracer error from the node goes to the editor marker, with the node wording', async () => {
    const { store, seen, requests } = setup();
    ready(store, '{result: function() { return x.y; }, fault: function() {}}');
    await requests.send();
    expect(store.get().result).toMatchObject({ kind: 'rpc-error' });
    const code = '{result: function() { return x.y; }, fault: function() {}}';
    // The place is read from the reply, mapped through the sent tracer's map onto the source it came from.
    expect(seen.tracerErrors).toEqual([
      {
        place: {
          range: {
            start: { offset: code.indexOf('x.y'), line: 1, column: code.indexOf('x.y') + 1 },
            end: { offset: code.indexOf('x.y') + 1, line: 1, column: code.indexOf('x.y') + 2 },
          },
          message: "ReferenceError: x is not defined in server-side tracer function 'result'",
        },
        source: code,
      },
    ]);
    expect(store.get().result?.tracerError?.place).toEqual(seen.tracerErrors[0].place);
  });

  it.each([
    ['no flattened tracer', null, 'Not sent: tracer:'],
    [
      'a field that does not parse',
      '{result: function() { return 1; }, fault: function() {}}',
      'Not sent: params[0]: call is not',
    ],
  ])('refuses to send with %s: says why, opens the form, sends nothing', async (_name, code, notice) => {
    const { store, seen, requests } = setup();
    store.update({
      request:
        code === null
          ? traceCallDraft()
          : { ...traceCallDraft(), fields: { call: '{not json', block: 'latest' } },
      flat: code === null ? null : flatOf(code),
    });
    await requests.send();
    expect(seen.notices[0]).toMatch(new RegExp('^' + notice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(seen.panels).toEqual(['request']);
    expect([store.get().history.length, store.get().result, store.get().inFlight]).toEqual([0, null, null]);
  });

  it('cancel stops a request in flight: History says cancelled, a second send meanwhile is ignored', async () => {
    let sends = 0;
    const stalled: Transport = {
      send: (_r, o) => {
        sends++;
        return new Promise((resolve) =>
          o?.signal?.addEventListener('abort', () =>
            resolve({ kind: 'no-response', reason: 'aborted', message: 'Cancelled', durationMs: 3 }),
          ),
        );
      },
    };
    const { store, requests } = setup({ transportFor: () => stalled });
    ready(store, '{result: function() { return 1; }, fault: function() {}}');
    const first = requests.send();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get().inFlight).toEqual({ startedAt: 1000 });
    await requests.send();
    requests.cancel();
    await first;
    expect(sends).toBe(1);
    expect(store.get().history.map((h) => h.status)).toEqual(['cancelled']);
    expect(store.get().result).toMatchObject({ kind: 'unreachable', message: 'Cancelled' });
    expect(requests.rawText()).toBe('');
  });

  it('waits for the check of the text on screen before building the request (typed, then sent at once)', async () => {
    const { store, requests } = setup({
      // The editor's newest text is still being checked when Send is pressed; its flattening lands meanwhile.
      settle: async () => {
        await new Promise((r) => setTimeout(r, 20));
        store.update({
          flat: flatOf('{result: function() { return 1001; }, fault: function() {}}'),
        });
      },
    });
    ready(store, '{result: function() { return 1000; }, fault: function() {}}');
    const first = requests.send();
    await requests.send(); // a second press while the first waits for the check: ignored
    await first;
    expect(store.get().result).toMatchObject({ kind: 'ok', value: 1001 });
    expect(store.get().history).toHaveLength(1);
  });

  it('a parser that fails is said, and the page is ready for the next send', async () => {
    const { store, requests } = setup({ parse: () => Promise.reject(new Error('worker gone')) });
    ready(store, '{result: function() { return 1; }, fault: function() {}}');
    await requests.send();
    expect(store.get().result).toMatchObject({
      kind: 'unreachable',
      message: 'The reply could not be read: worker gone',
    });
    expect(store.get().inFlight).toBeNull();
  });

  it('re-sends a History entry: raw params without the tracing options, its tracerConfig and timeout back in the form', async () => {
    const { store, requests } = setup();
    ready(
      store,
      '{setup: function(c) { this.c = JSON.parse(c); }, result: function() { return this.c.n; }, fault: function() {}}',
    );
    store.update((s) => ({ request: { ...s.request, tracerConfig: '{"n":7}', timeout: '3s' } }));
    await requests.send();
    const entry = store.get().history[0];
    store.update({ request: createRequestDraft('eth_blockNumber') });
    await requests.resend(entry);
    const r = store.get().request;
    expect(r).toMatchObject({
      method: 'debug_traceCall',
      rawMode: true,
      tracerConfig: '{"n":7}',
      timeout: '3s',
    });
    expect(JSON.parse(r.rawParams)).toEqual([demo().call, 'latest']);
    expect(store.get().history.map((h) => h.status)).toEqual(['ok', 'ok']);
    expect(store.get().result).toMatchObject({ value: 7 });
  });

  it.each([
    [false, { txHash: 'typed' }, (d: DemoDefaults) => d.txHash],
    [true, { txHash: 'typed' }, () => 'typed'],
    [true, {}, (d: DemoDefaults) => d.txHash],
  ])('fillDemo(quiet=%s) over %j gives the right tx hash', async (quiet, fields, expected) => {
    const { store, requests } = setup();
    store.update({ request: { ...createRequestDraft('debug_traceTransaction'), fields } });
    await requests.fillDemo(quiet);
    expect(store.get().request.fields.txHash).toBe(expected(demo()));
  });

  it.each([
    [
      { method: 'debug_traceTransaction', subject: 'tx' as const },
      (d: DemoDefaults) => ({ txHash: d.txHash }),
    ],
    [
      { method: 'debug_traceTransaction', subject: 'revertTx' as const },
      (d: DemoDefaults) => ({ txHash: d.revertTxHash }),
    ],
    [
      { method: 'debug_traceCall', subject: 'call' as const },
      (d: DemoDefaults) => ({ call: JSON.stringify(d.call, null, 2) }),
    ],
  ])('a template demo %j sets the form on the embedded node', async (templateDemo, fields) => {
    const { store, seen, requests } = setup();
    store.update({ request: createRequestDraft('eth_blockNumber') });
    expect(await requests.useTemplateDemo(templateDemo)).toBe(true);
    expect(store.get().request).toMatchObject({
      method: templateDemo.method,
      rawMode: false,
      fields: fields(demo()),
    });
    expect(seen.notices.at(-1)).toMatch(
      new RegExp(`^The request form is set to this template's demo: ${templateDemo.method} of `),
    );
  });

  it('a template demo with another endpoint active leaves the form and says how to try it', async () => {
    const { store, seen, requests } = setup();
    store.update((s) => ({
      endpoints: [
        ...s.endpoints,
        { ...s.endpoints[0], id: 'n', name: 'My node', kind: 'http' as const, url: 'http://127.0.0.1:9' },
      ],
      activeEndpointId: 'n',
      request: createRequestDraft('eth_blockNumber'),
    }));
    expect(await requests.useTemplateDemo({ method: 'debug_traceTransaction', subject: 'tx' })).toBe(false);
    expect(store.get().request.method).toBe('eth_blockNumber');
    expect(seen.notices.at(-1)).toMatch(/choose the embedded node as the endpoint to try it\.$/);
  });

  it('probes an endpoint and keeps the worded report', async () => {
    const { store, requests } = setup();
    const id = store.get().endpoints[0].id;
    const running = requests.probe(id);
    expect(store.get().probe).toEqual({ endpointId: id, running: true, evidence: [] });
    await running;
    expect(store.get().probe).toMatchObject({
      endpointId: id,
      running: false,
      verdict: expect.stringMatching(/^JavaScript tracers run on this node — behaves like geth\./),
    });
  });
});
