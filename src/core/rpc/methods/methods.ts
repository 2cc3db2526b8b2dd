import type { TraceOptionsInput } from './buildTraceOptions.ts';
import { type JsonRpcRequest, type RpcFamily, buildRequest, contentTypeFor } from '../protocol/jsonRpc.ts';
import {
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

export type { BuildParamsResult, MethodSpec, ParamSpec } from './defineMethod.ts';

const blockParam: ParamSpec = {
  name: 'block',
  description: 'block number in hex or a tag (latest, earliest, pending, safe, finalized), or a block hash',
  required: true,
  example: 'latest',
  check: one('block', validateBlockId),
};

/**
 * Which handler family of the embedded node answers a method: `ethHandlers`, `callHandlers`, `traceHandlers`,
 * `filterHandlers` (filters and subscriptions) or `devHandlers` (dev-chain controls) in src/evm/node.
 */
export type EmbeddedFamily = 'eth' | 'call' | 'trace' | 'filter' | 'dev';

/** One row of {@link methodTable}. */
export interface MethodEntry {
  /** The embedded node's handler family that answers the method, or null: the embedded node does not serve it. */
  readonly embedded: EmbeddedFamily | null;
  /**
   * How the request form and the CLI build and validate the method (its name is the row's key). Absent: the form and
   * the CLI do not offer it (the embedded node answers it for tools, wallets, the probe and fixture capture).
   */
  readonly request?: Omit<MethodSpec, 'name' | 'buildParams'>;
  /**
   * A read-only method that tracing on another node's state may send to it (the transaction, its block, the chain id,
   * state at a block): the only ones a trace process may have its parent send upstream (src/core/upstream).
   */
  readonly upstreamState?: true;
  /**
   * A method that changes the embedded node's chain (sends a transaction); `serve` journals it for its trace
   * processes. The dev-chain controls (family 'dev') change it too, without this mark.
   */
  readonly changesChain?: true;
}

/**
 * THE table of JSON-RPC methods, the only list of method names in src/. The request form (method list and fields),
 * the CLI (`--method` and its known list), payload validation (`buildPayload`), share links and saved state, `serve`'s
 * trace processes (`isTraceMethod`) and the embedded node's dispatch (src/evm/node/createEmbeddedNode.ts) all read it.
 * Rows with `request` come first, in the order the form and the CLI list them.
 */
export const methodTable = {
  debug_traceCall: {
    embedded: 'trace',
    request: {
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
    },
  },
  debug_traceTransaction: {
    embedded: 'trace',
    request: {
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
    },
  },
  debug_traceBlockByNumber: {
    embedded: 'trace',
    request: {
      family: 'ethereum',
      description: 'Traces every transaction of a block given by number',
      takesTraceOptions: true,
      params: [
        { ...blockParam, description: 'block number in hex or a tag', check: one('block', validateBlockTag) },
      ],
    },
  },
  debug_traceBlockByHash: {
    embedded: 'trace',
    request: {
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
    },
  },
  eth_blockNumber: {
    embedded: 'eth',
    request: {
      family: 'ethereum',
      description: 'Number of the latest block',
      takesTraceOptions: false,
      params: [],
    },
  },
  web3_clientVersion: {
    embedded: 'eth',
    request: {
      family: 'ethereum',
      description: 'Name and version of the node client',
      takesTraceOptions: false,
      params: [],
    },
  },
  getrawtransaction: {
    embedded: null,
    request: {
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
    },
  },
  decoderawtransaction: {
    embedded: null,
    request: {
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
    },
  },
  // Answered by the embedded node only (not offered by the form or the CLI).
  rpc_modules: { embedded: 'eth' },
  net_version: { embedded: 'eth' },
  eth_chainId: { embedded: 'eth', upstreamState: true },
  eth_gasPrice: { embedded: 'eth' },
  eth_getBlockByNumber: { embedded: 'eth', upstreamState: true },
  eth_getBlockByHash: { embedded: 'eth', upstreamState: true },
  eth_getTransactionByHash: { embedded: 'eth', upstreamState: true },
  eth_getRawTransactionByHash: { embedded: 'eth' },
  eth_getTransactionReceipt: { embedded: 'eth' },
  eth_getBalance: { embedded: 'eth', upstreamState: true },
  eth_getTransactionCount: { embedded: 'eth', upstreamState: true },
  eth_getCode: { embedded: 'eth', upstreamState: true },
  eth_getStorageAt: { embedded: 'eth', upstreamState: true },
  eth_sendRawTransaction: { embedded: 'eth', changesChain: true },
  eth_call: { embedded: 'call' },
  eth_estimateGas: { embedded: 'call' },
  eth_maxPriorityFeePerGas: { embedded: 'eth' },
  eth_feeHistory: { embedded: 'eth' },
  eth_accounts: { embedded: 'eth' },
  eth_sendTransaction: { embedded: 'eth', changesChain: true },
  net_listening: { embedded: 'eth' },
  eth_syncing: { embedded: 'eth' },
  web3_sha3: { embedded: 'eth' },
  eth_getLogs: { embedded: 'eth' },
  eth_getBlockReceipts: { embedded: 'eth' },
  eth_getTransactionByBlockNumberAndIndex: { embedded: 'eth' },
  eth_getTransactionByBlockHashAndIndex: { embedded: 'eth' },
  eth_getBlockTransactionCountByNumber: { embedded: 'eth' },
  eth_getBlockTransactionCountByHash: { embedded: 'eth' },
  // --- filters and subscriptions (family 'filter') ---
  eth_newFilter: { embedded: 'filter' },
  eth_newBlockFilter: { embedded: 'filter' },
  eth_newPendingTransactionFilter: { embedded: 'filter' },
  eth_getFilterChanges: { embedded: 'filter' },
  eth_getFilterLogs: { embedded: 'filter' },
  eth_uninstallFilter: { embedded: 'filter' },
  eth_subscribe: { embedded: 'filter' },
  eth_unsubscribe: { embedded: 'filter' },
  eth_createAccessList: { embedded: 'call' },
  eth_getProof: { embedded: 'eth', upstreamState: true },
  // --- end of filters and subscriptions ---
  // --- dev-chain controls, anvil's and hardhat's names (family 'dev') ---
  evm_mine: { embedded: 'dev' },
  anvil_mine: { embedded: 'dev' },
  hardhat_mine: { embedded: 'dev' },
  evm_snapshot: { embedded: 'dev' },
  evm_revert: { embedded: 'dev' },
  evm_setNextBlockTimestamp: { embedded: 'dev' },
  evm_increaseTime: { embedded: 'dev' },
  evm_setAutomine: { embedded: 'dev' },
  anvil_setBalance: { embedded: 'dev' },
  hardhat_setBalance: { embedded: 'dev' },
  anvil_setCode: { embedded: 'dev' },
  hardhat_setCode: { embedded: 'dev' },
  anvil_setStorageAt: { embedded: 'dev' },
  hardhat_setStorageAt: { embedded: 'dev' },
  anvil_setNonce: { embedded: 'dev' },
  hardhat_setNonce: { embedded: 'dev' },
  // --- end of dev-chain controls ---
  // Not answered here; sent to other nodes only.
  // EIP-7910: the fork rules the node runs now (its precompiles, system contracts, blob schedule).
  eth_config: { embedded: null, upstreamState: true },
} as const satisfies Readonly<Record<string, MethodEntry>>;

type Table = typeof methodTable;

/** The methods the form and the CLI build requests for (the rows of {@link methodTable} with `request`). */
export type MethodName = {
  [K in keyof Table]: Table[K] extends { request: object } ? K : never;
}[keyof Table];

/** A method the embedded node answers. */
export type EmbeddedMethodName = {
  [K in keyof Table]: Table[K]['embedded'] extends EmbeddedFamily ? K : never;
}[keyof Table];

const rows = Object.entries(methodTable) as [keyof Table, MethodEntry][];

/** Every method the form and the CLI offer, by name, with its params builder. */
export const methods = Object.fromEntries(
  rows.flatMap(([name, row]) => (row.request ? [[name, defineMethod({ name, ...row.request })]] : [])),
) as Readonly<Record<MethodName, MethodSpec>>;

/** The methods the form and the CLI offer, in table order. */
export const methodNames = rows.flatMap(([name, row]) => (row.request ? [name] : [])) as MethodName[];

/** The methods the embedded node answers, with the handler family that answers each. */
export const embeddedMethods = Object.fromEntries(
  rows.flatMap(([name, row]) => (row.embedded ? [[name, row.embedded]] : [])),
) as Readonly<Record<EmbeddedMethodName, EmbeddedFamily>>;

/** The methods tracing on another node's state may send to it (the rows marked `upstreamState`). */
export const upstreamStateMethods: ReadonlySet<string> = new Set(
  rows.flatMap(([name, row]) => (row.upstreamState ? [name] : [])),
);

/** True for a method that changes the embedded node's chain: a row marked `changesChain`, or a dev-chain control. */
export function changesChain(name: string): boolean {
  if (!Object.prototype.hasOwnProperty.call(methodTable, name)) return false;
  const row: MethodEntry = methodTable[name as keyof typeof methodTable];
  return row.changesChain === true || row.embedded === 'dev';
}

/** True for a method the form and the CLI offer. */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methods, name);
}

/** True for the methods that run tracer code (those the embedded node's trace handlers answer). */
export function isTraceMethod(name: unknown): boolean {
  return (
    typeof name === 'string' &&
    Object.prototype.hasOwnProperty.call(embeddedMethods, name) &&
    embeddedMethods[name as EmbeddedMethodName] === 'trace'
  );
}

/** Looks up a method; undefined for names the form and the CLI do not offer. */
export function findMethod(name: string): MethodSpec | undefined {
  return isMethodName(name) ? methods[name] : undefined;
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
