import { type Checked, type ParamError, describeValue, fail, pass } from './checked.ts';
import { type TraceOptionsInput, buildTraceOptions } from './buildTraceOptions.ts';
import { type JsonRpcRequest, type RpcFamily, buildRequest, contentTypeFor } from './jsonRpc.ts';
import { validateCallObject } from './validateCallObject.ts';
import { validateBlockId, validateBlockTag, validateHash } from './validateHex.ts';

/** The methods this tool builds requests for. */
export type MethodName =
  | 'debug_traceCall'
  | 'debug_traceTransaction'
  | 'debug_traceBlockByNumber'
  | 'debug_traceBlockByHash'
  | 'eth_blockNumber'
  | 'web3_clientVersion'
  | 'getrawtransaction'
  | 'decoderawtransaction';

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
  name: MethodName;
  family: RpcFamily;
  description: string;
  params: readonly ParamSpec[];
  /** Whether a tracing options object follows the params. */
  takesTraceOptions: boolean;
  /** Validates `params` (without the options object) and appends the options object when `options` is given. */
  buildParams(params: unknown[], options?: TraceOptionsInput): BuildParamsResult;
}

/** Adapts a validator to a ParamSpec check: messages name the parameter, errors carry the path. */
const one =
  (name: string, check: (v: unknown, kind: string) => Checked<unknown>) => (value: unknown, path: string) => {
    const r = check(value, name);
    return r.ok ? [] : [{ path, message: r.message }];
  };

const bitcoinHex = (bytes: number | undefined) => (value: unknown, kind: string) => {
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

const verbosity = (value: unknown, kind: string): Checked<unknown> =>
  typeof value === 'boolean' || value === 0 || value === 1 || value === 2
    ? pass(value)
    : fail(`${kind} must be true or false (or verbosity 0, 1, 2), got ${describeValue(value)}`);

const callParam = (value: unknown, path: string): ParamError[] => {
  const r = validateCallObject(value, path);
  return r.ok ? [] : (r.errors ?? [{ path, message: r.message }]);
};

/** Creates a method spec with the shared builder logic. */
function defineMethod(m: Omit<MethodSpec, 'buildParams'>): MethodSpec {
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

const blockParam: ParamSpec = {
  name: 'block',
  description: 'block number in hex or a tag (latest, earliest, pending, safe, finalized), or a block hash',
  required: true,
  example: 'latest',
  check: one('block', validateBlockId),
};

/** Every supported method by name. */
export const methods: Readonly<Record<MethodName, MethodSpec>> = {
  debug_traceCall: defineMethod({
    name: 'debug_traceCall',
    family: 'ethereum',
    description: 'Runs a call on top of a block and traces it',
    takesTraceOptions: true,
    params: [
      {
        name: 'call',
        description: 'call object {from, to, gas, gasPrice, value, data}',
        required: true,
        example: { to: '0x0000000000000000000000000000000000000001', data: '0x' },
        check: callParam,
      },
      blockParam,
    ],
  }),
  debug_traceTransaction: defineMethod({
    name: 'debug_traceTransaction',
    family: 'ethereum',
    description: 'Re-executes a mined transaction and traces it',
    takesTraceOptions: true,
    params: [
      {
        name: 'txHash',
        description: 'transaction hash, 0x + 64 hex digits',
        required: true,
        example: '0x' + 'ab'.repeat(32),
        check: one('txHash', validateHash),
      },
    ],
  }),
  debug_traceBlockByNumber: defineMethod({
    name: 'debug_traceBlockByNumber',
    family: 'ethereum',
    description: 'Traces every transaction of a block given by number',
    takesTraceOptions: true,
    params: [
      { ...blockParam, description: 'block number in hex or a tag', check: one('block', validateBlockTag) },
    ],
  }),
  debug_traceBlockByHash: defineMethod({
    name: 'debug_traceBlockByHash',
    family: 'ethereum',
    description: 'Traces every transaction of a block given by hash',
    takesTraceOptions: true,
    params: [
      {
        name: 'blockHash',
        description: 'block hash, 0x + 64 hex digits',
        required: true,
        example: '0x' + 'cd'.repeat(32),
        check: one('blockHash', validateHash),
      },
    ],
  }),
  eth_blockNumber: defineMethod({
    name: 'eth_blockNumber',
    family: 'ethereum',
    description: 'Number of the latest block',
    takesTraceOptions: false,
    params: [],
  }),
  web3_clientVersion: defineMethod({
    name: 'web3_clientVersion',
    family: 'ethereum',
    description: 'Name and version of the node client',
    takesTraceOptions: false,
    params: [],
  }),
  getrawtransaction: defineMethod({
    name: 'getrawtransaction',
    family: 'bitcoin',
    description: 'Bitcoin: a transaction as raw hex, or decoded when verbose is true',
    takesTraceOptions: false,
    params: [
      {
        name: 'txid',
        description: 'transaction id, 64 hex digits',
        required: true,
        example: 'ab'.repeat(32),
        check: one('txid', bitcoinHex(32)),
      },
      {
        name: 'verbose',
        description: 'true for a JSON object, false for hex',
        required: false,
        example: true,
        check: one('verbose', verbosity),
      },
      {
        name: 'blockhash',
        description: 'look the transaction up in this block',
        required: false,
        example: 'cd'.repeat(32),
        check: one('blockhash', bitcoinHex(32)),
      },
    ],
  }),
  decoderawtransaction: defineMethod({
    name: 'decoderawtransaction',
    family: 'bitcoin',
    description: 'Bitcoin: decodes a raw transaction hex string',
    takesTraceOptions: false,
    params: [
      {
        name: 'hexstring',
        description: 'raw transaction hex',
        required: true,
        example: '0100',
        check: one('hexstring', bitcoinHex(undefined)),
      },
    ],
  }),
};

/** The list of method names, in table order. */
export const methodNames = Object.keys(methods) as MethodName[];

/** Looks up a method; undefined for names this tool does not know. */
export function findMethod(name: string): MethodSpec | undefined {
  return Object.prototype.hasOwnProperty.call(methods, name) ? methods[name as MethodName] : undefined;
}

/** A ready request with its content type, or the problems found. */
export type BuildPayloadResult =
  | { ok: true; request: JsonRpcRequest; contentType: string; family: RpcFamily }
  | { ok: false; errors: ParamError[] };

/** Validates and builds the full JSON-RPC request for `method` (options appended for tracing methods). */
export function buildPayload(
  method: string,
  params: unknown[],
  options?: TraceOptionsInput,
  id = 1,
): BuildPayloadResult {
  const spec = findMethod(method);
  if (!spec) {
    return {
      ok: false,
      errors: [
        {
          path: 'method',
          message: `unknown method ${JSON.stringify(method)} (known: ${methodNames.join(', ')})`,
        },
      ],
    };
  }
  const built = spec.buildParams(params, options);
  if (!built.ok) return built;
  return {
    ok: true,
    request: buildRequest(spec.name, built.params, spec.family, id),
    contentType: contentTypeFor(spec.family),
    family: spec.family,
  };
}
