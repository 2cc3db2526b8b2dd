import { Entry, Op, Slot } from './realmProtocol.ts';

/** What the prelude reports when inspector code (a diff, a breakpoint's expression) ran past its own time cap. */
export const sideStopText = 'the condition ran past its time cap (50 ms)';

/**
 * The prelude's part for inspected runs (issue 26, see `inspectTypes.ts`), interpolated into `preludeSource.ts`, whose
 * captured built-ins, `guard`, `fatal`, `tracer`, `log` and `describe` it uses. Two entries the host calls only on an
 * inspected run:
 *
 * - `inspect`: after each hook call, a structural diff of `this` against a plain copy kept from the last call (own
 *   enumerable data properties only: no getter, `toJSON` or `toString` of the tracer is called; functions and undefined
 *   are left out as JSON.stringify does; bigInt values become their decimal text). The copy is updated as it is
 *   compared, so the work is one walk of `this`, capped at `inspectNodes` nodes and `inspectDepth` levels per call and
 *   `runNodes` in the run: past a cap the call is reported `capped` and no later call is diffed.
 * - `breakpoint`: a breakpoint's expression (compiled with the tracer, under the same guards) called with `log`.
 *
 * Neither changes the trace: what they throw is caught and reported, an uncatchable error they raise (the tracer's
 * deadline, the memory cap) is put back as it was, and their own time cap (the host answers the clock with
 * `sideTimeout` past it) stops them through `sideStopped`, which every guard then throws until the next call.
 */
export const inspectPreludeSource = String.raw`
var bpFns = [], sideStopped = false, sideStopText = ${JSON.stringify(sideStopText)};
var getOwnDesc = Obj.getOwnPropertyDescriptor, objKeys = Obj.keys, createObj = Obj.create;
var identRe = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
var inspectNodes = 100000, inspectDepth = 64, valueMax = 200, runNodes = 10000000, runUsed = 0;
var snap, snapOff = false, budget = 0, changes = [], capErr = { capped: true };
var bigProtos = [getProto(bigInt(1)), getProto(bigInt('123456789012345678901234567890'))];

function isBig(v) {
  var p = getProto(v);
  return p === bigProtos[0] || p === bigProtos[1];
}
function keyPath(path, k) {
  if (reExec(identRe, k) !== null) return path === '' ? k : path + '.' + k;
  return path + '[' + stringify(k) + ']';
}
function change(kind, path, value) {
  var row = [kind, path];
  if (kind !== 'r') {
    var text = stringify(value);
    if (text === undefined) text = 'null';
    row[2] = text.length > valueMax ? strSlice(text, 0, valueMax) : text;
    if (text.length > valueMax) row[3] = 1;
  }
  changes[changes.length] = row;
}
// The value a property holds, as the copy keeps it: undefined for what JSON.stringify leaves out.
function dataValue(o, k) {
  var d = getOwnDesc(o, k);
  if (d === undefined || !hasOwn(d, 'value')) return undefined;
  var v = d.value;
  return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
}
function isContainer(v) {
  return v !== null && typeof v === 'object' && !isBig(v);
}
// A plain copy of a live value (null-prototype objects: a key '__proto__' stays a key).
function plainOf(v, depth) {
  if (--budget < 0 || depth > inspectDepth) throw capErr;
  if (v === null || v === undefined) return null;
  var t = typeof v;
  if (t === 'number') return v === v && v !== Infinity && v !== -Infinity ? v : null;
  if (t === 'string' || t === 'boolean') return v;
  if (t === 'bigint' || isBig(v)) return Str(v);
  if (t !== 'object') return null;
  var out, i, keys, x;
  if (isArray(v)) {
    out = [];
    for (i = 0; i < v.length; i++) out[i] = plainOf(dataValue(v, i), depth + 1);
    return out;
  }
  out = createObj(null);
  keys = objKeys(v);
  for (i = 0; i < keys.length; i++) {
    x = dataValue(v, keys[i]);
    if (x !== undefined) out[keys[i]] = plainOf(x, depth + 1);
  }
  return out;
}
function sameKind(a, b) {
  return isContainer(a) && isContainer(b) && isArray(a) === isArray(b);
}
// Brings the copy 'prev' of the value at 'path' up to 'live', recording each change; returns the new copy.
function sync(prev, live, path, depth) {
  if (sameKind(prev, live)) {
    if (--budget < 0 || depth > inspectDepth) throw capErr;
    if (isArray(live)) syncArray(prev, live, path, depth);
    else syncObject(prev, live, path, depth);
    return prev;
  }
  var now = plainOf(live, depth);
  if (now !== prev || isContainer(now)) change('c', path, now);
  return now;
}
function syncObject(prev, live, path, depth) {
  var keys = objKeys(live), seen = createObj(null), i, k, v;
  for (i = 0; i < keys.length; i++) {
    k = keys[i];
    v = dataValue(live, k);
    if (v === undefined) continue;
    seen[k] = true;
    if (!hasOwn(prev, k)) {
      prev[k] = plainOf(v, depth + 1);
      change('a', keyPath(path, k), prev[k]);
    } else prev[k] = sync(prev[k], v, keyPath(path, k), depth + 1);
  }
  keys = objKeys(prev);
  for (i = 0; i < keys.length; i++) {
    if (seen[keys[i]] === true) continue;
    delete prev[keys[i]];
    change('r', keyPath(path, keys[i]));
  }
}
function syncArray(prev, live, path, depth) {
  var n = live.length, m = prev.length, i, x;
  for (i = 0; i < n && i < m; i++) prev[i] = sync(prev[i], dataValue(live, i), path + '[' + i + ']', depth + 1);
  for (i = m; i < n; i++) {
    x = plainOf(dataValue(live, i), depth + 1);
    prev[i] = x;
    change('p', path, x);
  }
  for (i = m - 1; i >= n; i--) {
    prev.length = i;
    change('r', path + '[' + i + ']');
  }
}
entries[${Entry.inspect}] = function () {
  if (snapOff || tracer === undefined) return;
  var saved = fatal, capped = false, first = snap === undefined, text;
  budget = inspectNodes;
  changes = [];
  sideStopped = false;
  try {
    if (first) snap = plainOf(tracer, 0);
    else snap = sync(snap, tracer, '', 0);
    if (first) text = stringify(snap);
  } catch (e) {
    capped = true;
  }
  if (fatal !== saved || sideStopped) capped = true;
  runUsed += inspectNodes - (budget < 0 ? 0 : budget);
  if (runUsed > runNodes) capped = true;
  fatal = saved;
  sideStopped = false;
  if (capped) snapOff = true;
  if (first) host(${Op.thisChanges}, 'init', capped ? undefined : text);
  else if (capped || changes.length > 0) host(${Op.thisChanges}, stringify(changes), capped);
  changes = [];
};
entries[${Entry.breakpoint}] = function () {
  var f = bpFns[slots[${Slot.breakpoint}]];
  if (typeof f !== 'function') return;
  var saved = fatal, matched = false, error;
  sideStopped = false;
  try {
    matched = !!call(f, undefined, log);
  } catch (e) {
    error = describe(e);
  }
  if (sideStopped) error = sideStopText;
  else if (fatal !== saved) error = fatal.text;
  fatal = saved;
  sideStopped = false;
  if (error !== undefined) host(${Op.breakpoint}, false, typeof error === 'string' ? strSlice(error, 0, 300) : 'Error');
  else host(${Op.breakpoint}, matched);
};
`;
