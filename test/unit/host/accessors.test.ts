import { describe, expect, it } from 'vitest';
import { bytesToHex, generateAddress, generateAddress2, hexToBytes } from '@ethereumjs/util';
import { traceWithJsTracer } from './tracePlain.ts';
import { asm } from './assemble.ts';
import { addr, makeRun, senderHex, target, type RunSpec } from './evmHarness.ts';

async function result(expr: string, spec: RunSpec = {}) {
  const tracer = `{fault: function() {}, result: function(ctx, db) { return ${expr} }}`;
  return traceWithJsTracer(await makeRun({ code: asm('STOP'), ...spec }), { tracer });
}

const hex = (a: Uint8Array) => bytesToHex(a);

describe('fromBuf conversions (reference §6.2)', () => {
  it.each([
    ['toHex([256, 257])', '0x0001'],
    ['toHex([-1])', '0xff'],
    ['toHex([1.7])', '0x01'],
    ["toHex(['16'])", '0x10'],
    ["toHex(['a', null, undefined, true])", '0x00000001'],
    ['toHex(new Uint8Array([1, 2, 3, 4]).subarray(1, 3))', '0x0203'],
    ['toHex(new Uint8Array(0))', '0x'],
    ["toHex(toWord('0xzz12')).slice(-4)", '0000'],
    ["toHex(toAddress('12zz')).slice(-4)", '0012'],
    ["toHex(toAddress('0X123'))", '0x' + '0'.repeat(36) + '0123'],
    ["toHex(toWord(new String('0xff'))).slice(-2)", 'ff'],
  ])('%s', async (expr, expected) => {
    expect(await result(expr)).toBe(expected);
  });

  it.each([
    ['toHex(new Uint16Array(2))'],
    ['toHex(new ArrayBuffer(2))'],
    ['toHex({length: 1, 0: 1})'],
    ['toHex(5)'],
    ["db.getCode('0x00')"],
  ])('%s is an uncatchable invalid buffer type', async (expr) => {
    const tracer = `{fault: function() {}, result: function(ctx, db) { try { return ${expr} } catch (e) { return 'caught' } }}`;
    await expect(traceWithJsTracer(await makeRun({}), { tracer })).rejects.toHaveProperty(
      'message',
      "invalid buffer type    in server-side tracer function 'result'",
    );
  });
});

describe('address helpers', () => {
  it('toContract and toContract2 follow CREATE / CREATE2', async () => {
    const from = hexToBytes(target);
    const code = Uint8Array.from([0x60, 0x00]);
    expect(await result(`toHex(toContract(toAddress('${target}'), 5))`)).toBe(
      hex(generateAddress(from, Uint8Array.from([5]))),
    );
    expect(await result(`toHex(toContract('${target}', 0))`)).toBe(
      hex(generateAddress(from, new Uint8Array(0))),
    );
    const salt = new Uint8Array(32);
    salt[31] = 0x2a;
    expect(await result(`toHex(toContract2('${target}', '2a', [0x60, 0x00]))`)).toBe(
      hex(generateAddress2(from, salt, code)),
    );
    expect(await result(`toHex(toContract2('${target}', bigInt(42).toString(16), '0x6000'))`)).toBe(
      hex(generateAddress2(from, salt, code)),
    );
  });

  it('isPrecompiled accepts strings and buffers; false for other addresses', async () => {
    expect(
      await result(
        "[isPrecompiled('0x01'), isPrecompiled(toAddress('0x0a')), isPrecompiled(ctx.to), isPrecompiled('0x11')]",
      ),
    ).toEqual([true, true, false, false]);
  });
});

describe('log, db and ctx accessors during execution', () => {
  it('contract accessors in a DELEGATECALL frame, stack/memory argument conversion, live db reads', async () => {
    const lib = addr(0x11b);
    // lib: stores CALLVALUE in slot 7, then stops. main: delegatecalls lib with 2 bytes of calldata 0xbeef.
    const libCode = asm('CALLVALUE PUSH1 7 SSTORE PUSH1 7 SLOAD STOP');
    const main = asm(
      `PUSH2 0xbeef PUSH1 0 MSTORE PUSH1 0 PUSH1 0 PUSH1 2 PUSH1 30 PUSH20 ${lib} PUSH2 50000 DELEGATECALL STOP`,
    );
    const tracer = `{out: [],
      step: function(log, db) {
        if (log.getDepth() !== 2) return;
        var op = log.op.toString();
        if (op === 'CALLVALUE') this.out.push(toHex(log.contract.getCaller()), toHex(log.contract.getAddress()), log.contract.getValue(), toHex(log.contract.getInput()));
        if (op === 'SSTORE') this.out.push(log.stack.peek('0').toString(16), log.stack.peek(1.9).toString(), log.stack.peek(bigInt(0)).toString(), log.op.isPush(), log.op.toNumber());
        if (op === 'SLOAD') this.out.push(toHex(db.getState(log.contract.getAddress(), [7])).slice(-2), log.getRefund());
      },
      fault: function() {},
      result: function(ctx, db) { this.out.push(db.getState(ctx.to, toWord('0x07'))[31], db.exists(ctx.to), db.exists(toAddress('0x1234'))); return this.out; }}`;
    const run = await makeRun({ code: main, value: 9n, alloc: { [lib]: { code: bytesToHex(libCode) } } });
    expect(await traceWithJsTracer(run, { tracer })).toEqual([
      senderHex,
      target,
      '9',
      '0xbeef',
      '7',
      '9',
      '7',
      false,
      0x55,
      '09',
      0,
      9,
      true,
      false,
    ]);
  });

  it('CREATE frames have empty contract input; ctx.to is the new address; memory.getUint reads words', async () => {
    const init = asm('PUSH1 0x2a PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
    const tracer = `{out: [], step: function(log) { if (log.op.toString() === 'RETURN') this.out.push(log.contract.getInput().length, log.memory.getUint(0).toString(), log.memory.length()); },
      fault: function() {}, result: function(ctx) { this.out.push(ctx.type, toHex(ctx.to), toHex(ctx.input), toHex(ctx.output).slice(-2)); return this.out; }}`;
    const run = await makeRun({ to: null, data: init });
    const created = bytesToHex(generateAddress(hexToBytes(senderHex), new Uint8Array(0)));
    expect(await traceWithJsTracer(run, { tracer })).toEqual([
      0,
      '42',
      32,
      'CREATE',
      created,
      bytesToHex(init),
      '2a',
    ]);
  });

  it('ctx.gasPrice is the effective tip after London; blockHash/txIndex/txHash only with a context', async () => {
    const tracer =
      "{fault: function() {}, result: function(ctx) { return [ctx.gasPrice, ctx.txIndex, ctx.blockHash && ctx.blockHash.length, 'txHash' in ctx] }}";
    const run = await makeRun({ baseFee: 7n, gasPrice: 100n });
    expect(await traceWithJsTracer(run, { tracer })).toEqual(['93', null, null, false]);
    const ctxRun = await makeRun({ baseFee: 7n, gasPrice: 100n });
    const context = { blockHash: new Uint8Array(32).fill(1), txIndex: 4, txHash: new Uint8Array(32).fill(2) };
    expect(await traceWithJsTracer(ctxRun, { tracer, context })).toEqual(['93', 4, 32, true]);
  });
});
