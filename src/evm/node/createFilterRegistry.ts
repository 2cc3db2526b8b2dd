import type { Chain } from './chainTypes.ts';
import { newRpcId } from './newRpcId.ts';
import { RpcError, serverError } from './rpcError.ts';
import { watchItems } from './watchItems.ts';
import type { Watch } from './watchItems.ts';

/** geth's filters.Config.Timeout: a filter not polled (eth_getFilterChanges) for this long is removed. */
export const filterTimeoutMs = 5 * 60_000;

/** Installed filters at most; geth has no cap (its filters only expire), a node that serves tools keeps one. */
export const maxFilters = 10_000;

/** A filter: what it watches, the changes since the last poll, when it expires, and its criteria as sent. */
interface Filter {
  watch: Exclude<Watch, { kind: 'newHeads' | 'syncing' }>;
  items: unknown[];
  deadline: number;
  criteria?: unknown;
}

/** The node's polling filters (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter). */
export interface FilterRegistry {
  /** Installs a filter and answers its id; `criteria` is the eth_newFilter object as sent. */
  install(watch: Filter['watch'], criteria?: unknown): string;
  /** The items since the last poll (and the deadline pushed back), or geth's `filter not found`. */
  changes(id: string): unknown[];
  /** The criteria a log filter was installed with, or `filter not found` (other kinds too, like geth). */
  logCriteria(id: string): unknown;
  /** Removes a filter: true if there was one. */
  uninstall(id: string): boolean;
  /** How many filters are installed (expired ones not counted). */
  size(): number;
}

/** Options of {@link createFilterRegistry} (tests pass a clock). */
export interface FilterRegistryOptions {
  timeoutMs?: number;
  now?: () => number;
  limit?: number;
}

const notFound = () => serverError('filter not found');

/**
 * Creates the filters of a node on `chain` as geth's FilterAPI keeps them: each mined block adds its items to
 * every filter, polling takes them, a filter not polled within the timeout is gone (geth removes it within one
 * more timeout; here at once, so the deadline is exact). The chain is reorg-free: no log comes back `removed`.
 */
export function createFilterRegistry(chain: Chain, options: FilterRegistryOptions = {}): FilterRegistry {
  const timeout = options.timeoutMs ?? filterTimeoutMs;
  const now = options.now ?? Date.now;
  const limit = options.limit ?? maxFilters;
  const filters = new Map<string, Filter>();
  const sweep = () => {
    const t = now();
    for (const [id, f] of filters) if (f.deadline <= t) filters.delete(id);
  };
  const live = (id: string): Filter | undefined => {
    sweep();
    return filters.get(id);
  };
  chain.onBlock((b) => {
    sweep();
    for (const f of filters.values()) f.items.push(...watchItems(f.watch, b));
  });
  return {
    install(watch, criteria) {
      sweep();
      if (filters.size >= limit) {
        throw new RpcError(
          -32000,
          `too many filters (${limit}): uninstall some with eth_uninstallFilter, or leave them unpolled for 5 minutes`,
        );
      }
      const id = newRpcId();
      filters.set(id, { watch, items: [], deadline: now() + timeout, criteria });
      return id;
    },
    changes(id) {
      const f = live(id);
      if (!f) throw notFound();
      f.deadline = now() + timeout;
      const out = f.items;
      f.items = [];
      return out;
    },
    logCriteria(id) {
      const f = live(id);
      if (!f || f.watch.kind !== 'logs') throw notFound();
      return f.criteria;
    },
    uninstall: (id) => live(id) !== undefined && filters.delete(id),
    size() {
      sweep();
      return filters.size;
    },
  };
}
