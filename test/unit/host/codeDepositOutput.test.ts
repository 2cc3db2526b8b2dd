import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

// A code deposit that cannot be paid (reference §1.3): no step error, no fault. Before Homestead geth keeps the
// (empty) contract and its unused gas and hands the tracer the returned code as output, with the error
// `contract creation code storage out of gas`; from Homestead on the output is empty and all gas is used.
const recorder = `{ ev: [],
  fault: function(log) { this.ev.push('fault ' + log.getError()); },
  enter: function(f) { this.ev.push('enter ' + f.getType()); },
  exit: function(r) { this.ev.push('exit ' + r.getError() + ' output=' + toHex(r.getOutput()) + ' used=' + r.getGasUsed()); },
  result: function(ctx) { this.ev.push('ctx error=' + ctx.error + ' output=' + toHex(ctx.output)); return this.ev; } }`;

// Returns 10 bytes of code starting 0xaa (2000 gas to deposit); runs on 18 gas.
const init = 'PUSH1 0xaa PUSH1 0 MSTORE8 PUSH1 10 PUSH1 0 RETURN';
const code10 = '0xaa000000000000000000';
const storageOog = 'contract creation code storage out of gas';

describe('code-deposit out of gas: output and error', () => {
  it.each([
    ['chainstart', 21_000n + 68n * 7n + 4n * 3n, [`ctx error=${storageOog} output=${code10}`]],
    ['homestead', 53_000n + 68n * 7n + 4n * 3n, [`ctx error=${storageOog} output=0x`]],
  ])('top-level create at %s', async (hardfork, intrinsic, expected) => {
    const run = await makeRun({ hardfork, to: null, data: asm(init), gasLimit: intrinsic + 18n + 100n });
    expect(await traceWithJsTracer(run, { tracer: recorder })).toEqual(expected);
  });

  const creator = `PUSH10 0x${Buffer.from(asm(init)).toString('hex')} PUSH1 0 MSTORE PUSH1 10 PUSH1 22 PUSH1 0 CREATE STOP`;
  it.each([
    ['chainstart', `exit ${storageOog} output=${code10} used=18`],
    ['homestead', `exit ${storageOog} output=0x used=121`],
  ])('CREATE at %s', async (hardfork, exit) => {
    // 21 gas before CREATE, 32000 for it; the child gets the remaining 121 (no 63/64 rule before EIP-150).
    const run = await makeRun({ hardfork, code: asm(creator), gasLimit: 21_000n + 21n + 32_000n + 121n });
    expect(await traceWithJsTracer(run, { tracer: recorder })).toEqual([
      'enter CREATE',
      exit,
      'ctx error=undefined output=0x',
    ]);
  });
});
