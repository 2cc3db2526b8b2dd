// The raw parts of a call frame the inspector shows (input, output, logs, value in wei), read from a callTracer
// frame or a parity-style flat trace entry, and the path of child indexes that names a frame in its tree.
import { toBigInt } from './quantities.ts';
import { viewLimits, type CallFrameView, type FrameDetail, type FrameLog } from './viewData.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const hexText = (v: unknown): string => {
  if (typeof v !== 'string') return '';
  return v.length > viewLimits.dataChars ? v.slice(0, viewLimits.dataChars) : v;
};

/** A quantity as decimal wei digits (`0x2386f26fc10000` → `10000000000000000`); null when it is not one. */
export function weiDigits(v: unknown): string | null {
  const b = toBigInt(v);
  return b === null ? null : b.toString();
}

/** The logs of a callTracer frame (`withLog: true`); entries without an address or topics are left out. */
export function logsOf(f: Obj): FrameLog[] {
  if (!Array.isArray(f.logs)) return [];
  return f.logs.filter(isObj).map((l) => ({
    address: typeof l.address === 'string' ? l.address : '',
    topics: Array.isArray(l.topics) ? l.topics.filter((t): t is string => typeof t === 'string') : [],
    data: typeof l.data === 'string' ? l.data : '0x',
  }));
}

/** The inspector's fields of a callTracer frame (except its path). */
export function rawFrameFields(f: Obj): Pick<CallFrameView, 'valueWei' | 'input' | 'output' | 'logs'> {
  return {
    valueWei: weiDigits(f.value),
    input: hexText(f.input),
    output: hexText(f.output),
    logs: logsOf(f),
  };
}

/** The child indexes from the top frame down to frame `id` of a depth-first list. */
export function framePath(frames: readonly CallFrameView[], id: number): number[] {
  const path: number[] = [];
  for (let f = frames[id]; f && f.parent >= 0; f = frames[f.parent]) path.unshift(f.index);
  return path;
}

/** The inspector's view of frame `id` of a call tree. */
export function frameDetailOf(frames: readonly CallFrameView[], id: number): FrameDetail {
  const f = frames[id];
  return {
    path: framePath(frames, id),
    type: f.type,
    from: f.from,
    to: f.to,
    valueWei: f.valueWei,
    gas: f.gas,
    gasUsed: f.gasUsed,
    input: f.input,
    output: f.output,
    error: f.error,
    revertReason: f.revertReason,
    logs: f.logs,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => {
  const b = toBigInt(v);
  return b === null ? null : Number(b);
};

/** The inspector's view of one entry of a flat call trace: parity-style (`action`/`result`) or a call frame. */
export function flatEntryDetail(e: Obj, index: number): FrameDetail {
  if (isObj(e.action)) {
    const a = e.action;
    const r = isObj(e.result) ? e.result : {};
    const type = text(a.callType) ?? text(e.type) ?? '';
    return {
      path: Array.isArray(e.traceAddress) ? e.traceAddress.map(Number) : [index],
      type: type.toUpperCase(),
      from: text(a.from) ?? text(a.address) ?? '',
      to: text(a.to) ?? text(r.address) ?? text(a.refundAddress) ?? '',
      valueWei: weiDigits(a.value ?? a.balance),
      gas: num(a.gas),
      gasUsed: num(r.gasUsed),
      input: hexText(a.input ?? a.init),
      output: hexText(r.output ?? r.code),
      error: text(e.error),
      revertReason: null,
      logs: [],
    };
  }
  return {
    path: [index],
    type: String(e.type ?? '').toUpperCase(),
    from: text(e.from) ?? '',
    to: text(e.to) ?? '',
    gas: num(e.gas),
    gasUsed: num(e.gasUsed),
    error: text(e.error),
    revertReason: text(e.revertReason),
    ...rawFrameFields(e),
  };
}
