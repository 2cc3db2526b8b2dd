import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

// Tracers that run correctly on geth: none of them may get a warning or an error.

const specCallTracer =
  "{data: [], fault: function(log) {}, step: function(log) { if (log.op.toString() == 'CALL') this.data.push(log.stack.peek(0)); }, result: function() { return this.data; }}";

const specStorageTracer = `{
  retVal: [],
  step: function(log, db) {
    if (log.op.toNumber() == 0x54)
      this.retVal.push(log.getPC() + ': SLOAD ' + toHex(log.contract.getAddress()) + ' ' + log.stack.peek(0).toString(16));
    if (log.op.toNumber() == 0x55)
      this.retVal.push(log.getPC() + ': SSTORE ' + toHex(log.contract.getAddress()) + ' ' +
        log.stack.peek(0).toString(16) + ' <- ' + log.stack.peek(1).toString(16));
  },
  fault: function(log, db) { this.retVal.push('FAULT: ' + log.getError()); },
  result: function(ctx, db) { return this.retVal; }
}`;

// Written for these tests in the style of geth's step-based legacy call tracer.
const stepCallTracer = `{
  stack: [{}],
  entered: false,
  step: function(log, db) {
    var err = log.getError();
    if (err !== undefined) { this.fault(log, db); return; }
    var sys = (log.op.toNumber() & 0xf0) == 0xf0;
    if (sys) { var op = log.op.toString(); }
    if (sys && (op == 'CREATE' || op == 'CREATE2')) {
      var start = log.stack.peek(1).valueOf();
      var frame = { type: op, from: toHex(log.contract.getAddress()),
        input: toHex(log.memory.slice(start, start + log.stack.peek(2).valueOf())),
        gasIn: log.getGas(), gasCost: log.getCost(), value: '0x' + log.stack.peek(0).toString(16) };
      this.stack.push(frame);
      this.entered = true;
      return;
    }
    if (sys && op == 'SELFDESTRUCT') {
      var n = this.stack.length;
      if (this.stack[n - 1].calls === undefined) this.stack[n - 1].calls = [];
      this.stack[n - 1].calls.push({ type: op, from: toHex(log.contract.getAddress()),
        to: toHex(toAddress(log.stack.peek(0).toString(16))),
        value: '0x' + db.getBalance(log.contract.getAddress()).toString(16) });
      return;
    }
    if (sys && (op == 'CALL' || op == 'CALLCODE' || op == 'DELEGATECALL' || op == 'STATICCALL')) {
      var to = toAddress(log.stack.peek(1).toString(16));
      if (isPrecompiled(to)) return;
      var off = (op == 'DELEGATECALL' || op == 'STATICCALL') ? 0 : 1;
      var frame = { type: op, from: toHex(log.contract.getAddress()), to: toHex(to),
        gasIn: log.getGas(), gasCost: log.getCost(),
        outOff: log.stack.peek(4 + off).valueOf(), outLen: log.stack.peek(5 + off).valueOf() };
      if (op != 'DELEGATECALL' && op != 'STATICCALL') frame.value = '0x' + log.stack.peek(2).toString(16);
      this.stack.push(frame);
      this.entered = true;
      return;
    }
    if (this.entered) {
      if (log.getDepth() >= this.stack.length) this.stack[this.stack.length - 1].gas = log.getGas();
      this.entered = false;
    }
    if (sys && op == 'REVERT') { this.stack[this.stack.length - 1].error = 'execution reverted'; return; }
    if (log.getDepth() == this.stack.length - 1) {
      var done = this.stack.pop();
      var ret = log.stack.peek(0);
      if (done.type == 'CREATE' || done.type == 'CREATE2') {
        done.gasUsed = '0x' + bigInt(done.gasIn - done.gasCost - log.getGas()).toString(16);
        if (!ret.equals(0)) {
          done.to = toHex(toAddress(ret.toString(16)));
          done.output = toHex(db.getCode(toAddress(ret.toString(16))));
        } else if (done.error === undefined) done.error = 'internal failure';
      } else if (!ret.equals(0)) {
        done.output = toHex(log.memory.slice(done.outOff, done.outOff + done.outLen));
      }
      delete done.gasIn; delete done.gasCost; delete done.outOff; delete done.outLen;
      var left = this.stack.length;
      if (this.stack[left - 1].calls === undefined) this.stack[left - 1].calls = [];
      this.stack[left - 1].calls.push(done);
    }
  },
  fault: function(log, db) {
    if (this.stack[this.stack.length - 1].error !== undefined) return;
    var failed = this.stack.pop();
    failed.error = log.getError();
    if (this.stack.length > 0) { this.stack[this.stack.length - 1].calls = (this.stack[this.stack.length - 1].calls || []).concat([failed]); return; }
    this.stack.push(failed);
  },
  result: function(ctx, db) {
    var out = { type: ctx.type, from: toHex(ctx.from), to: toHex(ctx.to), value: '0x' + ctx.value.toString(16),
      gas: '0x' + bigInt(ctx.gas).toString(16), gasUsed: '0x' + bigInt(ctx.gasUsed).toString(16),
      input: toHex(ctx.input), output: toHex(ctx.output) };
    if (this.stack[0].calls !== undefined) out.calls = this.stack[0].calls;
    if (ctx.error !== undefined) out.error = ctx.error;
    if (out.error !== undefined && (out.error !== 'execution reverted' || out.output === '0x')) delete out.output;
    return this.tidy(out);
  },
  tidy: function(call) {
    var sorted = { type: call.type, from: call.from, to: call.to, value: call.value, gas: call.gas,
      gasUsed: call.gasUsed, input: call.input, output: call.output, error: call.error, calls: call.calls };
    for (var key in sorted) if (sorted[key] === undefined) delete sorted[key];
    if (sorted.calls !== undefined) for (var i = 0; i < sorted.calls.length; i++) sorted.calls[i] = this.tidy(sorted.calls[i]);
    return sorted;
  }
}`;

const frameTracer = `{
  calls: [],
  setup: function(config) { var cfg = JSON.parse(config); this.onlyTop = !!cfg.onlyTopCall; },
  enter: function(frame) {
    var value = frame.getValue();
    this.calls.push({ type: frame.getType(), from: toHex(frame.getFrom()), to: toHex(frame.getTo()),
      input: toHex(frame.getInput()), gas: frame.getGas(), value: value === undefined ? undefined : '0x' + value.toString(16) });
  },
  exit: function(frameResult) {
    var last = this.calls[this.calls.length - 1];
    last.gasUsed = frameResult.getGasUsed();
    last.output = toHex(frameResult.getOutput());
    if (frameResult.getError() !== undefined) last.error = frameResult.getError();
  },
  fault: function(log, db) {},
  result: function(ctx, db) {
    var self = this;
    var tos = [];
    this.calls.forEach(function(c) { tos.push(c.to); self.count = (self.count || 0) + 1; });
    return { calls: this.calls, tos: tos, balance: '0x' + db.getBalance(ctx.to).toString(16),
      nonce: db.getNonce(ctx.from), code: toHex(db.getCode(ctx.to)), exists: db.exists(ctx.to),
      slot: toHex(db.getState(ctx.to, toWord('0x00'))), block: ctx.block, coinbase: toHex(ctx.coinbase) };
  }
}`;

const selectorTracer = `{
  ids: {},
  isCall: function(op) { return op == 'CALL' || op == 'STATICCALL' || op == 'DELEGATECALL' || op == 'CALLCODE'; },
  step: function(log, db) {
    var op = log.op.toString();
    if (!this.isCall(op)) return;
    var shift = op == 'DELEGATECALL' || op == 'STATICCALL' ? 0 : 1;
    var addr = toAddress(log.stack.peek(1).toString(16));
    if (isPrecompiled(addr)) return;
    var inSize = log.stack.peek(3 + shift).valueOf();
    if (inSize >= 4) {
      var id = toHex(log.memory.slice(log.stack.peek(2 + shift).valueOf(), log.stack.peek(2 + shift).valueOf() + 4));
      var key = id + '-' + (inSize - 4);
      this.ids[key] = (this.ids[key] || 0) + 1;
    }
    switch (op) { case 'CALL': case 'STATICCALL': break; default: }
    if (log.stack.length() > 0 && log.memory.length() > 0 && log.op.isPush()) this.pushes = (this.pushes || 0) + 1;
  },
  fault: function(log, db) {},
  result: function(ctx) {
    if (ctx.input.length >= 4) this.ids[toHex(slice(ctx.input, 0, 4)) + '-' + (ctx.input.length - 4)] = 1;
    return this.ids;
  }
}`;

describe('valid tracers get no warning or error', () => {
  it.each([
    ['spec CALL example', specCallTracer],
    ['spec SLOAD/SSTORE example', specStorageTracer],
    ['step-based call tracer', stepCallTracer],
    ['enter/exit tracer with setup', frameTracer],
    ['selector tracer', selectorTracer],
  ])('%s', (_name, code) => {
    const r = checkTracer(code);
    expect(
      r.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.message}`),
    ).toEqual([]);
    expect(r.tracer?.form).toBe('bare');
    expect(r.members.filter((m) => m.kind === 'function').map((m) => m.name)).toContain('result');
  });

  it('the same tracers for the target geth', () => {
    for (const code of [specCallTracer, stepCallTracer, frameTracer])
      expect(checkTracer(code, { target: 'geth' }).diagnostics).toEqual([]);
  });

  it('double quotes in a valid tracer give only info diagnostics', () => {
    const r = checkTracer(specCallTracer.replace("'CALL'", '"CALL"'));
    expect(r.diagnostics.map((d) => `${d.severity} ${d.ruleId}`)).toEqual([
      'info tracer/double-quoted-string',
    ]);
  });
});
