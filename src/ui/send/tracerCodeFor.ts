import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import type { AppState } from '../../state/appState.ts';

/**
 * The tracer string a request to `endpoint` carries: the flattened one-line string (console-free: the flattener
 * refuses console calls) for any node; for the embedded node itself, when that string cannot be made only because of
 * console calls, the embedded node's own text that keeps them. `viaOther`: the request runs on another node's state
 * (sendVia), which gets only the flattened string. Null when there is nothing to send.
 */
export function tracerCodeFor(
  s: Pick<AppState, 'flat' | 'embeddedFlat'>,
  endpoint: Pick<Endpoint, 'kind'>,
  viaOther = false,
): string | null {
  if (s.flat) return s.flat.code;
  if (endpoint.kind !== 'embedded' || viaOther) return null;
  return s.embeddedFlat?.code ?? null;
}
