import { describe, expect, it } from 'vitest';
import { bytesToHex, generateAddress, generateAddress2, hexToBytes } from '@ethereumjs/util';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { addr, makeRun, target } from './evmHarness.ts';

// The exact sequence of hook calls geth makes for a contract that exercises every kind of frame. Expected values
// are derived by hand from the bytecode and the Cancun gas schedule (cold access 2600, warm 100, value transfer
// 9000, new account 25000; CALL* cost includes the forwarded gas, not the 2300 stipend).
const A = addr(0xaaaa);
const B = addr(0xbbbb);
const R = addr(0x4444);
const W = addr(0x5555);
const EOA = addr(0xdead);
const BENEFICIARY = addr(0xbeef);

const args5 = 'PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0';
const main = asm(`
  ${args5} PUSH1 0 PUSH20 ${A} PUSH2 5000 CALL POP
  ${args5} PUSH20 ${A} PUSH2 5000 DELEGATECALL POP
  ${args5} PUSH20 ${A} PUSH2 5000 STATICCALL POP
  PUSH5 0x60006000f3 PUSH1 0 MSTORE PUSH1 5 PUSH1 27 PUSH1 0 CREATE POP
  ${args5} PUSH1 0 PUSH1 4 PUSH2 5000 CALL POP
  ${args5} PUSH1 1 PUSH20 ${EOA} PUSH2 5000 CALL POP
  ${args5} PUSH1 0 PUSH20 ${B} PUSH2 40000 CALL POP
  ${args5} PUSH1 0 PUSH20 ${R} PUSH2 5000 CALL POP
  ${args5} PUSH20 ${W} PUSH2 5000 STATICCALL POP
  ${args5} PUSH2 1000 PUSH20 ${A} PUSH2 5000 CALL POP
  STOP`);

const alloc = {
  [target]: { code: bytesToHex(main), balance: '10' },
  [A]: { code: bytesToHex(asm('PUSH1 0 PUSH1 0 RETURN')) },
  [B]: { code: bytesToHex(asm(`PUSH20 ${BENEFICIARY} SELFDESTRUCT`)), balance: '5' },
  [R]: { code: bytesToHex(asm('PUSH1 0xaa PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 REVERT')) },
  [W]: { code: bytesToHex(asm('PUSH1 1 PUSH1 0 SSTORE STOP')) },
};

const recorder = `{
  ev: [], g: 0,
  step: function(log) {
    var op = log.op.toString();
    if (op === 'CREATE' || op === 'CREATE2') this.g = log.getGas() - log.getCost();
    if (/^(CALL|DELEGATECALL|STATICCALL|CREATE|SELFDESTRUCT|REVERT|RETURN|STOP|SSTORE)$/.test(op) || log.getError())
      this.ev.push('step ' + log.getDepth() + ' ' + op + ' cost=' + log.getCost() + (log.getError() ? ' err=' + log.getError() : ''));
  },
  fault: function(log) { this.ev.push('fault ' + log.getDepth() + ' ' + log.op.toString() + ' ' + log.getError()); },
  enter: function(f) {
    var v = f.getValue(), gas = f.getGas();
    if (/^CREATE/.test(f.getType()) && gas === this.g - Math.floor(this.g / 64)) gas = 'all-but-1/64';
    this.ev.push('enter ' + f.getType() + ' ' + toHex(f.getFrom()).slice(-4) + '>' + toHex(f.getTo()).slice(-4) +
      ' gas=' + gas + ' value=' + (v === undefined ? 'undefined' : v.toString()) + ' input=' + toHex(f.getInput()));
  },
  exit: function(r) { this.ev.push('exit used=' + r.getGasUsed() + ' out=' + toHex(r.getOutput()) + ' err=' + r.getError()); },
  result: function(ctx) { this.ev.push('result ' + ctx.type + ' error=' + ctx.error + ' out=' + toHex(ctx.output)); return this.ev; }
}`;

describe('hook order for every frame kind', () => {
  it('reports steps, faults, enters and exits in geth order with geth gas values', async () => {
    const run = await makeRun({ alloc, gasLimit: 1_000_000n, value: 7n });
    const created = bytesToHex(generateAddress(hexToBytes(target), new Uint8Array(0))).slice(-4);
    expect(await traceWithJsTracer(run, { tracer: recorder })).toEqual([
      'step 1 CALL cost=7600',
      'enter CALL c0de>aaaa gas=5000 value=0 input=0x',
      'step 2 RETURN cost=0',
      'exit used=6 out=0x err=undefined',
      'step 1 DELEGATECALL cost=5100',
      'enter DELEGATECALL c0de>aaaa gas=5000 value=7 input=0x',
      'step 2 RETURN cost=0',
      'exit used=6 out=0x err=undefined',
      'step 1 STATICCALL cost=5100',
      'enter STATICCALL c0de>aaaa gas=5000 value=undefined input=0x',
      'step 2 RETURN cost=0',
      'exit used=6 out=0x err=undefined',
      'step 1 CREATE cost=32002',
      `enter CREATE c0de>${created} gas=all-but-1/64 value=0 input=0x60006000f3`,
      'step 2 RETURN cost=0',
      'exit used=6 out=0x err=undefined',
      'step 1 CALL cost=5100',
      'enter CALL c0de>0004 gas=5000 value=0 input=0x',
      'exit used=15 out=0x err=undefined',
      'step 1 CALL cost=41600',
      'enter CALL c0de>dead gas=7300 value=1 input=0x',
      'exit used=0 out=0x err=undefined',
      'step 1 CALL cost=42600',
      'enter CALL c0de>bbbb gas=40000 value=0 input=0x',
      'step 2 SELFDESTRUCT cost=32600',
      'enter SELFDESTRUCT bbbb>beef gas=0 value=5 input=0x',
      'exit used=0 out=0x err=undefined',
      'exit used=32603 out=0x err=undefined',
      'step 1 CALL cost=7600',
      'enter CALL c0de>4444 gas=5000 value=0 input=0x',
      'step 2 REVERT cost=0',
      'fault 2 REVERT execution reverted',
      'exit used=18 out=0xaa err=execution reverted',
      'step 1 STATICCALL cost=7600',
      'enter STATICCALL c0de>5555 gas=5000 value=undefined input=0x',
      // SSTORE's gas function checks the write protection first (makeGasSStoreFunc): a pre-log error, no fault.
      'step 2 SSTORE cost=0 err=out of gas: write protection',
      'exit used=5000 out=0x err=out of gas: write protection',
      'step 1 CALL cost=14100',
      'enter CALL c0de>aaaa gas=7300 value=1000 input=0x',
      'exit used=0 out=0x err=insufficient balance for transfer',
      'step 1 STOP cost=0',
      'result CALL error=undefined out=0x',
    ]);
  });
});

describe('CALLCODE, CREATE2 and a CREATE that fails before its frame exists', () => {
  it('reports from/to like geth and synthesizes the failed CREATE frame', async () => {
    const code = asm(`
      ${args5} PUSH1 0 PUSH20 ${A} PUSH2 5000 CALLCODE POP
      PUSH5 0x60006000f3 PUSH1 0 MSTORE PUSH1 0x2a PUSH1 5 PUSH1 27 PUSH1 0 CREATE2 POP
      PUSH1 5 PUSH1 27 PUSH2 1000 CREATE POP
      STOP`);
    const run = await makeRun({ alloc: { [target]: { code: bytesToHex(code), nonce: '1' }, [A]: alloc[A] } });
    const salt = new Uint8Array(32);
    salt[31] = 0x2a;
    const initCode = hexToBytes('0x60006000f3');
    const created2 = bytesToHex(generateAddress2(hexToBytes(target), salt, initCode)).slice(-4);
    // The failing CREATE would have used nonce 2 (1 from the alloc, +1 by CREATE2).
    const created = bytesToHex(generateAddress(hexToBytes(target), Uint8Array.from([2]))).slice(-4);
    const res = (await traceWithJsTracer(run, { tracer: recorder })) as string[];
    expect(res.filter((e) => !e.startsWith('step'))).toEqual([
      'enter CALLCODE c0de>aaaa gas=5000 value=0 input=0x',
      'exit used=6 out=0x err=undefined',
      `enter CREATE2 c0de>${created2} gas=all-but-1/64 value=0 input=0x60006000f3`,
      'exit used=6 out=0x err=undefined',
      `enter CREATE c0de>${created} gas=all-but-1/64 value=1000 input=0x60006000f3`,
      'exit used=0 out=0x err=insufficient balance for transfer',
      'result CALL error=undefined out=0x',
    ]);
  });
});
