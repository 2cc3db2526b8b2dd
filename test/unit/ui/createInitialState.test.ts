import { describe, expect, it } from 'vitest';
import { createInitialState, starterTracer } from '../../../src/state/createInitialState.ts';
import { saveState, storageKey } from '../../../src/state/persist.ts';
import { encodeShareHash } from '../../../src/state/shareLink.ts';
import { createEmbeddedEndpoint, createRequestDraft } from '../../../src/state/appState.ts';

function createMapStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

const mine = { id: 'm', name: 'Mine', source: '{result: function () { return 1; }, fault: function () {}}' };
function savedStorage() {
  const s = createMapStorage();
  saveState(s, {
    tracers: [mine],
    activeTracerId: 'm',
    request: createRequestDraft('eth_blockNumber'),
    endpoints: [createEmbeddedEndpoint()],
    activeEndpointId: 'embedded',
    history: [],
  });
  return s;
}
const link = encodeShareHash({
  tracer: { name: 'Shared', source: '{result: function () { return 2; }, fault: function () {}}' },
  request: { ...createRequestDraft('debug_traceTransaction'), fields: { txHash: '0x' + '11'.repeat(32) } },
});

describe('createInitialState', () => {
  it('starts a first visit with the starter tracer, example fields and demo values to come', () => {
    const { state, freshDraft } = createInitialState(createMapStorage(), '');
    expect(state.tracers.map((t) => t.source)).toEqual([starterTracer]);
    expect(state.request.fields.block).toBe('latest');
    expect(state.notice).toBeNull();
    expect(freshDraft).toBe(true);
  });

  it('restores saved work', () => {
    const { state, freshDraft } = createInitialState(savedStorage(), '');
    expect(state.tracers).toEqual([mine]);
    expect(state.request.method).toBe('eth_blockNumber');
    expect(freshDraft).toBe(false);
  });

  it('opens a share link as a new tab next to the saved work', () => {
    const { state, freshDraft } = createInitialState(savedStorage(), link);
    expect(state.tracers.map((t) => t.name)).toEqual(['Mine', 'Shared (shared)']);
    expect(state.activeTracerId).toBe(state.tracers[1].id);
    expect(state.request.method).toBe('debug_traceTransaction');
    expect(state.notice).toMatch(/Nothing was sent/);
    expect(state.history).toEqual([]);
    expect(freshDraft).toBe(false);
  });

  it.each([link.slice(0, -20), link.replace('#v1=', '#v3=')])('keeps saved work on a bad link %#', (bad) => {
    const { state } = createInitialState(savedStorage(), bad);
    expect(state.tracers).toEqual([mine]);
    expect(state.notice).toMatch(/damaged or incomplete|newer version/);
  });

  it('starts fresh with a message when the saved state is corrupted', () => {
    const { state } = createInitialState(
      createMapStorage({ [storageKey]: '{"version":2,"tracers":[]}' }),
      '',
    );
    expect(state.tracers).toHaveLength(1);
    expect(state.notice).toMatch(/could not be read \(no tracers\)/);
  });
});
