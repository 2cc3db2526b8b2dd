import type { DebugRun } from './debugRun.ts';

type Listener = (run: DebugRun | null) => void;
let latest: DebugRun | null = null;
const listeners = new Set<Listener>();

/**
 * The page's latest debugging run, for the parts of the page outside the debugging panels that read it (the run bar's
 * cost warning before a send to another node).
 */
export const latestDebugRun = {
  get: (): DebugRun | null => latest,
  set(run: DebugRun | null): void {
    latest = run;
    for (const fn of listeners) fn(run);
  },
  subscribe(fn: Listener): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};
