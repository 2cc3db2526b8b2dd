import type { ChainBlock } from './chainTypes.ts';
import { formatHeader } from './formatHeader.ts';
import { formatTx } from './formatRpc.ts';
import { blockLogs } from './getLogs.ts';
import type { LogCriteria, RpcLog } from './getLogs.ts';
import type { BlockSelector } from './params.ts';
import { invalidParams } from './rpcError.ts';

/** What a filter or a subscription watches: its kind and, for logs, the criteria; for transactions, full ones or hashes. */
export type Watch =
  | { kind: 'logs'; criteria: LogCriteria }
  | { kind: 'blocks' }
  | { kind: 'newHeads' }
  | { kind: 'syncing' }
  | { kind: 'pendingTransactions'; fullTx: boolean };

/** A range end as geth's filter system keeps it: a block number, or one of the negative tags (latest, safe…). */
const tagNumber = { latest: -2n, pending: -1n, earliest: -5n, safe: -4n, finalized: -3n } as const;

function asNumber(sel: BlockSelector | undefined): bigint {
  if (!sel) return tagNumber.latest;
  if (sel.kind === 'number') return sel.number;
  return sel.kind === 'tag' ? tagNumber[sel.tag] : tagNumber.latest;
}

/**
 * geth's EventSystem.SubscribeLogs checks (eth_newFilter, eth_subscribe('logs')): pending is refused
 * (`pending logs are not supported`); then only latest..latest, n..m with n ≤ m, or n..latest are watched
 * (earliest counts as block 0 for the start), anything else is `invalid block range params`.
 */
export function checkLogWatch(c: LogCriteria): void {
  let from = asNumber(c.from);
  const to = asNumber(c.to);
  if (from === tagNumber.pending || to === tagNumber.pending)
    throw invalidParams('pending logs are not supported');
  if (from === tagNumber.earliest) from = 0n;
  const latest = tagNumber.latest;
  if (from === latest && to === latest) return;
  if (from >= 0n && to >= 0n && to >= from) return;
  if (from >= 0n && to === latest) return;
  throw invalidParams('invalid block range params');
}

/** geth's filterLogs bounds: a numeric fromBlock/toBlock limits the new blocks whose logs are sent. */
function inRange(c: LogCriteria, log: RpcLog): boolean {
  const n = BigInt(log.blockNumber);
  if (c.from?.kind === 'number' && c.from.number > n) return false;
  return !(c.to?.kind === 'number' && c.to.number < n);
}

/** A transaction as geth sends a pending one (NewRPCPendingTransaction): no block, no index. */
function pendingTx(t: ChainBlock['txs'][number]): Record<string, unknown> {
  return { ...formatTx(t), blockHash: null, blockNumber: null, transactionIndex: null };
}

/**
 * What a newly mined block brings a watcher, in geth's shapes: the block hash (block filters), the header
 * (newHeads), each matching log (logs), each transaction's hash or object (pending transactions: on this node a
 * transaction is mined as soon as it is sent, so it is announced with its block).
 */
export function watchItems(w: Watch, b: ChainBlock): unknown[] {
  switch (w.kind) {
    case 'blocks':
      return [b.hash];
    case 'newHeads':
      return [formatHeader(b)];
    case 'logs':
      return blockLogs(b, w.criteria).filter((log) => inRange(w.criteria, log));
    case 'pendingTransactions':
      return b.txs.map((t) => (w.fullTx ? pendingTx(t) : t.hash));
    case 'syncing':
      // The node never syncs: geth sends a syncing subscription nothing until its sync status changes.
      return [];
  }
}
