/**
 * @name Revert finder
 * @description Every call frame that failed: depth (0 = the transaction itself), type, address, caller, error and, for reverts, the decoded reason (Error(string) or Panic(uint256)) or the raw revert data.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction revertTx
 * @tested embedded, geth, anvil
 */
{
  stack: [],
  failures: [],
  enter: function (frame) {
    this.stack.push({ type: frame.getType(), address: toHex(frame.getTo()), caller: toHex(frame.getFrom()) });
  },
  exit: function (frameResult) {
    var frame = this.stack.pop();
    var error = frameResult.getError();
    if (error !== undefined) {
      this.record(frame, this.stack.length + 1, error, frameResult.getOutput());
    }
  },
  fault: function (log, db) {},
  hexOf: function (bytes, start, end) {
    var hex = '';
    for (var i = start; i < end; i++) {
      hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    }
    return hex;
  },
  number: function (bytes, at) {
    var n = 0;
    for (var i = at; i < at + 32; i++) {
      if (i < at + 26 && bytes[i] !== 0) {
        return -1;
      }
      n = i < at + 26 ? 0 : n * 256 + bytes[i];
    }
    return n;
  },
  reason: function (output) {
    if (output.length < 36) {
      return undefined;
    }
    var selector = this.hexOf(output, 0, 4);
    if (selector === '4e487b71') {
      return 'panic 0x' + (this.hexOf(output, 4, 36).replace(/^0+/, '') || '0');
    }
    if (selector !== '08c379a0') {
      return undefined;
    }
    var offset = this.number(output, 4);
    var length = offset < 0 || 4 + offset + 32 > output.length ? -1 : this.number(output, 4 + offset);
    if (length < 0 || 4 + offset + 32 + length > output.length) {
      return undefined;
    }
    var text = '';
    for (var i = 4 + offset + 32; i < 4 + offset + 32 + length; i++) {
      text += String.fromCharCode(output[i]);
    }
    // Error(string) carries UTF-8: decode it when it is valid, else keep the raw characters.
    try {
      return decodeURIComponent(escape(text));
    } catch (e) {
      return text;
    }
  },
  record: function (frame, depth, error, output) {
    var entry = { depth: depth, type: frame.type, address: frame.address, caller: frame.caller, error: error };
    if (error === 'execution reverted') {
      var reason = this.reason(output);
      if (reason !== undefined) {
        entry.reason = reason;
      } else if (output.length > 0) {
        entry.data = toHex(output);
      }
    }
    this.failures.push(entry);
  },
  result: function (ctx, db) {
    if (ctx.error !== undefined) {
      var top = { type: ctx.type, address: toHex(ctx.to), caller: toHex(ctx.from) };
      this.record(top, 0, '' + ctx.error, ctx.output === undefined ? [] : ctx.output);
    }
    return this.failures;
  }
}
