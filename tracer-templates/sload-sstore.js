/**
 * @name SLOAD and SSTORE
 * @description Every SLOAD (0x54) and SSTORE (0x55) with the storage address, pc, slot and value; the value of an SLOAD is the stack top at the next step of the same depth (what the load returned).
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceCall call
 * @tested embedded, geth, anvil
 */
{
  data: [],
  pending: null,
  word: function (value) {
    var hex = value.toString(16);
    while (hex.length < 64) {
      hex = '0' + hex;
    }
    return '0x' + hex;
  },
  step: function (log, db) {
    if (this.pending !== null && log.getDepth() === this.pending.depth) {
      this.pending.entry.value = this.word(log.stack.peek(0));
      this.pending = null;
    }
    if (log.getError() !== undefined) {
      return;
    }
    var op = log.op.toNumber();
    if (op !== 0x54 && op !== 0x55) {
      return;
    }
    var entry = {
      op: op === 0x54 ? 'SLOAD' : 'SSTORE',
      address: toHex(log.contract.getAddress()),
      pc: log.getPC(),
      slot: this.word(log.stack.peek(0))
    };
    if (op === 0x55) {
      entry.value = this.word(log.stack.peek(1));
    } else {
      this.pending = { depth: log.getDepth(), entry: entry };
    }
    this.data.push(entry);
  },
  fault: function (log, db) {
    // A failed SLOAD never returns a value.
    this.pending = null;
  },
  result: function (ctx, db) {
    return this.data;
  }
}
