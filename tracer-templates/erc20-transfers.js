/**
 * @name ERC-20 transfers
 * @description Every ERC-20 Transfer(address,address,uint256) event (LOG3 whose first topic is the Transfer signature) as {token, from, to, value}, value as a decimal string; transfers of reverted frames are left out.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 */
{
  frames: [[]],
  transferTopic: 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  address: function (value) {
    var hex = value.toString(16);
    while (hex.length < 40) {
      hex = '0' + hex;
    }
    return '0x' + hex.slice(hex.length - 40);
  },
  enter: function (frame) {
    this.frames.push([]);
  },
  exit: function (frameResult) {
    var transfers = this.frames.pop();
    if (frameResult.getError() === undefined) {
      var parent = this.frames[this.frames.length - 1];
      for (var i = 0; i < transfers.length; i++) {
        parent.push(transfers[i]);
      }
    }
  },
  step: function (log, db) {
    if (log.op.toNumber() !== 0xa3 || log.getError() !== undefined) {
      return;
    }
    var topic = log.stack.peek(2).toString(16);
    while (topic.length < 64) {
      topic = '0' + topic;
    }
    if (topic !== this.transferTopic || log.stack.peek(1).neq(32)) {
      return;
    }
    var offset = log.stack.peek(0).toJSNumber();
    this.frames[this.frames.length - 1].push({
      token: toHex(log.contract.getAddress()),
      from: this.address(log.stack.peek(3)),
      to: this.address(log.stack.peek(4)),
      value: bigInt(toHex(log.memory.slice(offset, offset + 32)).slice(2), 16).toString()
    });
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return ctx.error === undefined ? this.frames[0] : [];
  }
}
