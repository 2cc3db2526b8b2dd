import type { Chain } from './chainTypes.ts';
import { newRpcId } from './newRpcId.ts';
import { RpcError } from './rpcError.ts';
import { watchItems } from './watchItems.ts';
import type { Watch } from './watchItems.ts';

/** Subscriptions one connection may hold at once (geth has no cap; thousands from one socket are refused here). */
export const maxSubscriptions = 1000;

/** geth's notification message: `{jsonrpc, method: 'eth_subscription', params: {subscription, result}}`. */
export interface SubscriptionNotification {
  jsonrpc: '2.0';
  method: 'eth_subscription';
  params: { subscription: string; result: unknown };
}

/** What eth_subscribe / eth_unsubscribe see of their connection. */
export interface SubscriptionScope {
  /** Creates a subscription (its notifications wait until the reply that names it has been sent). */
  subscribe(watch: Watch): string;
  /** Drops a subscription of this connection: true if there was one. */
  unsubscribe(id: string): boolean;
}

/** The subscriptions of one connection (a WebSocket). */
export interface SubscriptionSession {
  /** The scope for one incoming message: the subscriptions it creates are listed in `created`. */
  scope(created: string[]): SubscriptionScope;
  /** The replies naming `ids` have been sent: their notifications (held until now, in order) go out. */
  release(ids: readonly string[]): void;
  /** The connection closed: every subscription is dropped, nothing more is sent. */
  close(): void;
  /** How many subscriptions are live. */
  size(): number;
}

interface Subscription {
  watch: Watch;
  /** Notifications held until the subscribe reply is out; undefined once released. */
  held?: SubscriptionNotification[];
}

/**
 * Creates a connection's subscriptions: each block mined on `chain` is turned into geth's notifications
 * (newHeads, logs, newPendingTransactions) and handed to `send`, after the reply that created the subscription, like
 * geth. At most `limit` subscriptions at once; more get a -32000 error that says so.
 */
export function createSubscriptionSession(
  chain: Chain,
  send: (message: SubscriptionNotification) => void,
  limit = maxSubscriptions,
): SubscriptionSession {
  const subs = new Map<string, Subscription>();
  let closed = false;
  const stop = chain.onBlock((b) => {
    for (const [id, sub] of subs) {
      for (const result of watchItems(sub.watch, b)) {
        const message: SubscriptionNotification = {
          jsonrpc: '2.0',
          method: 'eth_subscription',
          params: { subscription: id, result },
        };
        if (sub.held) sub.held.push(message);
        else send(message);
      }
    }
  });
  return {
    scope: (created) => ({
      subscribe(watch) {
        if (closed) throw new RpcError(-32000, 'connection closed');
        if (subs.size >= limit) {
          throw new RpcError(
            -32000,
            `too many subscriptions on this connection (${limit}): eth_unsubscribe some first`,
          );
        }
        const id = newRpcId();
        subs.set(id, { watch, held: [] });
        created.push(id);
        return id;
      },
      unsubscribe: (id) => subs.delete(id),
    }),
    release(ids) {
      for (const id of ids) {
        const sub = subs.get(id);
        if (!sub?.held) continue;
        const held = sub.held;
        sub.held = undefined;
        for (const message of held) send(message);
      }
    },
    close() {
      closed = true;
      subs.clear();
      stop();
    },
    size: () => subs.size,
  };
}
