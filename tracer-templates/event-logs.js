/**
 * @name Event logs
 * @description Every LOG0-LOG4 with the emitting address, topics, data and call depth, leaving out the logs of frames that were reverted (they never reach the receipt).
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth, anvil
 */
{
  frames: [[]],
  word: function (value) {
    var hex = value.toString(16);
    while (hex.length < 64) {
      hex = '0' + hex;
    }
    return '0x' + hex;
  },
  enter: function (frame) {
    this.frames.push([]);
  },
  exit: function (frameResult) {
    var logs = this.frames.pop();
    if (frameResult.getError() === undefined) {
      var parent = this.frames[this.frames.length - 1];
      for (var i = 0; i < logs.length; i++) {
        parent.push(logs[i]);
      }
    }
  },
  step: function (log, db) {
    var op = log.op.toNumber();
    if (op < 0xa0 || op > 0xa4 || log.getError() !== undefined) {
      return;
    }
    var topics = [];
    for (var i = 0; i < op - 0xa0; i++) {
      topics.push(this.word(log.stack.peek(2 + i)));
    }
    // Number() of a stack word works with geth's bigInt and with a native BigInt; offsets and sizes of a LOG
    // that did not fail are small enough to be exact.
    var size = Number(log.stack.peek(1));
    var offset = Number(log.stack.peek(0));
    var data = size === 0 ? '0x' : toHex(log.memory.slice(offset, offset + size));
    this.frames[this.frames.length - 1].push({
      address: toHex(log.contract.getAddress()),
      topics: topics,
      data: data,
      depth: log.getDepth()
    });
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return ctx.error === undefined ? this.frames[0] : [];
  }
}
