/**
 * @name Selector counter (4byteTracer)
 * @description Counts the 4-byte function selectors of every call with at least 4 bytes of input, keyed like geth's 4byteTracer: "0x12345678-<calldata size after the selector>": count. Calls to precompiles and contract creations are not counted.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth
 */
{
  ids: {},
  count: function (input) {
    if (input.length < 4) {
      return;
    }
    var key = toHex(slice(input, 0, 4)) + '-' + (input.length - 4);
    this.ids[key] = (this.ids[key] || 0) + 1;
  },
  enter: function (frame) {
    var type = frame.getType();
    if (type === 'CREATE' || type === 'CREATE2' || type === 'SELFDESTRUCT') {
      return;
    }
    if (!isPrecompiled(frame.getTo())) {
      this.count(frame.getInput());
    }
  },
  exit: function (frameResult) {},
  fault: function (log, db) {},
  result: function (ctx, db) {
    if (ctx.type === 'CALL' && !isPrecompiled(ctx.to)) {
      this.count(ctx.input);
    }
    return this.ids;
  }
}
