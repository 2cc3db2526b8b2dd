import type { TraceOptionsInput } from './buildTraceOptions.ts';
import { type JsonRpcRequest, type RpcFamily, buildRequest, contentTypeFor } from './jsonRpc.ts';
import {
  type MethodName,
  type MethodSpec,
  type ParamSpec,
  bitcoinHex,
  callParam,
  defineMethod,
  one,
  verbosity,
} from './defineMethod.ts';
import type { ParamError } from './checked.ts';
import { validateBlockId, validateBlockTag, validateHash } from './validateHex.ts';

export type { BuildParamsResult, MethodName, MethodSpec, ParamSpec } from './defineMethod.ts';

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
