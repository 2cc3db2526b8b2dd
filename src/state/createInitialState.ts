import {
  createEmbeddedEndpoint,
  createId,
  createRequestDraft,
  embeddedEndpointId,
  type AppState,
} from './appState.ts';
import { exampleFields } from './demoFields.ts';
import { loadState, type KeyValueStorage } from './persist.ts';
import { decodeShareHash } from './shareLink.ts';

/** The tracer a first visit starts with. */
export const starterTracer = `{
  // Counts the opcodes executed by the transaction.
  counts: {},
  step: function (log, db) {
    var op = log.op.toString();
    this.counts[op] = (this.counts[op] || 0) + 1;
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return this.counts;
  }
}
`;

/** The first state and whether the request form started empty (then the embedded node's demo values fill it). */
export function createInitialState(
  storage: KeyValueStorage,
  hash: string,
): { state: AppState; freshDraft: boolean } {
  const loaded = loadState(storage);
  const saved = loaded.saved;
  const firstId = createId();
  const state: AppState = {
    tracers: saved?.tracers ?? [{ id: firstId, name: 'Opcode counter', source: starterTracer }],
    activeTracerId: saved?.activeTracerId ?? firstId,
    diagnostics: [],
    flat: null,
    request: saved?.request ?? { ...createRequestDraft('debug_traceCall'), fields: exampleFields() },
    endpoints: saved?.endpoints ?? [createEmbeddedEndpoint()],
    activeEndpointId: saved?.activeEndpointId ?? embeddedEndpointId,
    includeCredentials: false,
    inFlight: null,
    result: null,
    history: saved?.history ?? [],
    probe: null,
    notice: loaded.notice,
  };
  const opened = openShareHash(state, hash);
  return { state: opened, freshDraft: !saved && opened.request === state.request };
}

/**
 * Applies a share link in `hash` to `state`: the tracer becomes a new tab and the request replaces the form; nothing
 * is sent and other tracers stay. A bad link only sets the notice.
 */
export function openShareHash(state: AppState, hash: string): AppState {
  const share = decodeShareHash(hash);
  if (share.kind === 'none') return state;
  if (share.kind === 'error') return { ...state, notice: share.message };
  const id = createId();
  const { tracer, request } = share.payload;
  return {
    ...state,
    tracers: [...state.tracers, { id, name: `${tracer.name} (shared)`, source: tracer.source }],
    activeTracerId: id,
    request,
    notice:
      'Opened a shared tracer and request as a new tab. Nothing was sent; your other tracers are untouched.',
  };
}
