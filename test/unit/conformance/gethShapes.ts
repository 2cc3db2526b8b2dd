/**
 * Projections of expected fixture results onto the Go structs geth's own harness compares through
 * (eth/tracers/internal/tracetest): keys those structs do not have are dropped (e.g. `index` of a log), empty
 * omitempty byte fields disappear, and absent non-omitempty fields get their zero value. Facts taken from geth's
 * test harness, re-expressed here; no geth code copied.
 */

type Json = Record<string, unknown>;

const zeroAddress = '0x0000000000000000000000000000000000000000';

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bytes(v: unknown): string {
  return typeof v === 'string' && v !== '' ? v.toLowerCase() : '0x';
}

function quantity(v: unknown): string {
  if (typeof v !== 'string' || v === '') return '0x0';
  return '0x' + BigInt(v).toString(16);
}

function omitEmpty(out: Json, key: string, v: unknown): void {
  const b = bytes(v);
  if (b !== '0x') out[key] = b;
}

function callLog(log: Json): Json {
  return {
    address: typeof log.address === 'string' ? log.address.toLowerCase() : zeroAddress,
    topics: Array.isArray(log.topics) ? log.topics : null,
    data: bytes(log.data),
    position: quantity(log.position),
  };
}

/** geth's `callTrace` test struct (calltrace_test.go): what a native callTracer result is compared as. */
export function projectCallTrace(frame: Json): Json {
  const out: Json = {
    from: typeof frame.from === 'string' ? frame.from.toLowerCase() : zeroAddress,
    gas: frame.gas === undefined || frame.gas === null ? null : quantity(frame.gas),
    gasUsed: frame.gasUsed === undefined || frame.gasUsed === null ? null : quantity(frame.gasUsed),
  };
  if (typeof frame.to === 'string') out.to = frame.to.toLowerCase();
  out.input = bytes(frame.input);
  omitEmpty(out, 'output', frame.output);
  if (typeof frame.error === 'string' && frame.error !== '') out.error = frame.error;
  if (typeof frame.revertReason === 'string' && frame.revertReason !== '')
    out.revertReason = frame.revertReason;
  if (Array.isArray(frame.calls) && frame.calls.length > 0)
    out.calls = frame.calls.map((c) => projectCallTrace(c));
  if (Array.isArray(frame.logs) && frame.logs.length > 0)
    out.logs = frame.logs.map((l) => callLog(l as Json));
  if (frame.value !== undefined && frame.value !== null) out.value = quantity(frame.value);
  out.type = frame.type;
  return out;
}

function address(v: unknown): string {
  return typeof v === 'string' ? v.toLowerCase() : zeroAddress;
}

/**
 * geth's `flatCallTrace` test struct (flat_calltrace_test.go), applied to both sides as geth does: block and
 * transaction fields are dropped, every action/result field gets its zero value when absent.
 */
export function projectFlatCall(entry: Json): Json {
  const action = isObject(entry.action) ? entry.action : {};
  const result = isObject(entry.result) ? entry.result : {};
  const out: Json = {
    action: {
      author: address(action.author),
      address: address(action.address),
      balance: quantity(action.balance),
      callType: typeof action.callType === 'string' ? action.callType : '',
      creationMethod: typeof action.creationMethod === 'string' ? action.creationMethod : '',
      from: address(action.from),
      gas: quantity(action.gas),
      init: bytes(action.init),
      input: bytes(action.input),
      refundAddress: address(action.refundAddress),
      to: address(action.to),
      value: quantity(action.value),
    },
    result: {
      address: address(result.address),
      code: bytes(result.code),
      gasUsed: quantity(result.gasUsed),
      output: bytes(result.output),
    },
    subtraces: entry.subtraces,
    traceAddress: entry.traceAddress,
    type: entry.type,
  };
  if (typeof entry.error === 'string' && entry.error !== '') out.error = entry.error;
  return out;
}

/** Applies {@link projectFlatCall} to a whole flat list (non-arrays are returned unchanged so a mismatch shows). */
export function projectFlatList(list: unknown): unknown {
  return Array.isArray(list) ? list.map((e) => projectFlatCall(isObject(e) ? e : {})) : list;
}
