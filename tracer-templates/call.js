/**
 * @name Call opcodes
 * @description For every CALL opcode, the top stack item (its gas argument, a bigInt shown as a decimal string), collected in a data array: the tracer shape of the spec example (section 4.4 rule 5).
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
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
