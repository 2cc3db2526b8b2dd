/**
 * @name Flat calls (flatCallTracer)
 * @description Every call frame as one entry of a parity-style flat list (action, result, error, subtraces, traceAddress, type), in the output format of geth's native flatCallTracer. CALL and STATICCALL to precompiles are left out unless includePrecompiles is set; convertParityErrors rewrites errors to parity's wording.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth
 * @tracerConfig {"convertParityErrors": false, "includePrecompiles": false}
 */
{
  callstack: [{ calls: [] }],
  config: {},
  setup: function (cfg) {
    // geth passes the config as a JSON string, Boa nodes (reth, anvil) as an object.
    this.config = (typeof cfg === 'string' ? JSON.parse(cfg) : cfg) || {};
  },
  hexNumber: function (n) {
    return '0x' + n.toString(16);
  },
  enter: function (frame) {
    var value = frame.getValue();
    this.callstack.push({
      type: frame.getType(),
      from: toHex(frame.getFrom()),
      to: toHex(frame.getTo()),
      input: toHex(frame.getInput()),
      gas: this.hexNumber(frame.getGas()),
      gasIn: frame.getGas(),
      value: value === undefined ? '0x0' : this.hexNumber(value),
      calls: []
    });
  },
  exit: function (frameResult) {
    if (this.callstack.length <= 1) {
      return;
    }
    var call = this.callstack.pop();
    call.gasUsed = this.hexNumber(frameResult.getGasUsed());
    call.gasLeft = call.gasIn - frameResult.getGasUsed();
    call.output = toHex(frameResult.getOutput());
    call.error = frameResult.getError();
    // Parity traces leave out plain calls to precompiles.
    var hidden = (call.type === 'CALL' || call.type === 'STATICCALL') && isPrecompiled(call.to);
    if (!hidden || this.config.includePrecompiles === true) {
      this.callstack[this.callstack.length - 1].calls.push(call);
    }
  },
  fault: function (log, db) {},
  parityErrors: {
    'contract creation code storage out of gas': 'Out of gas',
    'out of gas': 'Out of gas',
    'gas uint64 overflow': 'Out of gas',
    'max code size exceeded': 'Out of gas',
    'invalid jump destination': 'Bad jump destination',
    'execution reverted': 'Reverted',
    'return data out of bounds': 'Out of bounds',
    'stack limit reached 1024 (1023)': 'Out of stack',
    'precompiled failed': 'Built-in failed',
    'invalid input length': 'Built-in failed'
  },
  parityError: function (error) {
    if (this.parityErrors.hasOwnProperty(error)) {
      return this.parityErrors[error];
    }
    if (error.indexOf('invalid opcode:') === 0) {
      return 'Bad instruction';
    }
    // Dynamic gas failures carry a detail after 'out of gas: ' (e.g. the SSTORE reentrancy sentry).
    if (error.indexOf('out of gas:') === 0) {
      return 'Out of gas';
    }
    if (error.indexOf('stack underflow') === 0) {
      return 'Out of stack';
    }
    return error;
  },
  // Before Homestead a CREATE whose code deposit runs out of gas is not reverted and keeps its unused gas: geth
  // reports it without error. From Homestead on the failed frame burns all its gas.
  keptCode: function (call) {
    return call.error === 'contract creation code storage out of gas' && call.gasLeft > 0;
  },
  toEntry: function (call, db) {
    var error = call.error;
    if (error !== undefined && this.keptCode(call)) {
      error = undefined;
    }
    var output = error === undefined || error === 'execution reverted' ? call.output : '0x';
    var entry;
    if (call.type === 'CREATE' || call.type === 'CREATE2') {
      entry = {
        action: { creationMethod: call.type.toLowerCase(), from: call.from, gas: call.gas, init: call.input, value: call.value },
        result: { gasUsed: call.gasUsed, code: output },
        type: 'create'
      };
      if (error === undefined) {
        entry.result.address = call.to;
      }
    } else if (call.type === 'SELFDESTRUCT') {
      entry = { action: { address: call.from, balance: call.value, refundAddress: call.to }, type: 'suicide' };
    } else {
      entry = {
        action: { callType: call.type.toLowerCase(), from: call.from, gas: call.gas, input: call.input, to: call.to, value: call.value },
        result: { gasUsed: call.gasUsed, output: output },
        type: 'call'
      };
    }
    if (error !== undefined) {
      entry.error = this.config.convertParityErrors === true ? this.parityError(error) : error;
      if (error !== 'execution reverted') {
        delete entry.result;
      }
    }
    return entry;
  },
  flatten: function (call, traceAddress, out, db) {
    var entry = this.toEntry(call, db);
    entry.subtraces = call.calls.length;
    entry.traceAddress = traceAddress;
    out.push(entry);
    for (var i = 0; i < call.calls.length; i++) {
      this.flatten(call.calls[i], traceAddress.concat([i]), out, db);
    }
    return out;
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
    top.output = ctx.output === undefined ? '0x' : toHex(ctx.output);
    top.error = ctx.error;
    top.gasLeft = ctx.gas - ctx.gasUsed;
    var list = this.flatten(top, [], [], db);
    // Like geth, every entry names its block and transaction (hashes only when tracing a mined transaction).
    for (var i = 0; i < list.length; i++) {
      list[i].blockHash = ctx.blockHash === undefined ? null : toHex(ctx.blockHash);
      list[i].blockNumber = ctx.block;
      list[i].transactionHash = ctx.txHash === undefined ? null : toHex(ctx.txHash);
      list[i].transactionPosition = ctx.txIndex === undefined ? 0 : ctx.txIndex;
    }
    return list;
  }
}
