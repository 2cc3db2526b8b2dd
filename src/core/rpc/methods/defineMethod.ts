import { type Checked, type ParamError, describeValue, fail, pass } from './checked.ts';
import { type TraceOptionsInput, buildTraceOptions } from './buildTraceOptions.ts';
import type { RpcFamily } from '../protocol/jsonRpc.ts';
import { validateCallObject } from './validateCallObject.ts';

/** One positional parameter of a method (the tracing options object is not listed: it is built from the tracer). */
export interface ParamSpec {
  name: string;
  description: string;
  required: boolean;
  /** A valid example value (used as a form placeholder and in tests). */
  example: unknown;
  check: (value: unknown, path: string) => ParamError[];
}

/** The result of {@link MethodSpec.buildParams}: the full params array, or every problem with its path. */
export type BuildParamsResult = { ok: true; params: unknown[] } | { ok: false; errors: ParamError[] };

/** A method's description and its params builder, shared by the UI forms and the CLI. */
export interface MethodSpec {
  /** The method's name (its key in the table of src/core/rpc/methods/methods.ts). */
  name: string;
  family: RpcFamily;
  description: string;
  params: readonly ParamSpec[];
  /** Whether a tracing options object follows the params. */
  takesTraceOptions: boolean;
  /** Validates `params` (without the options object) and appends the options object when `options` is given. */
  buildParams(params: unknown[], options?: TraceOptionsInput): BuildParamsResult;
}

/** Adapts a validator to a ParamSpec check: messages name the parameter, errors carry the path. */
export const one =
  (name: string, check: (v: unknown, kind: string) => Checked<unknown>) => (value: unknown, path: string) => {
    const r = check(value, name);
    return r.ok ? [] : [{ path, message: r.message }];
  };

/** Checks Bitcoin-style hex (no 0x), optionally of a fixed byte length. */
export const bitcoinHex = (bytes: number | undefined) => (value: unknown, kind: string) => {
  if (typeof value !== 'string') return fail(`${kind} must be a hex string, got ${describeValue(value)}`);
  if (/^0x/i.test(value)) return fail(`${kind} is written without 0x in Bitcoin-style calls`);
  if (!/^[0-9a-fA-F]*$/.test(value)) return fail(`${kind} must contain only hex digits`);
  if (bytes !== undefined && value.length !== bytes * 2) {
    return fail(`${kind} must be ${bytes} bytes (${bytes * 2} hex digits), got ${value.length} hex digits`);
  }
  if (value.length === 0 || value.length % 2)
    return fail(`${kind} must be a non-empty even number of hex digits`);
  return pass(value);
};

/** Checks the verbose flag of getrawtransaction (boolean, or verbosity 0–2 as newer Bitcoin Core accepts). */
export const verbosity = (value: unknown, kind: string): Checked<unknown> =>
  typeof value === 'boolean' || value === 0 || value === 1 || value === 2
    ? pass(value)
    : fail(`${kind} must be true or false (or verbosity 0, 1, 2), got ${describeValue(value)}`);

/** Checks a call object parameter, reporting each field problem with its path. */
export const callParam = (value: unknown, path: string): ParamError[] => {
  const r = validateCallObject(value, path);
  return r.ok ? [] : (r.errors ?? [{ path, message: r.message }]);
};

/** Creates a method spec with the shared builder logic. */
export function defineMethod(m: Omit<MethodSpec, 'buildParams'>): MethodSpec {
  return { ...m, buildParams: (params, options) => buildMethodParams(m, params, options) };
}

function buildMethodParams(
  m: Omit<MethodSpec, 'buildParams'>,
  params: unknown[],
  options?: TraceOptionsInput,
): BuildParamsResult {
  if (!Array.isArray(params)) {
    return {
      ok: false,
      errors: [{ path: 'params', message: `params must be a JSON array, got ${describeValue(params)}` }],
    };
  }
  const errors: ParamError[] = [];
  if (params.length > m.params.length) {
    const extra = params[m.params.length];
    const hint =
      m.takesTraceOptions && extra !== null && typeof extra === 'object'
        ? ': leave out the options object, it is built from the tracer, tracerConfig and timeout'
        : '';
    const max = m.params.length;
    errors.push({
      path: `params[${max}]`,
      message: `${m.name} takes at most ${max} param${max === 1 ? '' : 's'} here${hint}`,
    });
  }
  m.params.forEach((p, i) => {
    if (i >= params.length) {
      if (p.required) errors.push({ path: `params[${i}]`, message: `missing ${p.name} (${p.description})` });
      return;
    }
    errors.push(...p.check(params[i], `params[${i}]`));
  });
  const out = params.slice(0, m.params.length);
  if (options !== undefined) {
    if (!m.takesTraceOptions) errors.push({ path: 'options', message: `${m.name} takes no tracing options` });
    else {
      const o = buildTraceOptions(options);
      if (o.ok) out.push(o.value);
      else errors.push(...o.errors);
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, params: out };
}
