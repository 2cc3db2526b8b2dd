import type { AppState, HistoryEntry, ResultView } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import { sentTracer } from '../result/judgeReply.ts';
import { entryOfResult } from './recordReplyVerdicts.ts';

/**
 * The largest result (its JSON, in characters) History keeps to reopen: saved History has a budget of about 1 MB
 * (src/state/persist.ts), so larger results are left out and only sent again.
 */
export const keptResultChars = 16_000;

/**
 * What History keeps of a result: the reply without its worker tree, or that it was too large to keep. Only a
 * node's answer is kept: an error's words may name the endpoint's URL, and saved History keeps no secret.
 */
export function resultToKeep(r: ResultView): Pick<HistoryEntry, 'result' | 'resultTrimmed'> {
  if (r.kind !== 'ok') return {};
  // A large result lives in the parser worker (tree): the page never had it whole.
  if (r.tree) return { resultTrimmed: true };
  const { tree: _tree, openedFrom: _from, ...kept } = r;
  return JSON.stringify(kept).length > keptResultChars ? { resultTrimmed: true } : { result: kept };
}

/** The tracer a request was sent with, taken when it started: the active tab's name and its flattened text. */
export interface SentTracer {
  name: string;
  code: string | null;
}

/**
 * The name History gives the tracer of `entry`: the tab's name when it sent the tab's tracer, a built-in tracer's
 * name (`callTracer`), the name an earlier entry gave the same tracer (a re-send), else "a tracer as sent".
 */
export function nameSentTracer(
  entry: Pick<HistoryEntry, 'method' | 'params'>,
  sending: SentTracer | null,
  history: readonly HistoryEntry[],
): string | undefined {
  const tracer = sentTracer(entry.method, entry.params);
  if (tracer === undefined) return undefined;
  if (sending && tracer === sending.code) return sending.name;
  if (/^\w+$/.test(tracer.trim())) return tracer.trim();
  const earlier = history.find((e) => e.tracerName && sentTracer(e.method, e.params) === tracer);
  return earlier?.tracerName ?? 'a tracer as sent';
}

/** A kept result read back (saved History is data from outside): null when it is not a result's shape. */
export function readKeptResult(entry: HistoryEntry): ResultView | null {
  const r = entry.result as Partial<ResultView> | undefined;
  if (!r || typeof r !== 'object') return null;
  const ok =
    typeof r.kind === 'string' &&
    typeof r.message === 'string' &&
    typeof r.durationMs === 'number' &&
    typeof r.sizeBytes === 'number' &&
    Array.isArray(r.txErrors);
  return ok ? (r as ResultView) : null;
}

/**
 * Gives each new History entry the name of its tracer (taken when the request started) and its result to reopen
 * (or marks it too large to keep). Returns the unsubscribe function.
 */
export function keepHistoryResults(store: Store<AppState>): () => void {
  let sending: SentTracer | null = null;
  return store.subscribe((s, prev) => {
    if (s.inFlight && !prev?.inFlight)
      sending = {
        name: s.tracers.find((t) => t.id === s.activeTracerId)?.name ?? 'tracer',
        code: s.flat?.code ?? null,
      };
    const entry = entryOfResult(s, prev);
    if (!entry || !s.result || s.result.openedFrom) return;
    const tracerName = nameSentTracer(entry, sending, s.history.slice(1));
    const kept = resultToKeep(s.result);
    // As recordReplyVerdicts: not inside this notification, before the page is painted.
    queueMicrotask(() =>
      store.update((now) => ({
        history: now.history.map((e) =>
          e.id === entry.id ? { ...e, ...kept, ...(tracerName ? { tracerName } : {}) } : e,
        ),
      })),
    );
  });
}
