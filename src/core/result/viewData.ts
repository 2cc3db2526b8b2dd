// The data the result views draw, prepared from a tracer result by prepareResultViews (pure, structured-clone safe:
// for a large result it is built in the reply parser worker and only this crosses to the page).
import type { ShapeKind } from './detectResultShape.ts';

/** How much of a result the views take; past these they say what they left out. */
export const viewLimits = {
  /** Call frames in the call tree and the flame chart. */
  frames: 10_000,
  /** Rows of a table. */
  rows: 50_000,
  /** Points of a timeline. */
  timelinePoints: 20_000,
  /** Entries of a `{name: count}` map. */
  counts: 5_000,
  /** Characters of one table cell. */
  cellChars: 300,
  /** Characters of a frame's input or output kept for the frame inspector. */
  dataChars: 200_000,
} as const;

/** One frame of a call tree, in depth-first order (`parent` is an earlier frame's `id`, -1 for the top frame). */
export interface CallFrameView {
  id: number;
  parent: number;
  depth: number;
  type: string;
  from: string;
  to: string;
  /** The value sent, as ether text; null when absent or zero. */
  value: string | null;
  gas: number | null;
  gasUsed: number | null;
  /** The input's 4-byte selector (`0xa9059cbb`), and its signature when the built-in table knows it. */
  selector: string | null;
  method: string | null;
  error: string | null;
  revertReason: string | null;
  childCount: number;
  /** The frame's place among its parent's `calls` (0 for the top frame). */
  index: number;
  /** The value sent in wei (decimal digits); null when absent. */
  valueWei: string | null;
  /** Call data and return data as the tracer gave them (hex; cut past `viewLimits.dataChars`). */
  input: string;
  output: string;
  logs: FrameLog[];
}

/** A log a frame emitted (callTracer with `withLog`). */
export interface FrameLog {
  address: string;
  topics: string[];
  data: string;
}

/** Everything the frame inspector shows of one call frame, from a call tree or a flat call trace. */
export interface FrameDetail {
  /** Child indexes from the top frame (`[]` for the top frame itself, `[1, 0]` for its 2nd call's 1st call). */
  path: number[];
  type: string;
  from: string;
  to: string;
  valueWei: string | null;
  gas: number | null;
  gasUsed: number | null;
  input: string;
  output: string;
  error: string | null;
  revertReason: string | null;
  logs: FrameLog[];
}

/** One rectangle of the flame chart: a frame's share of its parent's gas, laid out left to right. */
export interface FlameBar {
  id: number;
  depth: number;
  start: number;
  end: number;
  label: string;
  failed: boolean;
}

export interface CallTreeData {
  frames: CallFrameView[];
  /** Frames in the result (more than `frames.length` when cut at the limit). */
  totalFrames: number;
  maxDepth: number;
  flame: FlameBar[];
}

/** A table cell: raw values (a column's `format` says how to show them; sorting compares the raw values). */
export type Cell = string | number | boolean | null;

export interface TableColumn {
  key: string;
  label: string;
  /** How the page shows the raw value: `eth` (wei → ether), `count` (grouped digits), `trace` (indented path). */
  format: 'text' | 'eth' | 'count' | 'trace';
  /** Right-aligned numbers. */
  numeric: boolean;
}

export interface TableData {
  columns: TableColumn[];
  rows: Cell[][];
  /** Rows in the result (more than `rows.length` when cut at the limit). */
  total: number;
  /** For a table of calls: each row's frame, for the frame inspector. */
  details?: FrameDetail[];
}

/** Records drawn along execution: x is the record's step (or its position), each lane one kind of record. */
export interface TimelineData {
  xLabel: string;
  laneLabel: string;
  lanes: string[];
  /** `row` is the record's row in the table. */
  points: { x: number; lane: number; row: number }[];
  total: number;
}

export interface RecordsData {
  table: TableData;
  timeline: TimelineData | null;
  /** The key the records were under (`structLogs`), and the object's other fields; null for a root array. */
  key: string | null;
  fields: { key: string; value: string }[];
}

export interface CountEntry {
  key: string;
  /** What the key means when known (a decoded selector). */
  label: string | null;
  count: number;
}

export interface CountsData {
  /** Sorted by count, largest first. */
  entries: CountEntry[];
  total: number;
  distinct: number;
  /** What the keys are: opcodes, 4-byte selectors, or names. */
  keyKind: 'opcode' | 'selector' | 'name';
}

export interface DiffRow {
  address: string;
  /** `balance`, `nonce`, `code`, `codeHash` or `storage 0x…`. */
  field: string;
  pre: string | null;
  post: string | null;
  /** `added`/`removed` for a field or slot that appears or goes; `created`/`deleted` for a whole account. */
  change: 'changed' | 'added' | 'removed' | 'created' | 'deleted';
  /** For a balance: the difference as signed ether text. */
  delta: string | null;
}

export interface DiffData {
  format: 'prestate' | 'before-after';
  rows: DiffRow[];
  accounts: number;
  /** Fields present before and unchanged after (prestate diff mode lists them in `pre` only). */
  unchanged: number;
}

/** One transaction of a block trace. */
export interface BlockTx {
  index: number;
  txHash: string | null;
  error: string | null;
  shape: ShapeKind;
}

export interface BlockData {
  txs: BlockTx[];
  /** Every transaction's result is a `{name: count}` map, so the views can also show their sum. */
  canSum: boolean;
}

/** Which transaction of a block trace the views show: its index, or `'sum'` (count maps only). */
export type BlockSelection = number | 'sum' | null;

/** A tab of the result views, beside the raw JSON. */
export type ViewTab = 'call-tree' | 'flame' | 'calls' | 'bars' | 'table' | 'timeline' | 'diff';

/** Everything the result views show for one result (or one transaction of a block trace). */
export interface ResultViews {
  /** The shape of what the views show (a block trace's selected transaction, not the block). */
  shape: ShapeKind;
  /** Set when the result is a block trace. */
  block: BlockData | null;
  selected: BlockSelection;
  /** The tabs offered, in order; empty when no view fits (raw JSON only). */
  tabs: ViewTab[];
  callTree?: CallTreeData;
  calls?: TableData;
  counts?: CountsData;
  records?: RecordsData;
  diff?: DiffData;
  /** Plain sentences on what was left out (limits) or why nothing is shown. */
  notes: string[];
}

/** Where the views of a result are prepared: in the page for a small result, in the parser worker for a large one. */
export interface ResultViewsSource {
  views(selection: BlockSelection): ResultViews | Promise<ResultViews>;
}
