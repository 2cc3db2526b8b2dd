import { describe, expect, it } from 'vitest';
import { createBlock } from '@ethereumjs/block';
import { Common, Mainnet } from '@ethereumjs/common';
import { bytesToHex } from '@ethereumjs/util';
import { createStepView, runGethTrace, type GethTraceHooks } from '../../../src/evm/host/runGethTrace.ts';
import { opcodeNames } from '../../../src/core/tracer/opcodes.ts';
import { asm } from './assemble.ts';
import { addr, makeRun, sender } from './evmHarness.ts';
import { recordErrors } from './recordErrors.ts';
import { traceWithJsTracer } from './tracePlain.ts';

const hex4 = (b: Uint8Array) => bytesToHex(b).slice(-4);

/** Hooks that record enter/exit/txEnd as lines and each op's cost as `OP cost`. */
function recorder() {
  const ev: string[] = [];
  const hooks: GethTraceHooks = {
    onTxStart: () => ev.push('txStart'),
    onOpcode: (s) => ev.push(`${opcodeNames.get(s.op)} cost=${s.cost}`),
    onFault: (s) => ev.push(`fault ${s.error}`),
    onEnter: (d, type, from, to) => ev.push(`enter ${d} ${type} ${hex4(from)}>${hex4(to)}`),
    onExit: (d, _out, used, error, reverted) =>
      ev.push(`exit ${d} used=${used} ${error} reverted=${reverted}`),
    onTxEnd: (used) => ev.push(`txEnd ${used}`),
    shouldStop: () => false,
  };
  return { ev, hooks };
}

const A = addr(0xaaaa);
const S = hex4(sender.bytes);
const args4 = 'PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0';

describe('createStepView', () => {
  it('is zeroed, with no interpreter and no error', () => {
    expect(createStepView()).toStrictEqual({
      ip: undefined,
      pc: 0,
      op: 0,
      gas: 0,
      cost: 0,
      depth: 0,
      refund: 0,
      error: undefined,
      memLen: 0,
    });
  });
});

// geth runs a transaction under its block's rules (core.ApplyMessage with the block's ChainConfig.Rules): a VM and a
// tx built for Cancun, traced in a Petersburg block, pay Petersburg's prices: intrinsic 21000 + 68 for the non-zero
// data byte (IntrinsicGas before EIP-2028), SLOAD 200 (gas_table.go before EIP-2200/2929, no cold access).
// Without the fork sync the VM charges SLOAD 2100 (cold); without runTx's fork validation the tx's own Common keeps
// Cancun's 16 gas per data byte.
describe('a block of another fork than the VM and the tx', () => {
  it('Petersburg block, Cancun VM and tx: SLOAD costs 200, data 68 per byte', async () => {
    const run = await makeRun({ code: asm('PUSH1 1 SLOAD STOP'), data: Uint8Array.from([0xff]) });
    const common = new Common({ chain: Mainnet, hardfork: 'petersburg' });
    run.block = createBlock({ header: { number: 1n, gasLimit: 30_000_000n, timestamp: 1n } }, { common });
    const { ev, hooks } = recorder();
    await runGethTrace(run, hooks);
    expect(ev).toEqual([
      'txStart',
      `enter 0 CALL ${S}>c0de`,
      'PUSH1 cost=3',
      'SLOAD cost=200',
      'STOP cost=0',
      'exit 0 used=203 undefined reverted=false',
      `txEnd ${21_000 + 68 + 203}`,
    ]);
  });
});

// A second trace on the same VM must not reach the first trace's hooks: runGethTrace removes its beforeMessage and
// afterMessage listeners and its observer when it ends (`call: true` skips the nonce, so the same tx runs twice).
describe('a second trace on the same VM', () => {
  it('reports only to its own hooks', async () => {
    const run = await makeRun({ code: asm('PUSH1 0 POP STOP') });
    const first = recorder();
    await runGethTrace({ ...run, call: true }, first.hooks);
    const firstLines = [...first.ev];
    const second = recorder();
    await runGethTrace({ ...run, call: true }, second.hooks);
    expect(first.ev).toEqual(firstLines);
    expect(second.ev).toEqual([
      'txStart',
      `enter 0 CALL ${S}>c0de`,
      'PUSH1 cost=3',
      'POP cost=2',
      'STOP cost=0',
      'exit 0 used=5 undefined reverted=false',
      `txEnd ${21_000 + 5}`,
    ]);
  });
});

// geth's log.getCost() of a CALL-kind op is its dynamic gas including the gas it forwards (gasCall, gasCallCode,
// gasDelegateCall, gasStaticCall with makeCallVariantGasCallEIP2929): 100 warm + 2500 more for a cold address +
// the 5000 asked for (less than all but 1/64 of what is left). A, without code, is cold at the first call only.
// geth's OnEnter: CALLCODE and DELEGATECALL run A's code for c0de, both from c0de to A.
describe('CALL-kind ops: cost with the forwarded gas, frame ends', () => {
  it('CALLCODE, DELEGATECALL, STATICCALL, CALL to A', async () => {
    const code = asm(`
      ${args4} PUSH1 0 PUSH20 ${A} PUSH2 5000 CALLCODE POP
      ${args4} PUSH20 ${A} PUSH2 5000 DELEGATECALL POP
      ${args4} PUSH20 ${A} PUSH2 5000 STATICCALL POP
      ${args4} PUSH1 0 PUSH20 ${A} PUSH2 5000 CALL POP STOP`);
    const { ev, hooks } = recorder();
    await runGethTrace(await makeRun({ code }), hooks);
    expect(ev.filter((e) => /CALL/.test(e))).toEqual([
      'enter 0 CALL ' + S + '>c0de',
      'CALLCODE cost=7600',
      'enter 1 CALLCODE c0de>aaaa',
      'DELEGATECALL cost=5100',
      'enter 1 DELEGATECALL c0de>aaaa',
      'STATICCALL cost=5100',
      'enter 1 STATICCALL c0de>aaaa',
      'CALL cost=5100',
      'enter 1 CALL c0de>aaaa',
    ]);
  });
});

// geth's pre-Homestead exception is only ErrCodeStoreOutOfGas (captureEnd/create): any other error still reverts.
// 0xfe has no operation in Frontier's jump table: the interpreter fails with ErrInvalidOpCode, `invalid opcode:
// INVALID` (opcodes.go names 0xfe INVALID), and the frame uses all its 79000 gas.
describe('reverted before Homestead', () => {
  it('chainstart, INVALID at the top: reverted=true', async () => {
    const { ev, hooks } = recorder();
    await runGethTrace(await makeRun({ hardfork: 'chainstart', code: asm('INVALID') }), hooks);
    expect(ev.filter((e) => e.startsWith('exit'))).toEqual([
      'exit 0 used=79000 invalid opcode: INVALID reverted=true',
    ]);
  });
});

// geth's DelegateCall and CallCode run a precompile when the code address is one (evm.precompile(addr)): blake2f
// with empty input fails with its own text, not as a call to c0de's code.
describe('precompiles reached by code address', () => {
  it.each(['DELEGATECALL', 'CALLCODE'])('%s blake2f, empty input: invalid input length', async (op) => {
    const value = op === 'CALLCODE' ? 'PUSH1 0' : '';
    const res = await recordErrors(`${args4} ${value} PUSH1 9 GAS ${op} STOP`, { gasLimit: 200_000n });
    expect(res.filter((e) => e.startsWith('exit'))).toEqual([
      expect.stringMatching(/^exit invalid input length output=0x used=\d+$/),
    ]);
  });

  // identity returns its input: 15 + 3 per word (geth's dataCopy.RequiredGas).
  it('CALL identity with 0x1234: the exit output is 0x1234', async () => {
    const res = await recordErrors(
      `PUSH2 0x1234 PUSH1 0 MSTORE PUSH1 0 PUSH1 0 PUSH1 2 PUSH1 30 PUSH1 0 PUSH1 4 GAS CALL STOP`,
    );
    expect(res).toEqual([
      'enter CALL 0x0000000000000000000000000000000000000004',
      'exit undefined output=0x1234 used=18',
      'ctx error=undefined output=0x',
    ]);
  });
});

// geth's OnEnter copies the input (js.go: t.frame.input = common.CopyBytes(input)) and its one frame object keeps the
// last enter's fields: read in result(), it is still the input as the call began, whatever the caller wrote to that
// memory since. Memory byte 0 is 0x11 at the call; A's 0x22 is copied over it, or the caller writes 0x22 itself.
describe('a frame input read after the caller changed its memory', () => {
  const tracer = `{ enter: function(f) { this.f = f; }, exit: function() {}, step: function() {}, fault: function() {},
    result: function() { return toHex(this.f.getInput()); } }`;
  it.each([
    [
      'CALL A, which returns 0x22 into the input bytes',
      `PUSH1 1 PUSH1 0 PUSH1 1 PUSH1 0 PUSH1 0 PUSH20 ${A} PUSH2 5000 CALL STOP`,
    ],
    [
      'CALL A with value 1 without balance, then MSTORE8 0x22',
      `PUSH1 0 PUSH1 0 PUSH1 1 PUSH1 0 PUSH1 1 PUSH20 ${A} PUSH2 5000 CALL PUSH1 0x22 PUSH1 0 MSTORE8 STOP`,
    ],
  ])('%s: 0x11', async (_name, call) => {
    const run = await makeRun({
      code: asm(`PUSH1 0x11 PUSH1 0 MSTORE8 ${call}`),
      alloc: { [A]: { code: bytesToHex(asm('PUSH1 0x22 PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 RETURN')) } },
    });
    expect(await traceWithJsTracer(run, { tracer })).toBe('0x11');
  });
});
