/**
 * @name ERC-20 transfers
 * @description Every ERC-20 Transfer(address,address,uint256) event (LOG3 whose first topic is the Transfer signature) as {token, from, to, value}, value as a decimal string; transfers of reverted frames are left out.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceCall call
 * @tested embedded, geth, anvil
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
  // A big-endian byte string as a decimal string, exact at any size (no bigInt: Boa nodes do not have it).
  decimal: function (bytes) {
    var digits = [0];
    for (var i = 0; i < bytes.length; i++) {
      var carry = bytes[i];
      for (var j = 0; j < digits.length; j++) {
        carry += digits[j] * 256;
        digits[j] = carry % 10000000;
        carry = Math.floor(carry / 10000000);
      }
      while (carry > 0) {
        digits.push(carry % 10000000);
        carry = Math.floor(carry / 10000000);
      }
    }
    var text = String(digits[digits.length - 1]);
    for (var k = digits.length - 2; k >= 0; k--) {
      text += String(digits[k] + 10000000).slice(1);
    }
    return text;
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
    // Number() of a stack word works with geth's bigInt and with a native BigInt.
    if (topic !== this.transferTopic || Number(log.stack.peek(1)) !== 32) {
      return;
    }
    var offset = Number(log.stack.peek(0));
    this.frames[this.frames.length - 1].push({
      token: toHex(log.contract.getAddress()),
      from: this.address(log.stack.peek(3)),
      to: this.address(log.stack.peek(4)),
      value: this.decimal(log.memory.slice(offset, offset + 32))
    });
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return ctx.error === undefined ? this.frames[0] : [];
  }
}
