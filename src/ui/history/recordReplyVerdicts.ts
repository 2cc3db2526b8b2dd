import type { AppState, HistoryEntry } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import { judgeReply } from '../result/judgeReply.ts';

/**
 * The History entry a new result belongs to: a send stores its result and its entry (first in History) in one
 * update, so a result that changed together with the first entry is that entry's; a result reopened from History
 * names its entry.
 */
export function entryOfResult(s: AppState, prev: AppState | null): HistoryEntry | undefined {
  // A result reopened from History is that entry's.
  if (s.result?.openedFrom) {
    if (prev && s.result === prev.result) return undefined;
    return s.history.find((e) => e.id === s.result?.openedFrom);
  }
  if (!s.result || (prev && (s.result === prev.result || s.history[0] === prev.history[0]))) return undefined;
  return s.history[0];
}

/**
 * Keeps History honest: an entry whose reply was not what its tracer returns (the node's default trace, see
 * judgeReply) gets that verdict as its status instead of the classifier's "ok". Returns the unsubscribe function.
 */
export function recordReplyVerdicts(store: Store<AppState>): () => void {
  return store.subscribe((s, prev) => {
    const entry = entryOfResult(s, prev);
    if (!entry || entry.status !== 'ok' || s.result?.kind !== 'ok' || s.result.openedFrom) return;
    const verdict = judgeReply({ ...entry, value: s.result.value, preview: s.result.preview });
    if (verdict.status === 'ok') return;
    // Not inside this notification: the listeners after this one still get the state they were called for. A
    // microtask runs before the page is painted, so History never shows "ok" for it.
    queueMicrotask(() =>
      store.update((now) => ({
        history: now.history.map((e) => (e.id === entry.id ? { ...e, status: verdict.status } : e)),
      })),
    );
  });
}
