/**
 * @name Prestate (prestateTracer)
 * @description Every account the transaction touches, with its balance, nonce, code, codeHash and the storage slots read or written, as it was before the transaction, in the output format of geth's native prestateTracer. diffMode returns {pre, post} with only what changed; disableCode, disableStorage and includeEmpty work as in geth. The sender's pre-balance is rebuilt from ctx (gas price derived from the refund when possible); blob fees and EIP-7702 authorities are invisible to a JS tracer.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceTransaction tx
 * @tested embedded, geth
 * @tracerConfig {"diffMode": false, "disableCode": false, "disableStorage": false, "includeEmpty": false}
 */
{
  config: {},
  pre: {},
  created: {},
  deleted: {},
  first: null,
  selfdestruct: null,
  preLondon: false,
  setup: function (cfg) {
    // geth passes the config as a JSON string, Boa nodes (reth, anvil) as an object.
    this.config = (typeof cfg === 'string' ? JSON.parse(cfg) : cfg) || {};
  },
  pad: function (hex, size) {
    while (hex.length < size) {
      hex = '0' + hex;
    }
    return hex;
  },
  addressOf: function (value) {
    var hex = this.pad(value.toString(16), 40);
    return '0x' + hex.slice(hex.length - 40);
  },
  lookupAccount: function (addr, db) {
    if (this.pre[addr] !== undefined) {
      return;
    }
    var raw = toAddress(addr);
    this.pre[addr] = {
      balance: db.getBalance(raw),
      nonce: db.getNonce(raw),
      code: db.getCode(raw),
      storage: {}
    };
  },
  lookupStorage: function (addr, slot, db) {
    this.lookupAccount(addr, db);
    var storage = this.pre[addr].storage;
    if (storage[slot] === undefined) {
      storage[slot] = toHex(db.getState(toAddress(addr), toWord(slot)));
    }
  },
  // The first step runs after the sender paid for gas and value: remember what is needed to undo that.
  recordFirst: function (log, db) {
    var from = toHex(log.contract.getCaller());
    var to = toHex(log.contract.getAddress());
    this.first = { from: from, to: to };
    this.lookupAccount(from, db);
    this.lookupAccount(to, db);
    this.lookupDelegation(to, db);
  },
  step: function (log, db) {
    if (this.first === null) {
      this.recordFirst(log, db);
    }
    if (this.selfdestruct !== null && log.getRefund() > this.selfdestruct.refund) {
      this.preLondon = true;
    }
    this.selfdestruct = null;
    if (log.getError() !== undefined) {
      return;
    }
    var op = log.op.toString();
    var size = log.stack.length();
    var self = toHex(log.contract.getAddress());
    if (size >= 1 && (op === 'SLOAD' || op === 'SSTORE')) {
      this.lookupStorage(self, '0x' + this.pad(log.stack.peek(0).toString(16), 64), db);
    } else if (size >= 1 && (op === 'EXTCODECOPY' || op === 'EXTCODEHASH' || op === 'EXTCODESIZE' || op === 'BALANCE' || op === 'SELFDESTRUCT')) {
      this.lookupAccount(this.addressOf(log.stack.peek(0)), db);
      if (op === 'SELFDESTRUCT') {
        this.deleted[self] = true;
        this.selfdestruct = { refund: log.getRefund(), gasAfter: log.getGas() - log.getCost() };
      }
    } else if (size >= 5 && (op === 'CALL' || op === 'CALLCODE' || op === 'DELEGATECALL' || op === 'STATICCALL')) {
      var target = this.addressOf(log.stack.peek(1));
      this.lookupAccount(target, db);
      this.lookupDelegation(target, db);
    } else if (op === 'CREATE') {
      var created = toHex(toContract(log.contract.getAddress(), db.getNonce(log.contract.getAddress())));
      this.lookupAccount(created, db);
      this.created[created] = true;
    } else if (size >= 4 && op === 'CREATE2') {
      this.lookupCreate2(log, db);
    }
  },
  // EIP-7702: a call to a delegated account (or a transaction to one) also reads the delegation target.
  lookupDelegation: function (addr, db) {
    var code = this.pre[addr].code;
    if (code.length === 23 && code[0] === 0xef && code[1] === 0x01 && code[2] === 0x00) {
      this.lookupAccount('0x' + this.hexOf(code, 3, 23), db);
    }
  },
  lookupCreate2: function (log, db) {
    var offset = log.stack.peek(1).toJSNumber();
    var length = log.stack.peek(2).toJSNumber();
    // Like geth, give up when the init code would need more than 1 MiB of zero padding.
    if (length > 0 && offset + length - log.memory.length() > 1048576) {
      return;
    }
    var init = length > 0 ? log.memory.slice(offset, offset + length) : [];
    var created = toHex(toContract2(log.contract.getAddress(), log.stack.peek(3).toString(16), init));
    this.lookupAccount(created, db);
    this.created[created] = true;
  },
  fault: function (log, db) {},
  hexOf: function (bytes, start, end) {
    var hex = '';
    for (var i = start; i < end; i++) {
      hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    }
    return hex;
  },
  keccakRound: [
    1, 0, 32898, 0, 32906, 2147483648, 2147516416, 2147483648, 32907, 0, 2147483649, 0, 2147516545, 2147483648,
    32777, 2147483648, 138, 0, 136, 0, 2147516425, 0, 2147483658, 0, 2147516555, 0, 139, 2147483648, 32905,
    2147483648, 32771, 2147483648, 32770, 2147483648, 128, 2147483648, 32778, 0, 2147483658, 2147483648,
    2147516545, 2147483648, 32896, 2147483648, 2147483649, 0, 2147516424, 2147483648
  ],
  keccakRotation: [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14],
  keccakPermute: function (s) {
    var c = [];
    var b = [];
    for (var round = 0; round < 24; round++) {
      for (var x = 0; x < 10; x++) {
        c[x] = s[x] ^ s[x + 10] ^ s[x + 20] ^ s[x + 30] ^ s[x + 40];
      }
      for (x = 0; x < 5; x++) {
        var l = c[((x + 1) % 5) * 2];
        var h = c[((x + 1) % 5) * 2 + 1];
        var dl = c[((x + 4) % 5) * 2] ^ ((l << 1) | (h >>> 31));
        var dh = c[((x + 4) % 5) * 2 + 1] ^ ((h << 1) | (l >>> 31));
        for (var y = 0; y < 25; y += 5) {
          s[(x + y) * 2] ^= dl;
          s[(x + y) * 2 + 1] ^= dh;
        }
      }
      for (var i = 0; i < 25; i++) {
        var lo = s[i * 2];
        var hi = s[i * 2 + 1];
        var r = this.keccakRotation[i];
        if (r >= 32) {
          var t = lo;
          lo = hi;
          hi = t;
          r -= 32;
        }
        var nl = r === 0 ? lo : (lo << r) | (hi >>> (32 - r));
        var nh = r === 0 ? hi : (hi << r) | (lo >>> (32 - r));
        var px = i % 5;
        var py = (i - px) / 5;
        var j = py + 5 * ((2 * px + 3 * py) % 5);
        b[j * 2] = nl;
        b[j * 2 + 1] = nh;
      }
      for (i = 0; i < 25; i++) {
        var row = i - (i % 5);
        var i1 = row + ((i + 1) % 5);
        var i2 = row + ((i + 2) % 5);
        s[i * 2] = b[i * 2] ^ (~b[i1 * 2] & b[i2 * 2]);
        s[i * 2 + 1] = b[i * 2 + 1] ^ (~b[i1 * 2 + 1] & b[i2 * 2 + 1]);
      }
      s[0] ^= this.keccakRound[round * 2];
      s[1] ^= this.keccakRound[round * 2 + 1];
    }
  },
  // Keccak-256 (the original padding, as Ethereum uses), for codeHash: no tracer helper returns a full hash.
  keccak256: function (bytes) {
    var s = [];
    for (var k = 0; k < 50; k++) {
      s[k] = 0;
    }
    var rate = 136;
    var blocks = Math.floor(bytes.length / rate) + 1;
    for (var n = 0; n < blocks; n++) {
      for (var p = 0; p < rate; p++) {
        var at = n * rate + p;
        var v = at < bytes.length ? bytes[at] : 0;
        if (at === bytes.length) {
          v |= 0x01;
        }
        if (n === blocks - 1 && p === rate - 1) {
          v |= 0x80;
        }
        s[p >> 2] ^= v << ((p & 3) * 8);
      }
      this.keccakPermute(s);
    }
    var out = '0x';
    for (var q = 0; q < 32; q++) {
      var byte = (s[q >> 2] >>> ((q & 3) * 8)) & 255;
      out += (byte < 16 ? '0' : '') + byte.toString(16);
    }
    return out;
  },
  isEmpty: function (account) {
    return account.nonce === 0 && account.code.length === 0 && account.balance.isZero();
  },
  // The coinbase is paid gasUsed * tip after execution; ctx.coinbase is missing on clients older than geth 1.14.9.
  rebuildCoinbase: function (ctx, db) {
    if (ctx.coinbase === undefined) {
      return;
    }
    var coinbase = toHex(ctx.coinbase);
    if (this.pre[coinbase] === undefined) {
      this.lookupAccount(coinbase, db);
      this.pre[coinbase].balance = this.pre[coinbase].balance.subtract(bigInt(ctx.gasUsed).multiply(ctx.gasPrice));
    }
  },
  // After London ctx.gasPrice is only the tip: the price actually paid shows in the refund of unused gas.
  paidPrice: function (ctx, db, from) {
    var refund = ctx.gas - ctx.gasUsed;
    var coinbase = ctx.coinbase === undefined ? '' : toHex(ctx.coinbase);
    if (this.first === null || refund <= 0 || from === coinbase) {
      return ctx.gasPrice;
    }
    var gained = db.getBalance(ctx.from).subtract(this.pre[from].balance);
    if (ctx.error !== undefined) {
      gained = gained.subtract(ctx.value);
    }
    return gained.isPositive() && gained.mod(refund).isZero() ? gained.divide(refund) : ctx.gasPrice;
  },
  // Undoes what the transaction did to sender and recipient: before the first step (gas bought for the whole gas
  // limit, value moved, nonce raised), or, when no code ran, by its end (gas paid for gasUsed).
  rebuildTxAccounts: function (ctx, db) {
    var from = toHex(ctx.from);
    var to = toHex(ctx.to);
    var ran = this.first !== null;
    var price = this.paidPrice(ctx, db, from);
    this.lookupAccount(from, db);
    this.lookupAccount(to, db);
    this.rebuildCoinbase(ctx, db);
    var moved = ran || ctx.error === undefined;
    if (from !== to && moved) {
      this.pre[from].balance = this.pre[from].balance.add(ctx.value);
      this.pre[to].balance = this.pre[to].balance.subtract(ctx.value);
    }
    var gas = bigInt(ran ? ctx.gas : ctx.gasUsed);
    this.pre[from].balance = this.pre[from].balance.add(gas.multiply(price));
    this.pre[from].nonce -= 1;
    if (ctx.type === 'CREATE') {
      this.pre[to].nonce = 0;
      this.pre[to].code = [];
      this.created[to] = true;
    }
  },
  // The gas refund of the last op, when it was a SELFDESTRUCT ending the transaction, shows only in ctx.gasUsed.
  checkLastSelfdestruct: function (ctx) {
    var last = this.selfdestruct;
    if (last === null) {
      return;
    }
    var used = ctx.gas - last.gasAfter;
    if (used - ctx.gasUsed > Math.min(last.refund, Math.floor(used / 2))) {
      this.preLondon = true;
    }
  },
  // geth drops a self-destructed account before Cancun; after it only one created by this transaction. A JS tracer
  // cannot see the fork: SELFDESTRUCT's 24000 gas refund (before London) is the evidence used, so between London
  // and Cancun a self-destructed pre-existing account is wrongly kept.
  isDeleted: function (addr) {
    return this.deleted[addr] === true && (this.created[addr] === true || this.preLondon);
  },
  format: function (account) {
    var out = { balance: '0x' + account.balance.toString(16) };
    if (account.nonce > 0) {
      out.nonce = account.nonce;
    }
    if (account.code.length > 0) {
      if (!this.config.disableCode) {
        out.code = toHex(account.code);
      }
      out.codeHash = this.keccak256(account.code);
    }
    var slots = Object.keys(account.storage);
    if (!this.config.disableStorage && slots.length > 0) {
      out.storage = account.storage;
    }
    return out;
  },
  diffAccount: function (addr, account, db) {
    var raw = toAddress(addr);
    var post = {};
    var modified = false;
    var balance = db.getBalance(raw);
    if (!balance.equals(account.balance)) {
      post.balance = '0x' + balance.toString(16);
      modified = true;
    }
    var nonce = db.getNonce(raw);
    if (nonce !== account.nonce) {
      if (nonce > 0) {
        post.nonce = nonce;
      }
      modified = true;
    }
    var code = db.getCode(raw);
    if (toHex(code) !== toHex(account.code)) {
      if (!this.config.disableCode) {
        post.code = toHex(code);
      }
      post.codeHash = this.keccak256(code);
      modified = true;
    }
    var slots = Object.keys(account.storage);
    var changed = {};
    var anyChanged = false;
    for (var i = 0; i < slots.length; i++) {
      var before = account.storage[slots[i]];
      var now = toHex(db.getState(raw, toWord(slots[i])));
      if (before === now || /^0x0*$/.test(before)) {
        delete account.storage[slots[i]];
      }
      if (before !== now && !this.config.disableStorage) {
        modified = true;
        if (!/^0x0*$/.test(now)) {
          changed[slots[i]] = now;
          anyChanged = true;
        }
      }
    }
    if (anyChanged) {
      post.storage = changed;
    }
    return modified ? post : null;
  },
  result: function (ctx, db) {
    this.rebuildTxAccounts(ctx, db);
    this.checkLastSelfdestruct(ctx);
    var addrs = Object.keys(this.pre);
    var pre = {};
    var post = {};
    for (var i = 0; i < addrs.length; i++) {
      var addr = addrs[i];
      var account = this.pre[addr];
      var empty = this.isEmpty(account);
      var keep = true;
      if (this.config.diffMode && !this.isDeleted(addr)) {
        var changed = this.diffAccount(addr, account, db);
        if (changed === null) {
          keep = false;
        } else {
          post[addr] = changed;
        }
      }
      if (keep && (!empty || this.config.includeEmpty)) {
        pre[addr] = this.format(account);
      }
    }
    return this.config.diffMode ? { post: post, pre: pre } : pre;
  }
}
