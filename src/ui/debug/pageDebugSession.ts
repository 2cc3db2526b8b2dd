import type { AppState } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import type { PanelContext } from '../panels/panelContext.ts';
import { createDebugSession, type DebugSession } from './createDebugSession.ts';
import type { DebugRunner } from './debugRun.ts';
import { latestDebugRun } from './latestDebugRun.ts';

const sessions = new WeakMap<Store<AppState>, DebugSession>();

/** The embedded node's debugging run, through its worker (see NodeWorkerApi.debugTrace). */
function embeddedRunner(ctx: PanelContext): DebugRunner {
  return async (request, options) => {
    const node = ctx.node() as Partial<{ debugTrace: DebugRunner }>;
    if (!node.debugTrace) throw new Error('this build of the embedded node has no debugging runs');
    return node.debugTrace(request, options);
  };
}

/** The page's one debugging session (the Console and Inspector panels share it), created on first use. */
export function pageDebugSession(ctx: PanelContext): DebugSession {
  let session = sessions.get(ctx.store);
  if (!session) {
    session = createDebugSession(embeddedRunner(ctx));
    session.subscribe((s, prev) => {
      if (s.run !== prev.run) latestDebugRun.set(s.run);
    });
    sessions.set(ctx.store, session);
  }
  return session;
}
