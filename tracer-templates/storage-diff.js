/**
 * @name Storage diff
 * @description For every contract the transaction wrote to, each written slot with its value before the transaction and after it ({address: {slot: {before, after}}}); slots that end up unchanged (or whose writes were reverted) are left out.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceCall call
 * @tested embedded, geth
 */
{
  before: {},
  word: function (value) {
    var hex = value.toString(16);
    while (hex.length < 64) {
      hex = '0' + hex;
    }
    return '0x' + hex;
  },
  step: function (log, db) {
    if (log.op.toNumber() !== 0x55 || log.getError() !== undefined) {
      return;
    }
    var address = toHex(log.contract.getAddress());
    var slot = this.word(log.stack.peek(0));
    var slots = this.before[address] || (this.before[address] = {});
    if (slots[slot] === undefined) {
      slots[slot] = toHex(db.getState(log.contract.getAddress(), toWord(slot)));
    }
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    var out = {};
    var addresses = Object.keys(this.before);
    for (var i = 0; i < addresses.length; i++) {
      var slots = this.before[addresses[i]];
      var keys = Object.keys(slots);
      for (var j = 0; j < keys.length; j++) {
        var after = toHex(db.getState(toAddress(addresses[i]), toWord(keys[j])));
        if (after !== slots[keys[j]]) {
          out[addresses[i]] = out[addresses[i]] || {};
          out[addresses[i]][keys[j]] = { before: slots[keys[j]], after: after };
        }
      }
    }
    return out;
  }
}
