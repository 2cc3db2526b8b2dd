/**
 * @name Call opcodes
 * @description For every CALL opcode, the top stack item (its gas argument, a bigInt shown as a decimal string), collected in a data array: the tracer shape most provider examples use.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth, anvil
 */
{
  data: [],
  fault: function (log, db) {},
  step: function (log, db) {
    if (log.op.toString() === 'CALL') {
      this.data.push(log.stack.peek(0));
    }
  },
  result: function (ctx, db) {
    return this.data;
  }
}
