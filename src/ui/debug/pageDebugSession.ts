import type { AppState } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import type { JsonRpcRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { createDebugSession, type DebugSession } from './createDebugSession.ts';
import type { DebugRunAnswer, DebugRunner } from './debugRun.ts';
import { latestDebugRun } from './latestDebugRun.ts';
import { runWithRecordingWorker, type PortDebugTrace } from './recordingWorker.ts';

/**
 * The embedded node's debugging runs (NodeWorkerApi.debugTrace) through a panel's context; a recording goes to the
 * recording worker (see runWithRecordingWorker).
 */
export function embeddedDebugRunner(ctx: Pick<PanelContext, 'node'>): DebugRunner {
  return (request, options) =>
    runWithRecordingWorker(
      (r, o) => (ctx.node() as unknown as { debugTrace: PortDebugTrace }).debugTrace(r, o),
      request,
      options,
    );
}

const sessions = new WeakMap<Store<AppState>, DebugSession>();

/**
 * The page's one debugging session for a store (the Console and Inspector panels share it), created on first use
 * over the embedded node's debugging runs (`debugTrace`, see NodeWorkerApi.debugTrace).
 */
export function pageDebugSession(store: Store<AppState>, debugTrace: () => DebugRunner): DebugSession {
  let session = sessions.get(store);
  if (!session) {
    session = createDebugSession((request, options) => debugTrace()(request, options));
    session.subscribe((s, prev) => {
      if (s.run !== prev.run) latestDebugRun.set(s.run);
    });
    sessions.set(store, session);
  }
  return session;
}

/** A label for a request in headings: its method and the start of its first parameter. */
export function requestLabel(request: { method: string; params?: unknown }): string {
  const first = Array.isArray(request.params) ? request.params[0] : undefined;
  return `${request.method} ${typeof first === 'string' ? first.slice(0, 10) + '…' : '(call)'}`;
}

/** Shows a run that Run made on the embedded node (console and profile, no recording) as the session's last run. */
export function showRunDebug(
  session: DebugSession,
  request: JsonRpcRequest,
  tracer: { code: string; timeout?: string },
  answer: DebugRunAnswer,
): void {
  session.show(
    {
      request,
      tracerCode: tracer.code,
      label: requestLabel(request),
      ...(tracer.timeout ? { timeout: tracer.timeout } : {}),
    },
    answer,
  );
}
