import { methods, buildPayload, type BuildPayloadResult } from '../core/rpc/methods/methods.ts';
import type { ParamError } from '../core/rpc/methods/checked.ts';
import type { RequestDraft } from './appState.ts';

/** A request ready to send, or the problems keyed by field (`params[0]`, `options.timeout`, `raw`, `tracer`…). */
export type DraftRequest = Extract<BuildPayloadResult, { ok: true }> | { ok: false; errors: ParamError[] };

// Params whose text is JSON (an object or a boolean) rather than a plain string.
const jsonParams = new Set(['call', 'verbose']);

/** Turns a form field's text into the param value: JSON for objects/booleans, else the trimmed string. */
export function parseFieldText(
  paramName: string,
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const t = text.trim();
  if (!jsonParams.has(paramName)) return { ok: true, value: t };
  try {
    return { ok: true, value: JSON.parse(t) };
  } catch (e) {
    // A scalar such as `yes` goes to the method's validator, whose message says what is expected.
    if (!/^[[{]/.test(t)) return { ok: true, value: t };
    return { ok: false, message: `not valid JSON: ${(e as Error).message}` };
  }
}

/** The positional params typed in the form (trailing empty optional fields are left out). */
export function collectParams(draft: RequestDraft): { params: unknown[]; errors: ParamError[] } {
  const spec = methods[draft.method];
  const params: unknown[] = [];
  const errors: ParamError[] = [];
  let lastFilled = -1;
  spec.params.forEach((p, i) => {
    if ((draft.fields[p.name] ?? '').trim() !== '' || p.required) lastFilled = i;
  });
  spec.params.forEach((p, i) => {
    if (i > lastFilled) return;
    const text = draft.fields[p.name] ?? '';
    if (text.trim() === '' && p.required) {
      errors.push({ path: `params[${i}]`, message: `${p.name} is required (${p.description})` });
      return;
    }
    if (text.trim() === '' && !p.required) {
      errors.push({
        path: `params[${i}]`,
        message: `${p.name} is empty; fill it or clear the fields after it`,
      });
      return;
    }
    const parsed = parseFieldText(p.name, text);
    if (parsed.ok) params.push(parsed.value);
    else errors.push({ path: `params[${i}]`, message: `${p.name} is ${parsed.message}` });
  });
  return { params, errors };
}

/** Builds the full JSON-RPC request from the draft and the flattened tracer, validating every part. */
export function buildDraftRequest(draft: RequestDraft, flatTracer: string | null): DraftRequest {
  const spec = methods[draft.method];
  let params: unknown[];
  if (draft.rawMode) {
    try {
      params = JSON.parse(draft.rawParams);
    } catch (e) {
      return {
        ok: false,
        errors: [{ path: 'raw', message: `params are not valid JSON: ${(e as Error).message}` }],
      };
    }
    if (!Array.isArray(params))
      return { ok: false, errors: [{ path: 'raw', message: 'params must be a JSON array' }] };
  } else {
    const collected = collectParams(draft);
    if (collected.errors.length) return { ok: false, errors: collected.errors };
    params = collected.params;
  }
  if (!spec.takesTraceOptions) return buildPayload(draft.method, params);
  if (flatTracer === null)
    return {
      ok: false,
      errors: [{ path: 'tracer', message: 'the tracer has errors: fix them before sending' }],
    };
  let tracerConfig: unknown;
  if (draft.tracerConfig.trim() !== '') {
    try {
      tracerConfig = JSON.parse(draft.tracerConfig);
    } catch (e) {
      return {
        ok: false,
        errors: [
          {
            path: 'options.tracerConfig',
            message: `tracerConfig is not valid JSON: ${(e as Error).message}`,
          },
        ],
      };
    }
  }
  const timeout = draft.timeout.trim() === '' ? undefined : draft.timeout.trim();
  return buildPayload(draft.method, params, { tracer: flatTracer, tracerConfig, timeout });
}
