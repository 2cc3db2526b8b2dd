import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun, type RunSpec } from './evmHarness.ts';

/** A tracer that records, as readable lines, every step with an error, every fault, enter/exit and the final ctx. */
export const errorRecorder = `{ ev: [],
  step: function(log) { if (log.getError()) this.ev.push('step ' + log.op.toString() + ' gas=' + log.getGas() + ' cost=' + log.getCost() + ' err=' + log.getError()); },
  fault: function(log) { this.ev.push('fault ' + log.op.toString() + ' ' + log.getError()); },
  enter: function(f) { this.ev.push('enter ' + f.getType() + ' ' + toHex(f.getTo())); },
  exit: function(r) { this.ev.push('exit ' + r.getError() + ' output=' + toHex(r.getOutput()) + ' used=' + r.getGasUsed()); },
  result: function(ctx) { this.ev.push('ctx error=' + ctx.error + ' output=' + toHex(ctx.output)); return this.ev; } }`;

/**
 * A tracer that records the failed steps with their cost, faults with their cost and memory size, failed exits and
 * ctx.error (the rows of the instruction-error and dynamic-gas tables).
 */
export const costRecorder = `{ ev: [],
  step: function(log) { if (log.getError()) this.ev.push('step ' + log.op.toString() + ' cost=' + log.getCost() + ' err=' + log.getError()); },
  fault: function(log) { this.ev.push('fault ' + log.op.toString() + ' cost=' + log.getCost() + ' mem=' + log.memory.length() + ' ' + log.getError()); },
  enter: function() {},
  exit: function(r) { if (r.getError()) this.ev.push('exit ' + r.getError()); },
  result: function(ctx) { this.ev.push('ctx ' + ctx.error); return this.ev; } }`;

/** Runs assembled `code` as the callee of a test transaction under {@link errorRecorder}; returns its lines. */
export async function recordErrors(code: string, spec: RunSpec = {}): Promise<string[]> {
  return (await traceWithJsTracer(await makeRun({ code: asm(code), ...spec }), {
    tracer: errorRecorder,
  })) as string[];
}
