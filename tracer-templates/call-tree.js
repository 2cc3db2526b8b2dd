/**
 * @name Call tree (callTracer)
 * @description Nested call frames in the exact output format of geth's native callTracer: type, from, to, value, gas, gasUsed, input, output, error, revertReason and calls. Config: withLog adds the logs of each frame (dropped from reverted frames), onlyTopCall keeps only the top frame.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth
 * @tracerConfig {"withLog": true, "onlyTopCall": false}
 */
{
  callstack: [{ calls: [], logs: [] }],
  withLog: false,
  onlyTopCall: false,
  setup: function (cfg) {
    // geth passes the config as a JSON string, Boa nodes (reth, anvil) as an object.
    var config = (typeof cfg === 'string' ? JSON.parse(cfg) : cfg) || {};
    this.withLog = config.withLog === true;
    this.onlyTopCall = config.onlyTopCall === true;
  },
  hexNumber: function (n) {
    return '0x' + n.toString(16);
  },
  enter: function (frame) {
    if (this.onlyTopCall) {
      return;
    }
    var value = frame.getValue();
    this.callstack.push({
      type: frame.getType(),
      from: toHex(frame.getFrom()),
      to: toHex(frame.getTo()),
      input: toHex(frame.getInput()),
      gas: this.hexNumber(frame.getGas()),
      gasIn: frame.getGas(),
      value: value === undefined ? undefined : this.hexNumber(value),
      calls: [],
      logs: []
    });
  },
  exit: function (frameResult) {
    if (this.onlyTopCall || this.callstack.length <= 1) {
      return;
    }
    var call = this.callstack.pop();
    call.gasUsed = this.hexNumber(frameResult.getGasUsed());
    call.gasLeft = call.gasIn - frameResult.getGasUsed();
    call.rawOutput = frameResult.getOutput();
    call.rawError = frameResult.getError();
    this.callstack[this.callstack.length - 1].calls.push(call);
  },
  step: function (log, db) {
    if (!this.withLog || log.getError() !== undefined) {
      return;
    }
    var op = log.op.toNumber();
    if (op < 0xa0 || op > 0xa4) {
      return;
    }
    var depth = log.getDepth();
    if (this.onlyTopCall && depth > 1) {
      return;
    }
    var frame = this.callstack[this.callstack.length - 1];
    var topics = [];
    for (var i = 0; i < op - 0xa0; i++) {
      topics.push(this.word(log.stack.peek(2 + i)));
    }
    // Number() of a stack word works with geth's bigInt and with a native BigInt; offsets and sizes of a LOG
    // that did not fail are small enough to be exact.
    var size = Number(log.stack.peek(1));
    var data = '0x';
    if (size !== 0) {
      var offset = Number(log.stack.peek(0));
      data = toHex(log.memory.slice(offset, offset + size));
    }
    frame.logs.push({
      address: toHex(log.contract.getAddress()),
      topics: topics,
      data: data,
      position: this.hexNumber(frame.calls.length)
    });
  },
  fault: function (log, db) {},
  word: function (value) {
    var hex = value.toString(16);
    while (hex.length < 64) {
      hex = '0' + hex;
    }
    return '0x' + hex;
  },
  // Before Homestead a CREATE whose code deposit runs out of gas is not reverted and keeps its unused gas: geth
  // reports it without error. From Homestead on the failed frame burns all its gas.
  keptCode: function (call) {
    return call.rawError === 'contract creation code storage out of gas' && call.gasLeft > 0;
  },
  finish: function (call, db, parentFailed) {
    var error = call.rawError;
    var output = call.rawOutput;
    if (error !== undefined && this.keptCode(call)) {
      error = undefined;
    }
    var isCreate = call.type === 'CREATE' || call.type === 'CREATE2';
    var out = { from: call.from, gas: call.gas, gasUsed: call.gasUsed };
    if (error === undefined || !isCreate) {
      out.to = call.to;
    }
    out.input = call.input;
    if (output.length > 0 && (error === undefined || error === 'execution reverted')) {
      out.output = toHex(output);
    }
    if (error !== undefined) {
      out.error = error;
      var reason = error === 'execution reverted' ? this.revertReason(output) : undefined;
      if (reason !== undefined && reason !== '') {
        out.revertReason = reason;
      }
    }
    var failed = parentFailed || error !== undefined;
    if (call.calls.length > 0) {
      out.calls = [];
      for (var i = 0; i < call.calls.length; i++) {
        out.calls.push(this.finish(call.calls[i], db, failed));
      }
    }
    if (this.withLog && !failed && call.logs.length > 0) {
      out.logs = call.logs;
    }
    if (call.value !== undefined) {
      out.value = call.value;
    }
    out.type = call.type;
    return out;
  },
  readNumber: function (bytes, at) {
    // Words above 2^48 can never point inside revert data, so they count as out of range.
    for (var i = at; i < at + 26; i++) {
      if (bytes[i] !== 0) {
        return -1;
      }
    }
    var n = 0;
    for (var j = at + 26; j < at + 32; j++) {
      n = n * 256 + bytes[j];
    }
    return n;
  },
  decodeUtf8: function (bytes, start, end) {
    var text = '';
    var i = start;
    while (i < end) {
      var b = bytes[i];
      var need = b >= 0xf0 && b <= 0xf4 ? 3 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xc2 && b <= 0xdf ? 1 : 0;
      var cp = need === 3 ? b & 7 : need === 2 ? b & 15 : b & 31;
      var ok = b < 0x80 || need > 0;
      for (var k = 1; ok && k <= need; k++) {
        var c = i + k < end ? bytes[i + k] : 0;
        ok = (c & 0xc0) === 0x80;
        cp = cp * 64 + (c & 63);
      }
      if (ok && need === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) {
        ok = false;
      }
      if (ok && need === 3 && (cp < 0x10000 || cp > 0x10ffff)) {
        ok = false;
      }
      if (b < 0x80) {
        text += String.fromCharCode(b);
        i += 1;
      } else if (!ok) {
        text += '\ufffd';
        i += 1;
      } else {
        if (cp >= 0x10000) {
          cp -= 0x10000;
          text += String.fromCharCode(0xd800 + (cp >> 10), 0xdc00 + (cp & 1023));
        } else {
          text += String.fromCharCode(cp);
        }
        i += need + 1;
      }
    }
    return text;
  },
  panicReasons: {
    '0': 'generic panic',
    '1': 'assert(false)',
    '17': 'arithmetic underflow or overflow',
    '18': 'division or modulo by zero',
    '33': 'enum overflow',
    '34': 'invalid encoded storage byte array accessed',
    '49': 'out-of-bounds array access; popping on an empty array',
    '50': 'out-of-bounds access of an array or bytesSlice',
    '65': 'out of memory',
    '81': 'uninitialized function'
  },
  hexOf: function (bytes, start, end) {
    var hex = '';
    for (var i = start; i < end; i++) {
      hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    }
    return hex;
  },
  // Decodes Error(string) and Panic(uint256) revert data the way geth's abi.UnpackRevert does.
  revertReason: function (output) {
    if (output.length < 36) {
      return undefined;
    }
    var selector = this.hexOf(output, 0, 4);
    if (selector === '4e487b71') {
      // The code as hex without leading zeros; only codes below 2^32 can be known ones.
      var code = this.hexOf(output, 4, 36).replace(/^0+/, '') || '0';
      var known = code.length <= 8 ? this.panicReasons[String(parseInt(code, 16))] : undefined;
      return known !== undefined ? known : 'unknown panic code: 0x' + code;
    }
    if (selector !== '08c379a0') {
      return undefined;
    }
    var size = output.length - 4;
    var offset = this.readNumber(output, 4);
    if (offset < 0 || offset + 32 > size) {
      return undefined;
    }
    var length = this.readNumber(output, 4 + offset);
    if (length < 0 || offset + 32 + length > size) {
      return undefined;
    }
    return this.decodeUtf8(output, 4 + offset + 32, 4 + offset + 32 + length);
  },
  result: function (ctx, db) {
    var top = this.callstack[0];
    top.type = ctx.type;
    top.from = toHex(ctx.from);
    top.to = toHex(ctx.to);
    top.input = toHex(ctx.input);
    top.value = this.hexNumber(ctx.value);
    top.gas = this.hexNumber(ctx.gas);
    top.gasUsed = this.hexNumber(ctx.gasUsed);
    top.rawOutput = ctx.output === undefined ? [] : ctx.output;
    top.rawError = ctx.error;
    top.gasLeft = ctx.gas - ctx.gasUsed;
    return this.finish(top, db, false);
  }
}
