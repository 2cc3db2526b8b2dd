import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

// geth runs the top frame at log depth 1; a CALL from depth 1025 fails before a frame exists (depth > 1024), and
// the tracer still gets enter/exit with `max call depth exceeded`, no gas used, and no step or fault error.
const tracer = `{ maxDepth: 0, enters: 0, exits: {}, stepErrors: 0, faults: 0,
  step: function(log) { if (log.getDepth() > this.maxDepth) this.maxDepth = log.getDepth(); if (log.getError()) this.stepErrors++; },
  fault: function() { this.faults++; },
  enter: function(f) { this.enters++; },
  exit: function(r) { var k = (r.getError() || 'ok') + ' used=' + (r.getError() ? r.getGasUsed() : '*'); this.exits[k] = (this.exits[k] || 0) + 1; },
  result: function(ctx) { return [this.maxDepth, this.enters, this.exits, this.stepErrors, this.faults, ctx.error === undefined]; } }`;

describe('call depth limit', () => {
  it.each([
    // Under EIP-150 each level keeps 1/64 of its gas, so 1024 levels need ~1e11 gas: a block with a high gas limit.
    ['cancun', 100_000_000_000n],
    ['homestead', 30_000_000n],
  ])(
    'a self-call chain at %s stops at depth 1025 with max call depth exceeded',
    async (hardfork, gasLimit) => {
      // Homestead has no 63/64 rule and fails a CALL asking more gas than is left: ask for all but 1000.
      const gas = hardfork === 'homestead' ? 'PUSH2 1000 GAS SUB' : 'GAS';
      const code = asm(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 ADDRESS ${gas} CALL STOP`);
      const run = await makeRun({ hardfork, code, gasLimit, blockGasLimit: gasLimit + 1n });
      // 1,025 frames take seconds on a busy machine: the test is about depth, not geth's 5 s default timeout.
      expect(await traceWithJsTracer(run, { tracer, timeout: '60s' })).toEqual([
        1025,
        1025,
        { 'ok used=*': 1024, 'max call depth exceeded used=0': 1 },
        0,
        0,
        true,
      ]);
    },
  );
});
