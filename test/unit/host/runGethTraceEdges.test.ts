import { describe, expect, it } from 'vitest';
import { createFeeMarket1559Tx } from '@ethereumjs/tx';
import { bytesToHex, generateAddress2, hexToBytes } from '@ethereumjs/util';
import { asm } from './assemble.ts';
import { addr, makeRun, senderKey, target, type RunSpec } from './evmHarness.ts';
import { traceWithJsTracer } from './tracePlain.ts';

// ctx.gasPrice is geth's tx.EffectiveGasTip(baseFee) (reference §ctx, v1.15.0): min(GasTipCap, GasFeeCap − baseFee),
// where both caps of a legacy tx are its gas price. Rows where the tip cap or the fee cap binds tell the two apart.
describe('ctx.gasPrice is the effective tip', () => {
  const tipTracer = `{ step: function() {}, fault: function() {}, result: function(ctx) { return ctx.gasPrice.toString(); } }`;
  it.each([
    ['legacy, gas price 100, baseFee 7', { gasPrice: 100n }, 7n, '93'],
    ['EIP-1559, tip cap 5 < fee cap 100 − 10', { maxFeePerGas: 100n, maxPriorityFeePerGas: 5n }, 10n, '5'],
    ['EIP-1559, fee cap 12 − 10 < tip cap 5', { maxFeePerGas: 12n, maxPriorityFeePerGas: 5n }, 10n, '2'],
  ])('%s', async (_name, fees, baseFee, tip) => {
    const run = await makeRun({ code: asm('STOP'), baseFee, ...('gasPrice' in fees ? fees : {}) });
    if ('maxFeePerGas' in fees) {
      const common = run.vm.common;
      run.tx = createFeeMarket1559Tx({ ...fees, gasLimit: 100_000n, to: target }, { common }).sign(senderKey);
    }
    expect(await traceWithJsTracer(run, { tracer: tipTracer })).toBe(tip);
  });
});

const A = addr(0xaaaa);
const EOA = addr(0xdead);
const args4 = 'PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0';
const initCode = '0x60006000f3';
const salt = new Uint8Array(32);
salt[31] = 0x2a;
const created2 = bytesToHex(generateAddress2(hexToBytes(target), salt, hexToBytes(initCode))).slice(-4);

const frameRecorder = `{ ev: [],
  step: function() {}, fault: function() {},
  enter: function(f) { var v = f.getValue();
    this.ev.push('enter ' + f.getType() + ' ' + toHex(f.getFrom()).slice(-4) + '>' + toHex(f.getTo()).slice(-4) +
      ' gas=' + f.getGas() + ' value=' + (v === undefined ? 'undefined' : v.toString()) + ' input=' + toHex(f.getInput())); },
  exit: function(r) { this.ev.push('exit used=' + r.getGasUsed() + ' err=' + r.getError()); },
  result: function(ctx) { this.ev.push('ctx ' + ctx.type + ' ' + toHex(ctx.to).slice(-4) + ' ' + ctx.error); return this.ev; } }`;

// geth's evm.Call/CallCode/Create fail on the balance before running a frame, between captureBegin and captureEnd:
// enter with the op's own type and ends, exit with all gas returned (used=0). Gas: CALL* forward the requested gas
// plus the 2300 stipend (value > 0); CREATE2 forwards all but 1/64 of what is left after its cost.
const failFastRows: Array<[string, RunSpec, string[]]> = [
  [
    // 24 gas of pushes and MSTORE (3 + 3 for one word), CREATE2 32000 + 6 (keccak word) + 2 (init code word):
    // 79000 − 24 − 32008 = 46968 left, 46968 − ⌊46968/64⌋ = 46235 forwarded. The address hashes the init code.
    'CREATE2 with value 1 from a contract without balance',
    { code: asm(`PUSH5 ${initCode} PUSH1 0 MSTORE PUSH1 0x2a PUSH1 5 PUSH1 27 PUSH1 1 CREATE2 POP STOP`) },
    [
      `enter CREATE2 c0de>${created2} gas=46235 value=1 input=${initCode}`,
      'exit used=0 err=insufficient balance for transfer',
      'ctx CALL c0de undefined',
    ],
  ],
  [
    'CALLCODE with value 1 from a contract without balance (from = caller, to = code address)',
    { code: asm(`${args4} PUSH1 1 PUSH20 ${A} PUSH2 5000 CALLCODE POP STOP`) },
    [
      'enter CALLCODE c0de>aaaa gas=7300 value=1 input=0x',
      'exit used=0 err=insufficient balance for transfer',
      'ctx CALL c0de undefined',
    ],
  ],
  [
    // The failed frame is at depth 2 (its caller runs at depth 1 below the top call): ctx keeps the top call.
    // A's gas: 21 (pushes) + 41600 (CALL: 100 + 2500 cold + 9000 value + 25000 new account + 5000) − 7300 returned
    // + 2 (POP) = 34323.
    'CALL with value 1 from a callee without balance',
    {
      code: asm(`${args4} PUSH1 0 PUSH20 ${A} PUSH3 50000 CALL POP STOP`),
      alloc: { [A]: { code: bytesToHex(asm(`${args4} PUSH1 1 PUSH20 ${EOA} PUSH2 5000 CALL POP STOP`)) } },
    },
    [
      'enter CALL c0de>aaaa gas=50000 value=0 input=0x',
      'enter CALL aaaa>dead gas=7300 value=1 input=0x',
      'exit used=0 err=insufficient balance for transfer',
      'exit used=34323 err=undefined',
      'ctx CALL c0de undefined',
    ],
  ],
];

describe('frames that fail before they run', () => {
  it.each(failFastRows)('%s', async (_name, spec, events) => {
    expect(await traceWithJsTracer(await makeRun(spec), { tracer: frameRecorder })).toEqual(events);
  });
});

// geth's OnFault gets the scope of the failing op: opRevert already popped offset and size, the 7 below stays.
describe('the fault log shows the failing frame', () => {
  it('REVERT: the stack without the two popped words', async () => {
    const tracer = `{ ev: [], step: function() {},
      fault: function(log) { this.ev.push(log.op.toString() + ' stack=' + log.stack.length() + ' top=' + log.stack.peek(0)); },
      result: function() { return this.ev; } }`;
    const run = await makeRun({ code: asm('PUSH1 7 PUSH1 0 PUSH1 0 REVERT') });
    expect(await traceWithJsTracer(run, { tracer })).toEqual(['REVERT stack=1 top=7']);
  });
});
