import type { ParamError } from './checked.ts';
import { validateTimeout } from '../protocol/parseGoDuration.ts';

/** What the caller chooses for the tracing options object (spec 2.4, geth TraceConfig). */
export interface TraceOptionsInput {
  /** The tracer source, normally the flattened one-line string. */
  tracer?: string;
  /** Any JSON value; geth hands it to `setup(config)` as raw JSON text. */
  tracerConfig?: unknown;
  /** A Go duration string such as `"10s"` (geth's default is 5s). */
  timeout?: string;
}

/** The options object as sent: only the fields that were given, in the order tracer, tracerConfig, timeout. */
export interface TraceOptions {
  tracer?: string;
  tracerConfig?: unknown;
  timeout?: string;
}

/** True for a value made only of null, strings, booleans, finite numbers, arrays and plain objects (depth-limited). */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => isPlainJson(v, depth + 1));
}

/** Validates and builds the tracing options object. Errors carry paths like `options.timeout`. */
export function buildTraceOptions(
  input: TraceOptionsInput,
): { ok: true; value: TraceOptions } | { ok: false; errors: ParamError[] } {
  const errors: ParamError[] = [];
  const out: TraceOptions = {};
  if (input.tracer !== undefined) {
    if (typeof input.tracer !== 'string' || input.tracer.trim() === '') {
      errors.push({
        path: 'options.tracer',
        message: 'tracer must be a non-empty string of JavaScript source',
      });
    } else out.tracer = input.tracer;
  }
  if (input.tracerConfig !== undefined) {
    if (isPlainJson(input.tracerConfig)) out.tracerConfig = input.tracerConfig;
    else {
      const message = 'tracerConfig must be plain JSON (no functions, undefined, NaN, Infinity or cycles)';
      errors.push({ path: 'options.tracerConfig', message });
    }
  }
  if (input.timeout !== undefined) {
    const t = validateTimeout(input.timeout);
    if (t.ok) out.timeout = t.value;
    else errors.push({ path: 'options.timeout', message: t.message });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: out };
}
