import type { Endpoint } from '../core/rpc/endpoint/endpoint.ts';
import type { AppState } from './appState.ts';

/** Adds an endpoint, or replaces the one with its id. */
export function saveEndpoint(s: AppState, e: Endpoint): Partial<AppState> {
  return {
    endpoints: s.endpoints.some((x) => x.id === e.id)
      ? s.endpoints.map((x) => (x.id === e.id ? e : x))
      : [...s.endpoints, e],
  };
}

/** Removes an endpoint; when it was the active one, the first endpoint (the embedded node) becomes active. */
export function removeEndpoint(s: AppState, id: string): Partial<AppState> {
  return {
    endpoints: s.endpoints.filter((x) => x.id !== id),
    activeEndpointId: s.activeEndpointId === id ? s.endpoints[0].id : s.activeEndpointId,
  };
}

/** The endpoint requests go to: the active one (the first, the embedded node, when the active one is gone). */
export function activeEndpoint(s: AppState): Endpoint {
  return s.endpoints.find((e) => e.id === s.activeEndpointId) ?? s.endpoints[0];
}
