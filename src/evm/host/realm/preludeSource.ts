import { inspectPreludeSource } from './inspectPreludeSource.ts';
import { Entry, Op, Slot, memoryLimitText, sideTimeout, slotMarker } from './realmProtocol.ts';

/**
 * The trusted realm-side half of the tracer runtime, as script text evaluated in every fresh realm (V8 `vm` context
 * in Node, QuickJS in the browser) after the bigInt library. Its completion value is a function
 * `(host) → [entries, slots]`: it defines geth's globals (`toHex`, `toWord`, `toAddress`, `toContract`,
 * `toContract2`, `isPrecompiled`, `slice`; `bigInt` comes from the library) and builds `log`, `db`, `frame`,
 * `frameResult` and `ctx` inside the realm, so tracer code never touches an object of the host. The host answers
 * only with primitives through `host(op, a, b, c)`; the entries are called by the host with no arguments.
 *
 * Every built-in it relies on is captured before tracer code runs, so a tracer that replaces `JSON.stringify`,
 * `Uint8Array` or `String.prototype.slice` changes nothing here (geth encodes results in Go). Written in ES5 so
 * every engine runs it; strict mode so no tracer can walk to its callers.
 */
export const preludeSource = String.raw`(function (rawHost) {
'use strict';
// A closure variable: a global read in a V8 context goes through the context's interceptors on every access.
var undefined = void 0;
var G = globalThis;
var U8 = Uint8Array, F64 = Float64Array, Str = String, Num = Number, Obj = Object;
var TypeErr = TypeError, Err = Error, isArray = Array.isArray, floor = Math.floor, ceil = Math.ceil;
var stringify = JSON.stringify, parse = JSON.parse, bigInt = G.bigInt, NativeBig = G.BigInt;
// Uncurried built-ins (f(self, ...args)): immune to a tracer replacing Function.prototype.call, String.prototype.slice,
// Uint8Array.prototype.set… later. Helpers below use only these, plain loops and typed-array indexing.
var call = Function.prototype.call.bind(Function.prototype.call);
var uncurry = Function.prototype.bind.bind(Function.prototype.call);
var hasOwn = uncurry(Object.prototype.hasOwnProperty);
var charCodeAt = uncurry(String.prototype.charCodeAt), indexOf = uncurry(String.prototype.indexOf);
var strSlice = uncurry(String.prototype.slice), lastIndexOf = uncurry(String.prototype.lastIndexOf);
var reExec = uncurry(RegExp.prototype.exec);
var u8Set = uncurry(U8.prototype.set), u8Sub = uncurry(U8.prototype.subarray), u8Slice = uncurry(U8.prototype.slice);
var hexDigits = '0123456789abcdef';
var InternalErr = G.InternalError, RangeErr = RangeError;

var getProto = Obj.getPrototypeOf, ObjProto = Obj.prototype;

// Whether v is a primitive or an object of this realm: its prototype chain reaches this realm's Object.prototype. Only
// captured built-ins are used on it (instanceof would call a Symbol.hasInstance the tracer defined, with v).
function ofThisRealm(v) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return true;
  for (var p = getProto(v), i = 0; p !== null && i < 64; i++, p = getProto(p)) if (p === ObjProto) return true;
  return false;
}

// The only way to the host. What the call throws goes on only if it was made in this realm (the engine's own
// errors: QuickJS running out of memory while it makes the answer). Anything else is dropped, never handed on: a
// value made in the host's realm leads tracer code to the host's Function (and so to its process). The host answers
// every request itself (its own failures included), so what can still come from there is the engine's stack
// overflow, made where the host function runs: tracer code gets this realm's RangeError instead, as for its own
// runaway recursion.
function host(op, a, b, c) {
  try {
    return rawHost(op, a, b, c);
  } catch (thrown) {
    if (ofThisRealm(thrown)) throw thrown;
    throw new RangeErr('Maximum call stack size exceeded');
  }
}

var slots = new F64(${Slot.count});
slots[0] = ${slotMarker[0]}; slots[1] = ${slotMarker[1]}; slots[2] = ${slotMarker[2]};

// What geth's runtime does not have: no console, no wasm (removed before any tracer code runs).
var absent = ['console', 'WebAssembly'];
for (var k = 0; k < absent.length; k++) { try { delete G[absent[k]]; } catch (e) {} }

var fatal;            // the uncatchable error (geth's vm.Interrupt), text with position
var failed = false;   // the trace failed: every later hook is a no-op
var guardCount = 0;
var tracer, fns = Obj.create(null), stepFn;

function bytesToHex(b) {
  var s = '';
  for (var i = 0; i < b.length; i++) s += hexDigits[b[i] >> 4] + hexDigits[b[i] & 15];
  return s;
}
// -1 for a character that is not a hex digit.
function nibble(c) {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}
// The host's hex (well-formed, even length, no prefix).
function hexToBytes(h) {
  var n = h.length >> 1, out = new U8(n);
  for (var i = 0; i < n; i++) out[i] = (nibble(charCodeAt(h, 2 * i)) << 4) | nibble(charCodeAt(h, 2 * i + 1));
  return out;
}
function big(v) {
  return typeof v === 'number' ? bigInt(v) : bigInt(NativeBig(v));
}

// Where the tracer code was when something failed: the first frame of the tracer's own text, as
// 'name:line:col'. The stack text may be the tracer's own (a thrown object's stack property, or what
// Error.prepareStackTrace made), so only a bounded head of it is read, line by line, without a regular expression
// that could backtrack: a line too long to be an engine's frame is skipped, and the work stays linear and small.
var stackHead = 65536, frameLineMax = 2048, frameLinesMax = 128;
var framePos = /^<eval>:(\d{1,9}):(\d{1,9})\)?\s*$/, frameStart = /^\s*at /, evalAt = /^eval at [^,]*, $/;
function framePosition(line) {
  var at = lastIndexOf(line, '<eval>:');
  if (at < 0) return '';
  var m = reExec(framePos, strSlice(line, at));
  var lead = m && reExec(frameStart, line);
  if (!lead) return '';
  var head = strSlice(line, lead[0].length, at), name = '';
  if (head !== '') {
    // 'name (' or 'name (eval at …, ': the name ends at the first ' (' whose rest is one of those, else at the last.
    var p = indexOf(head, ' (');
    if (p < 0) return '';
    var rest = strSlice(head, p + 2);
    if (rest !== '' && !reExec(evalAt, rest)) {
      p = lastIndexOf(head, ' (');
      rest = strSlice(head, p + 2);
      if (rest !== '' && !reExec(evalAt, rest)) return '';
    }
    name = strSlice(head, 0, p);
    var dot = lastIndexOf(name, '.');
    if (dot >= 0) name = strSlice(name, dot + 1);
    if (name === '<anonymous>' || name === '<eval>' || name === 'eval') name = '';
  }
  return name + ':' + m[1] + ':' + m[2];
}
function position(e) {
  var st;
  try { st = e && typeof e === 'object' ? e.stack : undefined; } catch (x) { st = undefined; }
  if (typeof st !== 'string') return '';
  if (st.length > stackHead) st = strSlice(st, 0, stackHead);
  for (var start = 0, n = 0; start <= st.length && n < frameLinesMax; n++) {
    var end = indexOf(st, '\n', start);
    if (end < 0) end = st.length;
    var found = end - start > frameLineMax ? '' : framePosition(strSlice(st, start, end));
    if (found !== '') return found;
    start = end + 1;
  }
  return '';
}

function outOfMemory(e) {
  return InternalErr && e instanceof InternalErr && e.message === 'out of memory';
}

function describe(e) {
  try {
    if (outOfMemory(e)) return ${JSON.stringify(memoryLimitText)};
    return Str(e);
  } catch (x) {
    return 'Error: (a thrown value that cannot be converted to a string)';
  }
}

// The memory cap names no position, however it was hit: QuickJS's own allocator failing inside tracer code (caught
// here) or the host's heap watch interrupting it (uncatchable, no position) depends only on how full the heap was.
function where(e) {
  try {
    return outOfMemory(e) ? '' : position(e);
  } catch (x) {
    return '';
  }
}

// geth's vm.Interrupt: recorded at once, thrown to leave the current code, and thrown again by every guard. An
// accessor's error is reported with failAtCall: goja names the instruction after the accessor's call (the host finds it).
function raise(message, notAtCall) {
  if (fatal === undefined) {
    fatal = { text: message, pos: position(new Err(message)), op: notAtCall ? ${Op.fail} : ${Op.failAtCall} };
  }
  throw new Err(fatal.text);
}
// Records the trace's error: the uncatchable one if any, else the thrown value's.
function report(name, e) {
  if (fatal !== undefined) host(fatal.op, name, fatal.text, fatal.pos);
  else host(${Op.fail}, name, describe(e), where(e));
}

// The host's clock answers true past the deadline, or the text of another limit it enforces (the memory cap, which
// names no position: where it was hit is not where the memory went).
function guard() {
  if (fatal !== undefined) throw new Err(fatal.text);
  if (sideStopped) throw new Err(sideStopText);
  if ((++guardCount & 63) === 0) {
    var limit = host(${Op.clock});
    if (limit === true) raise('execution timeout', true);
    else if (limit === ${sideTimeout}) { sideStopped = true; throw new Err(sideStopText); }
    else if (limit) {
      if (fatal === undefined) fatal = { text: Str(limit), pos: '', op: ${Op.fail} };
      throw new Err(fatal.text);
    }
  }
}

function toInteger(v) {
  var n = typeof v === 'number' ? v : Num(v);
  if (n !== n) return 0;
  return n < 0 ? ceil(n) : floor(n);
}
function toByte(v) {
  var n = Num(v);
  if (n !== n) return 0;
  if (n === Infinity) return 255;
  if (n === -Infinity) return 0;
  n = n < 0 ? ceil(n) : floor(n);
  return ((n % 256) + 256) % 256;
}
// Go's common.FromHex: optional 0x/0X, odd length gets a leading 0, decoding stops at the first bad pair.
function decodeHexLenient(text) {
  var p = strSlice(text, 0, 2);
  var s = p === '0x' || p === '0X' ? strSlice(text, 2) : text;
  if (s.length % 2) s = '0' + s;
  var n = 0;
  while (n < s.length >> 1 && nibble(charCodeAt(s, 2 * n)) >= 0 && nibble(charCodeAt(s, 2 * n + 1)) >= 0) n++;
  var out = new U8(n);
  for (var i = 0; i < n; i++) out[i] = (nibble(charCodeAt(s, 2 * i)) << 4) | nibble(charCodeAt(s, 2 * i + 1));
  return out;
}
// geth's fromBuf: a Uint8Array of the realm, an Array, or (where allowed) a hex string.
function fromBuf(value, allowString) {
  if (value === null || value === undefined) throw new TypeErr('Cannot convert undefined or null to object');
  if (typeof value === 'string' || value instanceof Str) {
    if (allowString) return decodeHexLenient(Str(value));
  } else if (isArray(value)) {
    var out = new U8(value.length);
    for (var i = 0; i < value.length; i++) out[i] = toByte(value[i]);
    return out;
  } else if (value instanceof U8 && value.constructor === U8) {
    var copy = new U8(value.length);
    u8Set(copy, value);
    return copy;
  }
  return raise('invalid buffer type');
}
function fit(b, size) {
  var out = new U8(size);
  if (b.length >= size) u8Set(out, u8Sub(b, b.length - size));
  else u8Set(out, b, size - b.length);
  return out;
}
function addrHex(v, allowString) { return bytesToHex(fit(fromBuf(v, allowString), 20)); }

// geth's helper globals (reference 6.1): plain, writable globals like goja's.
G.toHex = function toHex(buf) { return '0x' + bytesToHex(fromBuf(buf, false)); };
G.toWord = function toWord(x) { return fit(fromBuf(x, true), 32); };
G.toAddress = function toAddress(x) { return fit(fromBuf(x, true), 20); };
G.toContract = function toContract(from, nonce) {
  return hexToBytes(host(${Op.toContract}, addrHex(from, true), toInteger(nonce)));
};
G.toContract2 = function toContract2(from, salt, initcode) {
  var a = addrHex(from, true);
  var s = bytesToHex(fit(decodeHexLenient(Str(salt)), 32));
  return hexToBytes(host(${Op.toContract2}, a, s, bytesToHex(fromBuf(initcode, true))));
};
G.isPrecompiled = function isPrecompiled(addr) { return host(${Op.isPrecompiled}, addrHex(addr, true)); };
G.slice = function slice(buf, start, end) {
  var b = fromBuf(buf, false), s = toInteger(start), e = toInteger(end);
  if (s < 0 || s > e || e > b.length) {
    raise('Tracer accessed out of bound memory: available ' + b.length + ', offset ' + s + ', size ' + (e - s));
  }
  return u8Slice(b, s, e);
};

// console, on the embedded node's debugging runs only (the host answers consoleOn with the line cap; geth has no
// console, and no other run gets one). Arguments are formatted here, into one string of at most that length, with
// built-ins captured now and without calling getters: what tracer code runs on the way (a Proxy's trap, an error's
// toString) runs as tracer code, under its guards. A call made while a line is being formatted, or once the host keeps
// no more lines, is only counted.
var consoleMax = host(${Op.consoleOn});
if (typeof consoleMax === 'number') G.console = makeConsole(consoleMax);

function makeConsole(max) {
  var objKeys = Obj.keys, ownDesc = Obj.getOwnPropertyDescriptor;
  var symText = uncurry(Symbol.prototype.toString);
  var TypedProto = getProto(U8.prototype), taLength = uncurry(ownDesc(TypedProto, 'length').get);
  var tagOf = uncurry(ObjProto.toString), strValue = uncurry(Str.prototype.valueOf), StrProto = Str.prototype;
  var bigProto = bigInt && bigInt.prototype, bigText = uncurry(getProto(bigInt(0)).toString);
  var ErrProto = Err.prototype, name = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  var full = false, busy = false, nodesMax = 2000, itemsMax = 50, depthMax = 3;
  function put(out, text) {
    if (out.room <= 0) return;
    if (text.length > out.room) { out.s += strSlice(text, 0, out.room); out.room = 0; }
    else { out.s += text; out.room -= text.length; }
  }
  function inChain(v, proto) {
    for (var p = getProto(v), i = 0; p !== null && i < 64; i++, p = getProto(p)) if (p === proto) return true;
    return false;
  }
  // A thrown value stops the formatting of one value; once the trace is failing (a guard's uncatchable error) or the
  // realm is out of memory, it stops the whole line (and the hook, as anywhere else).
  function unprintable(out, e) {
    if (fatal !== undefined) throw new Err(fatal.text);
    if (outOfMemory(e)) throw e;
    put(out, '[unprintable]');
  }
  function key(out, k) {
    put(out, reExec(name, k) ? k : stringify(strSlice(k, 0, out.room)));
    put(out, ': ');
  }
  function field(out, v, k, depth, seen) {
    var d = ownDesc(v, k);
    if (d === undefined) put(out, '<empty>');
    else if (hasOwn(d, 'value')) inspect(out, d.value, depth, seen);
    else put(out, d.get ? (d.set ? '[Getter/Setter]' : '[Getter]') : '[Setter]');
  }
  function bytes(out, v) {
    var n = taLength(v), shown = n, hex = '';
    if (shown * 2 > out.room) shown = out.room >> 1;
    for (var i = 0; i < shown; i++) hex += hexDigits[(v[i] >> 4) & 15] + hexDigits[v[i] & 15];
    put(out, 'Uint8Array(' + n + ') 0x' + hex);
  }
  function list(out, v, depth, seen) {
    var n = toInteger(v.length), shown = n < itemsMax ? n : itemsMax;
    put(out, '[');
    for (var i = 0; i < shown && out.room > 0; i++) {
      if (i) put(out, ', ');
      try { field(out, v, Str(i), depth, seen); } catch (e) { unprintable(out, e); }
    }
    put(out, n > shown ? ', … ' + (n - shown) + ' more]' : ']');
  }
  function object(out, v, depth, seen) {
    var ks = objKeys(v), n = ks.length, shown = n < itemsMax ? n : itemsMax;
    if (getProto(v) === null) put(out, '[Object: null prototype] ');
    if (n === 0) { put(out, '{}'); return; }
    put(out, '{ ');
    for (var i = 0; i < shown && out.room > 0; i++) {
      if (i) put(out, ', ');
      var k = Str(ks[i]);
      key(out, k);
      try { field(out, v, k, depth, seen); } catch (e) { unprintable(out, e); }
    }
    put(out, n > shown ? ', … ' + (n - shown) + ' more }' : ' }');
  }
  function inspect(out, v, depth, seen) {
    if (out.room <= 0) return;
    if (++out.nodes > nodesMax) { put(out, '…'); out.room = 0; return; }
    switch (typeof v) {
      case 'string': put(out, stringify(strSlice(v, 0, out.room))); return;
      case 'number': put(out, v === 0 && 1 / v < 0 ? '-0' : Str(v)); return;
      case 'bigint': put(out, Str(v) + 'n'); return;
      case 'symbol': put(out, symText(v)); return;
      case 'boolean':
      case 'undefined': put(out, Str(v)); return;
    }
    if (v === null) { put(out, 'null'); return; }
    try {
      if (typeof v === 'function') {
        var fd = ownDesc(v, 'name'), fn = fd && hasOwn(fd, 'value') && typeof fd.value === 'string' ? fd.value : '';
        put(out, fn ? '[Function: ' + strSlice(fn, 0, 100) + ']' : '[Function (anonymous)]');
        return;
      }
      for (var i = 0; i < seen.length; i++) if (seen[i] === v) { put(out, '[Circular]'); return; }
      if (bigProto && inChain(v, bigProto)) { put(out, bigText(v)); return; }
      if (getProto(v) === U8.prototype) { bytes(out, v); return; }
      // Other typed arrays and String objects by their size and value: their index keys could be millions.
      if (inChain(v, TypedProto)) { put(out, strSlice(tagOf(v), 8, -1) + '(' + taLength(v) + ')'); return; }
      if (inChain(v, StrProto)) { put(out, '[String: ' + stringify(strSlice(strValue(v), 0, out.room)) + ']'); return; }
      if (inChain(v, ErrProto)) { put(out, Str(v)); return; }
      var array = isArray(v);
      if (depth >= depthMax) { put(out, array ? '[Array]' : '[Object]'); return; }
      seen[seen.length] = v;
      try {
        if (array) list(out, v, depth + 1, seen);
        else object(out, v, depth + 1, seen);
      } finally {
        seen.length = seen.length - 1;
      }
    } catch (e) {
      unprintable(out, e);
    }
  }
  function line(args) {
    var out = { s: '', room: max, nodes: 0 };
    for (var i = 0; i < args.length && out.room > 0; i++) {
      if (i) put(out, ' ');
      var v = args[i];
      if (typeof v === 'string') put(out, v);
      else inspect(out, v, 0, []);
    }
    return out.s;
  }
  function print(level, args) {
    if (full || busy) { host(${Op.console}, level); return; }
    busy = true;
    var text;
    try { text = line(args); } finally { busy = false; }
    if (host(${Op.console}, level, text) === false) full = true;
  }
  return {
    log: function log() { print(0, arguments); },
    info: function info() { print(0, arguments); },
    debug: function debug() { print(0, arguments); },
    error: function error() { print(1, arguments); },
    warn: function warn() { print(1, arguments); }
  };
}

var opNames = host(${Op.opNames}).split(',');
var paddingLimit = 1024 * 1024;
var empty = function () { return new U8(0); };

// geth's log object: one object reused for every step, own properties in geth's order.
var log = {
  getPC: function () { return slots[${Slot.pc}]; },
  getGas: function () { return slots[${Slot.gas}]; },
  getCost: function () { return slots[${Slot.cost}]; },
  getDepth: function () { return slots[${Slot.depth}]; },
  getRefund: function () { return slots[${Slot.refund}]; },
  getError: function () { return slots[${Slot.hasError}] ? host(${Op.stepError}) : undefined; },
  op: {
    toNumber: function () { return slots[${Slot.op}]; },
    toString: function () { return opNames[slots[${Slot.op}]]; },
    isPush: function () { var o = slots[${Slot.op}]; return o >= 0x5f && o <= 0x7f; }
  },
  stack: {
    peek: function (i) {
      var len = slots[${Slot.stackLen}], n = toInteger(i);
      if (n < 0 || n >= len) raise('tracer accessed out of bound stack: size ' + len + ', index ' + n);
      return big(host(${Op.peek}, n));
    },
    length: function () { return slots[${Slot.stackLen}]; }
  },
  memory: {
    slice: function (start, end) {
      var s = toInteger(start), e = toInteger(end), memLen = slots[${Slot.memLen}];
      if (e === s) return new U8(0);
      if (e < s || s < 0) raise('tracer accessed out of bound memory: offset ' + s + ', end ' + e);
      var padding = e - memLen;
      if (padding > paddingLimit) raise('reached limit for padding memory slice: ' + padding);
      var out = new U8(e - s);
      if (s < memLen) u8Set(out, hexToBytes(host(${Op.memory}, s, e < memLen ? e : memLen)));
      return out;
    },
    getUint: function (offset) {
      var o = toInteger(offset), memLen = slots[${Slot.memLen}];
      if (memLen < o + 32 || o < 0) {
        raise('tracer accessed out of bound memory: available ' + memLen + ', offset ' + o + ', size 32');
      }
      return bigInt(NativeBig('0x' + (host(${Op.memory}, o, o + 32) || '0')));
    },
    length: function () { return slots[${Slot.memLen}]; }
  },
  contract: {
    getCaller: function () { return hexToBytes(host(${Op.contract}, 0)); },
    getAddress: function () { return hexToBytes(host(${Op.contract}, 1)); },
    getValue: function () { return big(host(${Op.contract}, 2)); },
    getInput: function () { return hexToBytes(host(${Op.contract}, 3)); }
  }
};

var db = {
  getBalance: function (a) { return big(host(${Op.db}, 0, addrHex(a, false))); },
  getNonce: function (a) { return host(${Op.db}, 1, addrHex(a, false)); },
  getCode: function (a) { return hexToBytes(host(${Op.db}, 2, addrHex(a, false))); },
  getState: function (a, slot) {
    var addr = addrHex(a, false);
    return hexToBytes(host(${Op.db}, 3, addr, bytesToHex(fit(fromBuf(slot, false), 32))));
  },
  exists: function (a) { return host(${Op.db}, 4, addrHex(a, false)); }
};

var frame = {
  getType: function () { return host(${Op.frame}, 0); },
  getFrom: function () { return hexToBytes(host(${Op.frame}, 1)); },
  getTo: function () { return hexToBytes(host(${Op.frame}, 2)); },
  getInput: function () { return hexToBytes(host(${Op.frame}, 3)); },
  getGas: function () { return host(${Op.frame}, 4); },
  getValue: function () { var v = host(${Op.frame}, 5); return v === undefined ? undefined : big(v); }
};

var frameResult = {
  getGasUsed: function () { return host(${Op.frameResult}, 0); },
  getOutput: function () { return hexToBytes(host(${Op.frameResult}, 1)); },
  getError: function () { return host(${Op.frameResult}, 2); }
};

function revive(key, v) {
  if (v !== null && typeof v === 'object' && !isArray(v)) {
    if (hasOwn(v, 'b')) return hexToBytes(v.b);
    if (hasOwn(v, 'n')) return bigInt(NativeBig(v.n));
  }
  return v;
}

function fail(name, e) {
  failed = true;
  report(name, e);
}

// Calls a tracer method: a thrown value or an uncatchable error fails the trace (once).
function run(name, f, a, b, two) {
  if (failed) return undefined;
  var out;
  try {
    out = two ? call(f, tracer, a, b) : call(f, tracer, a);
  } catch (e) {
    fail(name, e);
    return undefined;
  }
  if (fatal !== undefined) { fail(name, undefined); return undefined; }
  return out;
}

function encode(value) {
  if (value === null || value === undefined) return '{}';
  switch (typeof value) {
    case 'number':
      if (value !== value) return { error: 'json: unsupported value: NaN' };
      if (value === Infinity || value === -Infinity) {
        return { error: 'json: unsupported value: ' + (value > 0 ? '+Inf' : '-Inf') };
      }
      return stringify(value);
    case 'boolean':
    case 'string':
      return stringify(value);
    case 'bigint':
      return stringify(Str(value));
    case 'symbol':
    case 'function':
      return '{}';
  }
  var text;
  try {
    text = stringify(value);
  } catch (e) {
    if (fatal !== undefined) return { error: fatal.text, pos: fatal.pos };
    return { error: 'json: error calling MarshalJSON for type *goja.Object: ' + describe(e), pos: where(e) };
  }
  if (fatal !== undefined) return { error: fatal.text, pos: fatal.pos };
  return text === undefined ? '{}' : text;
}

var entries = [];
// The hot path (once per opcode): no indirection beyond the tracer's own call.
entries[${Entry.step}] = function () {
  if (failed || stepFn === undefined) return;
  try {
    call(stepFn, tracer, log, db);
  } catch (e) {
    fail('step', e);
    return;
  }
  if (fatal !== undefined) fail('step', undefined);
};
entries[${Entry.fault}] = function () { run('fault', fns.fault, log, db, true); };
entries[${Entry.enter}] = function () { if (fns.enter) run('enter', fns.enter, frame); };
entries[${Entry.exit}] = function () { if (fns.exit) run('exit', fns.exit, frameResult); };
entries[${Entry.result}] = function () {
  if (failed) return;
  var ctx = parse(host(${Op.ctx}), revive);
  var value = run('result', fns.result, ctx, db, true);
  if (failed) return;
  var out;
  try {
    out = encode(value);
  } catch (e) {
    fail('result', e);
    return;
  }
  if (typeof out === 'string') host(${Op.result}, out);
  else { failed = true; host(${Op.fail}, 'json', out.error, out.pos || ''); }
};
// The engine adapter compiles '(function (guard) { return [' + tracer text + '][0]; })' and hands over that
// function: the tracer expression runs here, with the deadline guard as a closure variable (fast, and out of reach).
entries[${Entry.adopt}] = function (factory) {
  var value;
  try {
    value = factory(guard, bpFns);
  } catch (e) {
    failed = true;
    report('', e);
    return;
  }
  if (fatal !== undefined) { failed = true; report('', undefined); return; }
  if (value === null || value === undefined) {
    failed = true;
    host(${Op.fail}, '', 'TypeError: Cannot convert undefined or null to object', '');
    return;
  }
  tracer = Obj(value);
  var names = ['result', 'fault', 'step', 'enter', 'exit', 'setup'];
  try {
    for (var i = 0; i < names.length; i++) {
      var f = tracer[names[i]];
      if (typeof f === 'function') fns[names[i]] = f;
    }
  } catch (e) {
    failed = true;
    report('', e);
    return;
  }
  var problem;
  if (!fns.result) problem = 'trace object must expose a function result()';
  else if (!fns.fault) problem = 'trace object must expose a function fault()';
  else if (!fns.enter !== !fns.exit) problem = 'trace object must expose either both or none of enter() and exit()';
  if (problem) { failed = true; host(${Op.fail}, '', problem, ''); return; }
  if (fns.setup) {
    try {
      call(fns.setup, tracer, host(${Op.config}));
    } catch (e) {
      failed = true;
      report('', e);
      return;
    }
    if (fatal !== undefined) { failed = true; report('', undefined); return; }
  }
  stepFn = fns.step;
  host(${Op.methods}, !!fns.step, !!fns.enter);
};
${inspectPreludeSource}
return [entries, slots];
})`;
