// A tracer result → the data of every view that fits its shape (see viewData.ts), and for a block trace the list of
// its transactions with the views of the selected one. Pure: the page calls it for a small result, the reply parser
// worker for a large one (then only what this returns crosses to the page).
import { detectResultShape, isObject, type ShapeKind } from './detectResultShape.ts';
import { prepareCallTree } from './prepareCallTree.ts';
import { prepareCounts, sumCounts } from './prepareCounts.ts';
import { prepareStateDiff } from './prepareStateDiff.ts';
import { prepareFlatCalls, prepareRecords } from './prepareTables.ts';
import { formatCount } from './quantities.ts';
import {
  type BlockData,
  type BlockSelection,
  type BlockTx,
  type ResultViews,
  type ViewTab,
} from './viewData.ts';

const cut = (shown: number, total: number, what: string) =>
  shown < total ? [`Showing the first ${formatCount(shown)} of ${formatCount(total)} ${what}.`] : [];

/** The views of one (non-block) value. */
function viewsOf(value: unknown, shape: ShapeKind): Omit<ResultViews, 'block' | 'selected'> {
  switch (shape) {
    case 'call-tree': {
      const callTree = prepareCallTree(value);
      return {
        shape,
        tabs: ['call-tree', 'flame'],
        callTree,
        notes: cut(callTree.frames.length, callTree.totalFrames, 'call frames'),
      };
    }
    case 'flat-calls': {
      const calls = prepareFlatCalls(value as unknown[]);
      return { shape, tabs: ['calls'], calls, notes: cut(calls.rows.length, calls.total, 'calls') };
    }
    case 'counts': {
      const counts = prepareCounts(value);
      return { shape, tabs: ['bars'], counts, notes: cut(counts.entries.length, counts.distinct, 'names') };
    }
    case 'records': {
      const records = prepareRecords(value);
      const t = records.timeline;
      const tabs: ViewTab[] = t ? ['table', 'timeline'] : ['table'];
      const notes = cut(records.table.rows.length, records.table.total, 'records');
      if (t && t.points.length < t.total)
        notes.push(`The timeline draws 1 record in ${Math.ceil(t.total / t.points.length)}.`);
      return { shape, tabs, records, notes };
    }
    case 'state-diff': {
      const diff = prepareStateDiff(value);
      return { shape, tabs: ['diff'], diff, notes: [] };
    }
    default:
      return {
        shape,
        tabs: [],
        notes: Array.isArray(value) && !value.length ? ['The result is an empty list.'] : [],
      };
  }
}

/** A block trace's transactions, each with the shape of its result. */
export function blockTxs(value: unknown[]): BlockData {
  const txs: BlockTx[] = value.map((e, index) => {
    const o = isObject(e) ? e : {};
    const error = 'error' in o && !('result' in o) ? String(o.error) : null;
    return {
      index,
      txHash: typeof o.txHash === 'string' ? o.txHash : null,
      error,
      shape: error === null ? detectResultShape(o.result) : 'unknown',
    };
  });
  const canSum = txs.length > 1 && txs.every((t) => t.shape === 'counts');
  return { txs, canSum };
}

/**
 * The views of a result. For a block trace: its transactions, and the views of `selection` (a transaction's index,
 * `'sum'` for the sum of count maps; by default the first transaction with a result).
 */
export function prepareResultViews(value: unknown, selection: BlockSelection = null): ResultViews {
  const shape = detectResultShape(value);
  if (shape !== 'block') return { ...viewsOf(value, shape), block: null, selected: null };
  const list = value as unknown[];
  const block = blockTxs(list);
  let selected: BlockSelection = selection;
  if (selected === 'sum' && !block.canSum) selected = null;
  if (typeof selected === 'number' && !(selected >= 0 && selected < list.length)) selected = null;
  if (selected === null)
    selected = block.canSum ? 'sum' : (block.txs.find((t) => t.error === null)?.index ?? 0);
  const views =
    selected === 'sum'
      ? viewsOf(sumCounts(list.map((e) => (e as Record<string, unknown>).result)), 'counts')
      : block.txs[selected].error !== null
        ? {
            shape: 'unknown' as const,
            tabs: [],
            notes: [`Transaction ${selected} failed in the tracer: ${block.txs[selected].error}`],
          }
        : viewsOf((list[selected] as Record<string, unknown>).result, block.txs[selected].shape);
  return { ...views, block, selected };
}
