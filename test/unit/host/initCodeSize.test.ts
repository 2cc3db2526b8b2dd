import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

// EIP-3860: geth rejects oversized init code in CREATE/CREATE2's dynamic gas function, i.e. before the op is logged:
// `step` gets `out of gas: max initcode size exceeded: code size N limit 49152` (gasCreateEip3860 → CheckMaxInitCodeSize,
// core/vm/common.go) with the constant cost only, `fault` is not called,
// and the frame fails with that error (all gas used). No child frame is entered.
const recorder = `{ ev: [],
  step: function(log) { if (log.getError()) this.ev.push('step ' + log.op.toString() + ' gas=' + log.getGas() + ' cost=' + log.getCost() + ' err=' + log.getError()); },
  fault: function(log) { this.ev.push('fault ' + log.op.toString() + ' ' + log.getError()); },
  enter: function(f) { this.ev.push('enter ' + f.getType()); },
  exit: function(r) { this.ev.push('exit ' + r.getError()); },
  result: function(ctx) { this.ev.push('ctx error=' + ctx.error + ' gasUsed=' + ctx.gasUsed); return this.ev; } }`;

const tooBig = 'out of gas: max initcode size exceeded: code size 49153 limit 49152';

describe('init code size limit (EIP-3860)', () => {
  it.each([
    [
      'CREATE 49153 bytes',
      'PUSH3 49153 PUSH1 0 PUSH1 0 CREATE STOP',
      'cancun',
      [`step CREATE gas=99991 cost=32000 err=${tooBig}`, 'ctx error=' + tooBig + ' gasUsed=121000'],
    ],
    [
      'CREATE2 49153 bytes',
      'PUSH1 0 PUSH3 49153 PUSH1 0 PUSH1 0 CREATE2 STOP',
      'cancun',
      [`step CREATE2 gas=99988 cost=32000 err=${tooBig}`, 'ctx error=' + tooBig + ' gasUsed=121000'],
    ],
    // Checked after the constant charge: with less than 32000 gas left it is a plain out of gas.
    [
      'CREATE 49153 bytes, no gas for the constant',
      'PUSH3 49153 PUSH1 0 PUSH1 0 CREATE STOP',
      'cancun',
      ['step CREATE gas=9991 cost=32000 err=out of gas', 'ctx error=out of gas gasUsed=31000'],
      31_000n,
    ],
    // Exactly the limit is allowed: the child runs (49152 zero bytes = STOPs).
    [
      'CREATE 49152 bytes',
      'PUSH3 49152 PUSH1 0 PUSH1 0 CREATE STOP',
      'cancun',
      ['enter CREATE', 'exit undefined', expect.stringMatching(/^ctx error=undefined gasUsed=\d+$/)],
      200_000n,
    ],
    // Before Shanghai there is no limit.
    [
      'CREATE 49153 bytes at London',
      'PUSH3 49153 PUSH1 0 PUSH1 0 CREATE STOP',
      'london',
      ['enter CREATE', 'exit undefined', expect.stringMatching(/^ctx error=undefined gasUsed=\d+$/)],
      200_000n,
    ],
  ])('%s', async (_name, code, hardfork, expected, gasLimit = 121_000n) => {
    const run = await makeRun({ hardfork, code: asm(code), gasLimit });
    expect(await traceWithJsTracer(run, { tracer: recorder })).toEqual(expected);
  });
});
