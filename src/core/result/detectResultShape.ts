// Which view a tracer result suits, judged from its shape alone (pure: runs in the page for small results and in the
// reply parser worker, next to the value, for large ones). Only a few elements of a long array are looked at, so
// detection costs the same for 10 records and for a million.

/** What a result looks like, as far as the result views are concerned. */
export type ShapeKind =
  /** geth's callTracer: one frame `{type, from, to, value, gas, gasUsed, input, output, error, revertReason, calls}`. */
  | 'call-tree'
  /** A flat call trace: parity-style `[{action, result, traceAddress, type}]`, or an array of call frames. */
  | 'flat-calls'
  /** A `{name: count}` map: an opcode histogram, geth's 4byteTracer. */
  | 'counts'
  /** A list of records (SLOAD/SSTORE, event logs, ERC-20 transfers, struct logs), at the root or under one key. */
  | 'records'
  /** A state diff: prestateTracer's diff mode `{pre, post}`, or `{address: {slot: {before, after}}}`. */
  | 'state-diff'
  /** A block trace: `[{txHash, result}]` (or `{txHash, error}` for a transaction that failed in the tracer). */
  | 'block'
  /** Nothing the views know: the raw JSON only. */
  | 'unknown';

/** How many elements of an array are inspected. */
export const shapeSample = 64;

const callTypes = new Set([
  'CALL',
  'CALLCODE',
  'DELEGATECALL',
  'STATICCALL',
  'CREATE',
  'CREATE2',
  'SELFDESTRUCT',
  'SUICIDE',
]);

type Obj = Record<string, unknown>;

/** A plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sample<T>(list: T[]): T[] {
  return list.length <= shapeSample ? list : list.slice(0, shapeSample);
}

/** A callTracer frame: a call type and a sender, with gas or a callee. */
export function isCallFrame(v: unknown): boolean {
  return (
    isObject(v) &&
    typeof v.type === 'string' &&
    callTypes.has(v.type.toUpperCase()) &&
    typeof v.from === 'string' &&
    ('gas' in v || 'gasUsed' in v || 'to' in v)
  );
}

/** A parity-style flat trace entry: `{action: {...}, traceAddress: [...], type}`. */
export function isFlatTrace(v: unknown): v is Obj {
  return isObject(v) && isObject(v.action) && Array.isArray(v.traceAddress) && typeof v.type === 'string';
}

/** A block trace entry: `{txHash?, result}` or `{txHash?, error}`, nothing else. */
function isBlockEntry(v: unknown): boolean {
  if (!isObject(v) || !('result' in v || 'error' in v)) return false;
  for (const k in v) if (k !== 'txHash' && k !== 'result' && k !== 'error') return false;
  return true;
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function isCountMap(v: Obj): boolean {
  let n = 0;
  for (const k in v) {
    const c = v[k];
    if (typeof c !== 'number' || !Number.isFinite(c)) return false;
    n++;
  }
  return n > 0;
}

function isBeforeAfterDiff(v: Obj): boolean {
  const accounts = Object.values(v);
  if (!accounts.length) return false;
  for (const slots of sample(accounts)) {
    if (!isObject(slots)) return false;
    const changes = Object.values(slots);
    if (!changes.length) return false;
    for (const c of sample(changes)) if (!isObject(c) || !('before' in c) || !('after' in c)) return false;
  }
  return true;
}

function isRecordList(v: unknown[]): boolean {
  return v.length > 0 && sample(v).every(isObject);
}

/** The key of an object's one list of records when every other field is a scalar (`structLogs`, `steps`), or null. */
export function recordsKey(v: Obj): string | null {
  let found: string | null = null;
  for (const k in v) {
    const x = v[k];
    if (Array.isArray(x) && isRecordList(x)) {
      if (found !== null) return null;
      found = k;
    } else if (!isScalar(x) && !(Array.isArray(x) && x.length === 0)) return null;
  }
  return found;
}

/** The shape of a tracer result (see {@link ShapeKind}). */
export function detectResultShape(value: unknown): ShapeKind {
  if (Array.isArray(value)) {
    if (!value.length) return 'unknown';
    const s = sample(value);
    if (s.every(isBlockEntry)) return 'block';
    if (s.every(isFlatTrace) || s.every(isCallFrame)) return 'flat-calls';
    if (isRecordList(value)) return 'records';
    return 'unknown';
  }
  if (!isObject(value)) return 'unknown';
  if (isCallFrame(value)) return 'call-tree';
  const keys = Object.keys(value);
  if (keys.length === 2 && isObject(value.pre) && isObject(value.post)) return 'state-diff';
  if (isCountMap(value)) return 'counts';
  if (isBeforeAfterDiff(value)) return 'state-diff';
  if (recordsKey(value) !== null) return 'records';
  return 'unknown';
}
