/**
 * @name Opcode histogram
 * @description How many times each opcode ran, by geth opcode name, over all call depths.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth, anvil
 */
{
  counts: {},
  step: function (log, db) {
    var name = log.op.toString();
    this.counts[name] = (this.counts[name] || 0) + 1;
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return this.counts;
  }
}
