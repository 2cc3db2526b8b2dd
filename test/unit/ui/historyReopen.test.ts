import { describe, expect, it } from 'vitest';
import { verbatimTracer } from '../../../src/core/flatten/verbatimTracer.ts';
import type { AppState, HistoryEntry, ResultView } from '../../../src/state/appState.ts';
import { createInitialState } from '../../../src/state/createInitialState.ts';
import { createStore } from '../../../src/state/createStore.ts';
import {
  keepHistoryResults,
  keptResultChars,
  nameSentTracer,
  readKeptResult,
  resultToKeep,
} from '../../../src/ui/history/keepHistoryResults.ts';
import { entryOfResult } from '../../../src/ui/history/recordReplyVerdicts.ts';
import {
  createRequestController,
  type RequestControllerDeps,
} from '../../../src/ui/request/createRequestController.ts';

/** A one-line tracer as the store holds it: its own source, each token mapped to itself. */
const flatOf = (code: string) => verbatimTracer(code, code);

const tabCode = "{step: function (log) {}, result: function () { return 'tab'; }, fault: function () {}}";
const otherCode = "{result: function () { return 'other'; }, fault: function () {}}";

function entry(tracer: string | undefined, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: Math.random().toString(36).slice(2),
    method: 'debug_traceCall',
    params: [{ to: '0x01' }, 'latest', tracer === undefined ? {} : { tracer }],
    endpointName: 'Embedded node',
    time: 1_700_000_000_000,
    status: 'ok',
    durationMs: 12,
    sizeBytes: 40,
    ...extra,
  };
}

const ok = (value: unknown): ResultView => ({
  kind: 'ok',
  message: 'OK',
  durationMs: 12,
  sizeBytes: 40,
  txErrors: [],
  value,
  method: 'debug_traceCall',
});

describe('nameSentTracer', () => {
  const sending = { name: 'Call tree', code: tabCode };
  const named = entry(otherCode, { tracerName: 'Opcode counter' });
  // Table: the tracer in the request → the name History gives it.
  it.each([
    ['the tab that sent it', tabCode, 'Call tree'],
    ['a built-in tracer', 'callTracer', 'callTracer'],
    ['a re-send of an earlier entry’s tracer', otherCode, 'Opcode counter'],
    ['a tracer no one named', '{result: function () { return 1; }}', 'a tracer as sent'],
    ['no tracer', undefined, undefined],
  ] as const)('%s → %s', (_what, tracer, name) => {
    expect(nameSentTracer(entry(tracer), sending, [named])).toBe(name);
  });
});

describe('resultToKeep', () => {
  it.each([
    ['a small result is kept whole', ok({ counts: { PUSH1: 3 } }), false],
    ['a result over the limit is trimmed', ok('x'.repeat(keptResultChars)), true],
    [
      'a result held in the worker is trimmed',
      { ...ok(undefined), tree: { port: {} as MessagePort, size: 1 } },
      true,
    ],
  ] as const)('%s', (_what, r, trimmed) => {
    const kept = resultToKeep(r as ResultView);
    expect(kept.resultTrimmed ?? false).toBe(trimmed);
    expect(kept.result === undefined).toBe(trimmed);
    if (!trimmed) expect(kept.result).toEqual(r);
  });

  // An error's words may name the endpoint's URL (with its key): History, which is saved, keeps no error.
  it.each(['unreachable', 'http-error', 'rpc-error'] as const)('a %s reply is not kept', (kind) => {
    expect(resultToKeep({ ...ok(undefined), kind, message: 'https://node/v2/KEY' })).toEqual({});
  });
});

describe('readKeptResult', () => {
  it.each([
    ['a kept result', ok(1), true],
    ['nothing kept', undefined, false],
    ['a saved value of the wrong shape', { kind: 'ok', message: 3 }, false],
  ] as const)('%s', (_what, result, readable) => {
    expect(readKeptResult(entry(tabCode, { result: result as ResultView })) !== null).toBe(readable);
  });
});

function setup() {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  };
  const state = createInitialState(storage, '').state;
  const store = createStore<AppState>({
    ...state,
    tracers: [{ id: 't1', name: 'Call tree', source: '' }],
    activeTracerId: 't1',
    flat: flatOf(tabCode),
  });
  const panels: string[] = [];
  const requests = createRequestController({
    store,
    showPanel: (p: string) => void panels.push(p),
    notify: () => {},
  } as unknown as RequestControllerDeps);
  keepHistoryResults(store);
  // A send as the controller does it: in flight, then the result and its entry (first in History) in one update.
  const send = async (e: HistoryEntry, r: ResultView) => {
    store.update({ inFlight: { startedAt: 0 } });
    store.update((s) => ({ inFlight: null, result: r, history: [e, ...s.history] }));
    await Promise.resolve();
  };
  return { store, requests, panels, send };
}

describe('History keeps and reopens results', () => {
  it('names the tab’s tracer, keeps the result, and reopens it as that entry’s', async () => {
    const { store, requests, panels, send } = setup();
    const first = entry(tabCode);
    await send(first, ok({ first: true }));
    await send(entry(undefined, { method: 'eth_blockNumber', params: [] }), ok('0x1'));
    const [second, kept] = store.get().history;
    expect(kept).toMatchObject({ tracerName: 'Call tree', result: ok({ first: true }) });
    expect(second.tracerName).toBeUndefined();

    let prev = store.get();
    requests.reopen(kept, readKeptResult(kept)!);
    expect(store.get().result).toEqual({ ...ok({ first: true }), openedFrom: first.id });
    expect(entryOfResult(store.get(), prev)?.id).toBe(first.id);
    expect(requests.rawText()).toBe(JSON.stringify({ first: true }, null, 2));
    expect(panels).toEqual(['result']);
    // Reopening changes neither History nor the entry.
    await Promise.resolve();
    expect(store.get().history.map((e) => e.id)).toEqual([second.id, first.id]);
    prev = store.get();
    store.update({ notice: 'x' });
    expect(entryOfResult(store.get(), prev)).toBeUndefined();
  });

  it('a result too large to keep: marked trimmed, nothing kept', async () => {
    const { store, send } = setup();
    await send(entry(tabCode), ok('y'.repeat(keptResultChars + 1)));
    const [e] = store.get().history;
    expect(e.resultTrimmed).toBe(true);
    expect(e.result).toBeUndefined();
    expect(readKeptResult(e)).toBeNull();
  });
});
