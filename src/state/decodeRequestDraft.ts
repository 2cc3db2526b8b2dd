import { isMethodName } from '../core/rpc/methods/methods.ts';
import type { RequestDraft } from './appState.ts';

/**
 * Reads a request draft from untrusted data (saved state, a share link): a known method, string fields only,
 * defaults for whatever is missing or of the wrong type. Null when the method is not one the form offers.
 */
export function decodeRequestDraft(value: unknown): RequestDraft | null {
  const r = value as Partial<Record<keyof RequestDraft, unknown>> | null | undefined;
  if (!r || typeof r !== 'object' || !isMethodName(r.method)) return null;
  const fields: Record<string, string> = {};
  if (r.fields && typeof r.fields === 'object')
    for (const [k, v] of Object.entries(r.fields)) if (typeof v === 'string') fields[k] = v;
  const str = (v: unknown, d = '') => (typeof v === 'string' ? v : d);
  return {
    method: r.method,
    fields,
    tracerConfig: str(r.tracerConfig),
    timeout: str(r.timeout),
    rawMode: r.rawMode === true,
    rawParams: str(r.rawParams, '[]'),
  };
}
