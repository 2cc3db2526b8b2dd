import type { Chain } from './chainTypes.ts';
import { createFilterRegistry } from './createFilterRegistry.ts';
import type { FilterRegistry } from './createFilterRegistry.ts';
import { decodeCriteria, getLogs } from './getLogs.ts';
import type { Handler } from './nodeContext.ts';
import { checkArity, decodeBool } from './params.ts';
import { invalidArgument, invalidParams, RpcError, serverError } from './rpcError.ts';
import { checkLogWatch } from './watchItems.ts';
import type { Watch } from './watchItems.ts';

/** One filter registry per chain (the node's), made on first use. */
const registries = new WeakMap<Chain, FilterRegistry>();

function filtersOf(chain: Chain): FilterRegistry {
  let r = registries.get(chain);
  if (!r) registries.set(chain, (r = createFilterRegistry(chain)));
  return r;
}

/** Go's name for a JSON value's kind, as in `json: cannot unmarshal <kind> into Go value of type …`. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

/** A filter or subscription id (geth's rpc.ID, a string: null decodes to "", which no filter has). */
function decodeId(p: unknown): string {
  const [v] = checkArity(Array.isArray(p) ? p.map((x: unknown) => x ?? '') : p, 1, 1);
  if (typeof v !== 'string')
    throw invalidArgument(0, `json: cannot unmarshal ${jsonKind(v)} into Go value of type rpc.ID`);
  return v;
}

/** The optional `fullTx` flag of the pending-transaction filter and subscription. */
function fullTxAt(params: unknown[], index: number): boolean {
  const v = params[index];
  return v === undefined || v === null ? false : decodeBool(v, index);
}

/** eth_subscribe's params as geth's handler reads them: the name first, then that subscription's arguments. */
function decodeSubscription(p: unknown): Watch {
  if (!Array.isArray(p)) throw invalidParams('non-array args');
  const name: unknown = p[0];
  if (typeof name !== 'string') throw invalidParams('expected subscription name as first argument');
  if (name === 'newHeads') {
    checkArity(p, 1, 1);
    return { kind: 'newHeads' };
  }
  if (name === 'logs') {
    const criteria = decodeCriteria(checkArity(p, 2, 2)[1], 1);
    checkLogWatch(criteria);
    return { kind: 'logs', criteria };
  }
  if (name === 'syncing') {
    checkArity(p, 1, 1);
    return { kind: 'syncing' };
  }
  if (name === 'newPendingTransactions')
    return { kind: 'pendingTransactions', fullTx: fullTxAt(checkArity(p, 1, 2), 1) };
  throw new RpcError(-32601, `no ${JSON.stringify(name)} subscription in eth namespace`);
}

/**
 * Filters and subscriptions as geth's eth/filters answers them: ids are 16 random bytes as hex quantities, changes
 * come in geth's shapes (block hashes, transaction hashes or objects, eth_getLogs' logs), an unknown or expired id
 * is `filter not found` (-32000), and eth_subscribe without a connection that can take notifications (HTTP) is
 * `notifications not supported` (-32601). The method table's family 'filter'.
 */
export const filterHandlers: Record<string, Handler> = {
  eth_newFilter: async (ctx, p) => {
    const raw = checkArity(p, 1, 1)[0];
    const criteria = decodeCriteria(raw);
    checkLogWatch(criteria);
    return filtersOf(ctx.chain).install({ kind: 'logs', criteria }, raw);
  },
  eth_newBlockFilter: async (ctx, p) => {
    checkArity(p, 0, 0);
    return filtersOf(ctx.chain).install({ kind: 'blocks' });
  },
  eth_newPendingTransactionFilter: async (ctx, p) => {
    const fullTx = fullTxAt(checkArity(p, 0, 1), 0);
    return filtersOf(ctx.chain).install({ kind: 'pendingTransactions', fullTx });
  },
  eth_getFilterChanges: async (ctx, p) => filtersOf(ctx.chain).changes(decodeId(p)),
  eth_getFilterLogs: async (ctx, p) => getLogs(ctx.chain, filtersOf(ctx.chain).logCriteria(decodeId(p))),
  eth_uninstallFilter: async (ctx, p) => filtersOf(ctx.chain).uninstall(decodeId(p)),
  eth_subscribe: async (ctx, p) => {
    if (!ctx.subscriptions) throw new RpcError(-32601, 'notifications not supported');
    return ctx.subscriptions.subscribe(decodeSubscription(p));
  },
  eth_unsubscribe: async (ctx, p) => {
    const id = decodeId(p);
    if (!ctx.subscriptions?.unsubscribe(id)) throw serverError('subscription not found');
    return true;
  },
};
