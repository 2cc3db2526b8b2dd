// A `{name: count}` map (opcode histogram, geth's 4byteTracer) → entries sorted by count, selectors decoded.
import { isObject } from './detectResultShape.ts';
import { decodeSelector } from './selectors.ts';
import { viewLimits, type CountEntry, type CountsData } from './viewData.ts';

const selectorKey = /^0x[0-9a-fA-F]{8}(-\d+)?$/;
const opcodeKey = /^[A-Z][A-Z0-9]*$/;

/** The entries of a count map, largest first (ties by key), up to `limit`; the sum of the others is kept in `total`. */
export function prepareCounts(value: unknown, limit: number = viewLimits.counts): CountsData {
  const entries: CountEntry[] = [];
  let total = 0;
  if (isObject(value))
    for (const [key, count] of Object.entries(value))
      if (typeof count === 'number' && Number.isFinite(count)) {
        entries.push({ key, label: null, count });
        total += count;
      }
  const keys = entries.map((e) => e.key);
  const keyKind: CountsData['keyKind'] =
    keys.length && keys.every((k) => selectorKey.test(k))
      ? 'selector'
      : keys.length && keys.every((k) => opcodeKey.test(k))
        ? 'opcode'
        : 'name';
  if (keyKind === 'selector') for (const e of entries) e.label = decodeSelector(e.key);
  entries.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { entries: entries.slice(0, limit), total, distinct: entries.length, keyKind };
}

/** The sum of several count maps (a block trace's per-transaction histograms). */
export function sumCounts(maps: unknown[]): Record<string, number> {
  const sum: Record<string, number> = Object.create(null);
  for (const m of maps)
    if (isObject(m))
      for (const [k, c] of Object.entries(m)) if (typeof c === 'number') sum[k] = (sum[k] ?? 0) + c;
  return sum;
}
