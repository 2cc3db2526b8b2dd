// Flat call traces and lists of records → sortable tables (raw cells, a format per column), and a timeline of the
// records when they carry a step, pc or depth.
import { isCallFrame, isFlatTrace, isObject, recordsKey } from './detectResultShape.ts';
import { flatEntryDetail } from './frameDetail.ts';
import { toBigInt } from './quantities.ts';
import { decodeEventTopic, decodeSelector, selectorOf } from './selectors.ts';
import {
  viewLimits,
  type Cell,
  type FrameDetail,
  type RecordsData,
  type TableColumn,
  type TableData,
  type TimelineData,
} from './viewData.ts';

type Obj = Record<string, unknown>;

const col = (key: string, label: string, format: TableColumn['format'] = 'text', numeric = false) => ({
  key,
  label,
  format,
  numeric,
});

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const method = (input: unknown): string | null => decodeSelector(input) ?? selectorOf(input);
/** A gas amount as a number when it is one (hex or decimal), else the raw text. */
const gasCell = (v: unknown): Cell => {
  const b = toBigInt(v);
  return b === null ? text(v) : Number(b);
};

/** A flat call trace (parity-style entries, or an array of call frames) as a table, one row per call. */
export function prepareFlatCalls(list: unknown[], limit: number = viewLimits.rows): TableData {
  const parity = list.length > 0 && isFlatTrace(list[0]);
  const rows: Cell[][] = [];
  const details: FrameDetail[] = [];
  for (let i = 0; i < list.length && rows.length < limit; i++) {
    const e = list[i];
    if ((parity && isFlatTrace(e)) || (!parity && isCallFrame(e))) details.push(flatEntryDetail(e as Obj, i));
    if (parity && isFlatTrace(e)) {
      const a = e.action as Obj;
      const r = isObject(e.result) ? e.result : {};
      const type = text(a.callType) ?? text(e.type) ?? '';
      rows.push([
        i,
        (e.traceAddress as unknown[]).join('.'),
        type.toUpperCase(),
        text(a.from) ?? text(a.address) ?? '',
        text(a.to) ?? text(r.address) ?? text(a.refundAddress) ?? '',
        text(a.value) ?? text(a.balance),
        gasCell(a.gas),
        gasCell(r.gasUsed),
        method(a.input),
        text(e.error) ?? '',
      ]);
    } else if (!parity && isCallFrame(e)) {
      const f = e as Obj;
      rows.push([
        i,
        String(f.type).toUpperCase(),
        text(f.from) ?? '',
        text(f.to) ?? '',
        text(f.value),
        gasCell(f.gas),
        gasCell(f.gasUsed),
        method(f.input),
        [text(f.error), text(f.revertReason)].filter(Boolean).join(': '),
      ]);
    }
  }
  const tail = [
    col('type', 'type'),
    col('from', 'from'),
    col('to', 'to'),
    col('value', 'value', 'eth', true),
    col('gas', 'gas', 'count', true),
    col('gasUsed', 'gas used', 'count', true),
    col('method', 'method'),
    col('error', 'error'),
  ];
  const columns = parity
    ? [col('index', '#', 'count', true), col('traceAddress', 'trace', 'trace'), ...tail]
    : [col('index', '#', 'count', true), ...tail];
  return { columns, rows, total: list.length, details };
}

function clip(s: string): string {
  return s.length > viewLimits.cellChars ? s.slice(0, viewLimits.cellChars - 1) + '…' : s;
}

/** A record's field as a cell: scalars as they are, lists of scalars joined, anything else as short JSON. */
function cellOf(v: unknown): Cell {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return clip(v);
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return clip(v.join(', '));
  return clip(JSON.stringify(v));
}

/** The derived columns a kind of record gets: a decoded event (topics), a decoded method (input). */
const derived: { key: string; label: string; when: (r: Obj) => boolean; cell: (r: Obj) => Cell }[] = [
  {
    key: '(event)',
    label: 'event',
    when: (r) => Array.isArray(r.topics) && r.topics.length > 0,
    cell: (r) => {
      const t0 = Array.isArray(r.topics) ? r.topics[0] : null;
      const name = decodeEventTopic(t0);
      return name ?? (typeof t0 === 'string' ? t0.slice(0, 10) + '…' : null);
    },
  },
  {
    key: '(method)',
    label: 'method',
    when: (r) => typeof r.input === 'string' && selectorOf(r.input) !== null,
    cell: (r) => method(r.input),
  },
];

/** Fields whose names say where in execution a record happened. */
const positionFields = ['step', 'pc', 'depth'];
/** Fields that name a record's kind, tried in order for the timeline's lanes. */
const laneFields = ['op', 'type', '(event)', 'event', 'name', 'kind'];
const maxLanes = 24;
const maxColumns = 24;

/** Lists of records (at the root or under one key of an object) as a sortable table and, when they carry a step,
 * pc or depth, a timeline. */
export function prepareRecords(value: unknown, limit: number = viewLimits.rows): RecordsData {
  let key: string | null = null;
  const fields: RecordsData['fields'] = [];
  let list: unknown[] = [];
  if (Array.isArray(value)) list = value;
  else if (isObject(value)) {
    key = recordsKey(value);
    if (key !== null) {
      list = value[key] as unknown[];
      for (const [k, v] of Object.entries(value))
        if (k !== key) fields.push({ key: k, value: Array.isArray(v) ? '[]' : String(v) });
    }
  }
  const records = list.slice(0, limit).filter(isObject);
  // Columns: the fields of the first records, in the order they first appear.
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const r of records.slice(0, 200))
    for (const k of Object.keys(r))
      if (!seen.has(k) && keys.length < maxColumns) {
        seen.add(k);
        keys.push(k);
      }
  const extra = derived.filter((d) => records.slice(0, 200).some(d.when));
  const rows: Cell[][] = records.map((r, i) => [
    i,
    ...extra.map((d) => (d.when(r) ? d.cell(r) : null)),
    ...keys.map((k) => cellOf(r[k])),
  ]);
  const allKeys = ['(index)', ...extra.map((d) => d.key), ...keys];
  const columns: TableColumn[] = [
    col('(index)', '#', 'count', true),
    ...extra.map((d) => col(d.key, d.label)),
    ...keys.map((k) => {
      const numeric = rows.every((r) => {
        const c = r[allKeys.indexOf(k)];
        return c === null || typeof c === 'number';
      });
      return col(k, k, numeric ? 'count' : 'text', numeric);
    }),
  ];
  const table: TableData = { columns, rows, total: list.length };
  return { table, timeline: prepareTimeline(table), key, fields };
}

/** A timeline of a records table: x is the `step` field (else the record's position), lanes one per kind. */
export function prepareTimeline(
  table: TableData,
  limit: number = viewLimits.timelinePoints,
): TimelineData | null {
  const index = (k: string) => table.columns.findIndex((c) => c.key === k);
  if (!positionFields.some((k) => index(k) >= 0) || !table.rows.length) return null;
  const stepAt = index('step');
  let laneAt = -1;
  let lanes: string[] = [];
  for (const k of [...laneFields, 'depth']) {
    const at = index(k);
    if (at < 0) continue;
    const distinct = [...new Set(table.rows.map((r) => String(r[at] ?? '')))];
    if (distinct.length > maxLanes) continue;
    laneAt = at;
    lanes = k === 'depth' ? distinct.sort((a, b) => Number(a) - Number(b)) : distinct;
    break;
  }
  const laneLabel = laneAt >= 0 ? table.columns[laneAt].label : 'record';
  if (laneAt < 0) lanes = ['record'];
  const laneOf = new Map(lanes.map((l, i) => [l, i]));
  // Evenly thinned when there are more records than points.
  const every = Math.max(1, Math.ceil(table.rows.length / limit));
  const points: TimelineData['points'] = [];
  for (let row = 0; row < table.rows.length; row += every) {
    const r = table.rows[row];
    const step = stepAt >= 0 ? r[stepAt] : null;
    points.push({
      x: typeof step === 'number' ? step : row,
      lane: laneAt >= 0 ? (laneOf.get(String(r[laneAt] ?? '')) ?? 0) : 0,
      row,
    });
  }
  return {
    xLabel: stepAt >= 0 ? 'step' : 'record #',
    laneLabel,
    lanes,
    points,
    total: table.rows.length,
  };
}

type SortKey = number | bigint | string | null;
const collator = new Intl.Collator(undefined, { numeric: true });

/** What a cell is sorted by: numbers and integer strings (hex or decimal) by value, other text as text. */
function sortKey(c: Cell): SortKey {
  if (c === null || c === '') return null;
  if (typeof c === 'number') return c;
  if (typeof c === 'boolean') return c ? 1 : 0;
  return toBigInt(c) ?? c;
}

function compareKeys(a: SortKey, b: SortKey): number {
  const textA = typeof a === 'string';
  const textB = typeof b === 'string';
  if (textA && textB) return collator.compare(a, b);
  if (textA !== textB) return textA ? 1 : -1;
  return a! < b! ? -1 : a! > b! ? 1 : 0;
}

/** Orders two cells: empty last, numbers and integer strings (hex or decimal) by value before other text. */
export function compareCells(a: Cell, b: Cell): number {
  const x = sortKey(a);
  const y = sortKey(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return compareKeys(x, y);
}

/** The order of a table's rows sorted by one column (stable; empty cells last either way). */
export function sortRows(rows: Cell[][], column: number, direction: 'asc' | 'desc'): number[] {
  const keys = rows.map((r) => sortKey(r[column]));
  const order = rows.map((_, i) => i);
  const sign = direction === 'asc' ? 1 : -1;
  order.sort((i, j) => {
    const a = keys[i];
    const b = keys[j];
    if (a === null || b === null) return a === b ? i - j : a === null ? 1 : -1;
    return sign * compareKeys(a, b) || i - j;
  });
  return order;
}
