import { describe, expect, it } from 'vitest';
import { traceWithJsTracer, traceWithStructLogger } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

// A code deposit that fails (reference §1.3): no step error, no fault. geth's create() hands the tracer the code the
// init code returned together with the deposit error, so ctx.output / frameResult.getOutput() are that code. Before
// Homestead a deposit out of gas is not reverted and keeps the unused gas; from Homestead on all gas is used.
const recorder = `{ ev: [],
  out: function(b) { return b.length + ' bytes ' + toHex(b.slice(0, 2)); },
  step: function(log) { if (log.getError()) this.ev.push('step error ' + log.getError()); },
  fault: function(log) { this.ev.push('fault ' + log.getError()); },
  enter: function(f) { this.ev.push('enter ' + f.getType()); },
  exit: function(r) { this.ev.push('exit ' + r.getError() + ' output=' + this.out(r.getOutput()) + ' used=' + r.getGasUsed()); },
  result: function(ctx) { this.ev.push('ctx error=' + ctx.error + ' output=' + this.out(ctx.output)); return this.ev; } }`;

const storageOog = 'contract creation code storage out of gas';
// Init codes: 10 bytes starting 0xaa (2000 gas to deposit, runs on 18 gas); 24577 zero bytes; one byte 0xef.
const returns10 = 'PUSH1 0xaa PUSH1 0 MSTORE8 PUSH1 10 PUSH1 0 RETURN';
const tooLarge = 'PUSH2 24577 PUSH1 0 RETURN';
const startsEf = 'PUSH1 0xef PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 RETURN';

describe('code-deposit failures: the returned code is the output', () => {
  it.each([
    ['chainstart', returns10, 21_000n + 118n, `ctx error=${storageOog} output=10 bytes 0xaa00`],
    ['homestead', returns10, 53_000n + 118n, `ctx error=${storageOog} output=10 bytes 0xaa00`],
    ['cancun', returns10, 53_000n + 118n, `ctx error=${storageOog} output=10 bytes 0xaa00`],
    ['cancun', tooLarge, 200_000n, 'ctx error=max code size exceeded output=24577 bytes 0x0000'],
    ['cancun', startsEf, 100_000n, 'ctx error=invalid code: must not begin with 0xef output=1 bytes 0xef'],
  ])('top-level create at %s: %s', async (hardfork, init, gas, expected) => {
    const data = asm(init);
    // Intrinsic data gas: 68 (pre-Istanbul) or 16 per non-zero byte, 4 per zero byte; 2 per init code word.
    const nonZero = BigInt(data.filter((b) => b !== 0).length);
    const dataGas =
      (hardfork === 'cancun' ? 16n : 68n) * nonZero +
      4n * (BigInt(data.length) - nonZero) +
      (hardfork === 'cancun' ? 2n : 0n);
    const run = await makeRun({ hardfork, to: null, data, gasLimit: gas + dataGas });
    expect(await traceWithJsTracer(run, { tracer: recorder })).toEqual([expected]);
  });

  const creator = `PUSH10 0x${Buffer.from(asm(returns10)).toString('hex')} PUSH1 0 MSTORE PUSH1 10 PUSH1 22 PUSH1 0 CREATE STOP`;
  it.each([
    ['chainstart', `exit ${storageOog} output=10 bytes 0xaa00 used=18`],
    ['homestead', `exit ${storageOog} output=10 bytes 0xaa00 used=121`],
  ])('CREATE at %s', async (hardfork, exit) => {
    // 21 gas before CREATE, 32000 for it; the child gets the remaining 121 (no 63/64 rule before EIP-150).
    const run = await makeRun({ hardfork, code: asm(creator), gasLimit: 21_000n + 21n + 32_000n + 121n });
    expect(await traceWithJsTracer(run, { tracer: recorder })).toEqual([
      'enter CREATE',
      exit,
      'ctx error=undefined output=0 bytes 0x',
    ]);
  });

  it('the struct logger still reports an empty returnValue (geth keeps data only on success and revert)', async () => {
    const run = await makeRun({ hardfork: 'cancun', to: null, data: asm(startsEf), gasLimit: 100_000n });
    expect(await traceWithStructLogger(run)).toMatchObject({ failed: true, returnValue: '0x' });
  });
});
