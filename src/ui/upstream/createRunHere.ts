// DOM-free: "run it here" as the page does it, over the store and the request controller. The probe card and the
// Replay panel both start runs here and show the same status.
import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { validateHash } from '../../core/rpc/methods/validateHex.ts';
import type { AppState } from '../../state/appState.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { createRunHereTransport, type RunHereProgress } from './createRunHereTransport.ts';

export type { RunHereProgress };

/** Where a run here stands: nothing yet, running (with what was fetched), or over (with how it ended). */
export type RunHereStatus =
  | { kind: 'idle' }
  | { kind: 'running'; endpointName: string; txHash: string; progress: RunHereProgress; cancelling: boolean }
  | {
      kind: 'over';
      endpointName: string;
      txHash: string;
      progress: RunHereProgress | null;
      outcome: 'ok' | 'failed' | 'cancelled' | 'not-started';
      message: string;
    };

/** Runs the current tracer on another node's state, one run at a time, and tells its listeners how it goes. */
export interface RunHere {
  status(): RunHereStatus;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: (s: RunHereStatus) => void): () => void;
  /**
   * Sets the request form to debug_traceTransaction of `txHash` and sends it through the run-here transport of
   * endpoint `endpointId`: the result shows in Result as any node's answer. Resolves when it is over.
   */
  run(endpointId: string, txHash: string): Promise<void>;
  /** Cancels the run (the request controller's cancel: the status bar's Cancel and Esc do the same). */
  cancel(): void;
}

/** What a run here needs from the page: the panel context's parts, and how to stop the embedded node's worker. */
export type RunHereContext = Pick<PanelContext, 'store' | 'requests' | 'node' | 'transportFor'> & {
  restartNode(): void;
};

const noProgress = (): RunHereProgress => ({ requests: 0, calls: 0, accounts: 0, slots: 0 });

/** Why endpoint `id` cannot be traced on here, or null when it can. */
function refusal(s: AppState, id: string, txHash: string): string | null {
  const endpoint = s.endpoints.find((e) => e.id === id);
  if (!endpoint) return 'That endpoint is no longer in the list.';
  if (endpoint.kind === 'embedded')
    return 'The embedded node runs tracers itself: send the request to it (Request panel).';
  if (endpoint.family === 'bitcoin')
    return `${endpoint.name} is a Bitcoin-style endpoint: it has no EVM state.`;
  const hash = validateHash(txHash, 'transaction hash');
  if (!hash.ok) return `Needs the hash of a mined transaction: ${hash.message}`;
  if (s.inFlight) return 'A request is running: wait for it or cancel it first.';
  return null;
}

/**
 * The worker keeps fetched state per key. The key is opaque (the worker never sees a URL or credential) and changes
 * when the endpoint's address does: state one URL answered is never used for another under the same endpoint id.
 */
function cacheKeyOf(cacheKeys: Map<string, string>, e: Endpoint): string {
  const where = JSON.stringify([e.id, e.url, e.wsUrl, e.preferWs, e.forward, e.user]);
  if (!cacheKeys.has(where)) cacheKeys.set(where, `run-here-${cacheKeys.size + 1}`);
  return cacheKeys.get(where)!;
}

type OverStatus = Extract<RunHereStatus, { kind: 'over' }>;

/** How a run ended, from the state after it (`before`: the newest history entry before it was sent). */
function endOf(
  after: AppState,
  before: AppState['history'][number] | undefined,
  over: Omit<OverStatus, 'outcome' | 'message'>,
): OverStatus {
  if (after.history[0] === before)
    return { ...over, outcome: 'not-started', message: after.notice ?? 'Not sent.' };
  const result = after.result;
  if (after.history[0]?.status === 'cancelled')
    return {
      ...over,
      outcome: 'cancelled',
      message: 'nothing more is fetched; the embedded node was restarted.',
    };
  if (result?.kind === 'ok') return { ...over, outcome: 'ok', message: 'The result is in Result.' };
  return { ...over, outcome: 'failed', message: result?.message ?? 'No result.' };
}

/** Creates the page's run-here over the store and the request controller (see createRunHereTransport). */
export function createRunHere(ctx: RunHereContext): RunHere {
  let status: RunHereStatus = { kind: 'idle' };
  const cacheKeys = new Map<string, string>();
  const listeners = new Set<(s: RunHereStatus) => void>();
  const set = (next: RunHereStatus) => {
    status = next;
    for (const l of [...listeners]) l(status);
  };

  async function run(endpointId: string, txHash: string): Promise<void> {
    const s = ctx.store.get();
    const endpoint = s.endpoints.find((e) => e.id === endpointId);
    const endpointName = endpoint?.name ?? 'endpoint';
    const hash = txHash.trim();
    const refused = status.kind === 'running' ? 'A run is going on already.' : refusal(s, endpointId, hash);
    if (refused || !endpoint) {
      const message = refused ?? 'That endpoint is no longer in the list.';
      return set({
        kind: 'over',
        endpointName,
        txHash: hash,
        progress: null,
        outcome: 'not-started',
        message,
      });
    }
    ctx.requests.setDraft({
      method: 'debug_traceTransaction',
      rawMode: false,
      fields: { ...s.request.fields, txHash: hash },
    });
    const running = {
      kind: 'running',
      endpointName,
      txHash: hash,
      progress: noProgress(),
      cancelling: false,
    } as const;
    set(running);
    const transport = createRunHereTransport({
      traceOnUpstream: (r, ask, key) => ctx.node().traceOnUpstream(r, ask, key),
      restartNode: ctx.restartNode,
      upstream: ctx.transportFor(endpoint),
      label: endpointName,
      cacheKey: cacheKeyOf(cacheKeys, endpoint),
      batches: !(endpoint.preferWs && endpoint.wsUrl),
      onProgress: (progress) => status.kind === 'running' && set({ ...status, progress }),
    });
    const before = ctx.store.get().history[0];
    await ctx.requests.sendVia({ transport, endpointName: `${endpointName} (traced here)` });
    const after = ctx.store.get();
    const progress = status.kind === 'running' ? status.progress : null;
    const over = { kind: 'over', endpointName, txHash: hash, progress } as const;
    set(endOf(after, before, over));
  }

  return {
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run,
    cancel() {
      if (status.kind !== 'running') return;
      set({ ...status, cancelling: true });
      ctx.requests.cancel();
    },
  };
}
