import type { AppState } from '../../state/appState.ts';
import { buildDraftRequest } from '../../state/buildDraftRequest.ts';
import { tracerCodeFor } from '../send/tracerCodeFor.ts';
import type { DebugRequest } from './createDebugSession.ts';
import { requestLabel } from './pageDebugSession.ts';

/**
 * The request of the Request panel as a debugging run on the embedded node makes it (its own tracer text, console
 * calls kept), or why it cannot be made, in words.
 */
export function debugRequestOf(s: AppState): DebugRequest | string {
  if (!s.request.method.startsWith('debug_trace'))
    return `A debugging run traces a transaction or a call: the request is ${s.request.method} (choose debug_traceTransaction or debug_traceCall in the Request panel).`;
  const tracerCode = tracerCodeFor(s, { kind: 'embedded' });
  const built = buildDraftRequest(s.request, tracerCode);
  if (!built.ok || tracerCode === null)
    return `Not run: ${built.ok ? 'the tracer has errors' : built.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`;
  const timeout = s.request.timeout.trim() || undefined;
  const label = requestLabel(built.request);
  return { request: built.request, tracerCode, label, ...(timeout ? { timeout } : {}) };
}
