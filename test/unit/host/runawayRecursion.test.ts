import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';
import { positionPart } from './tracePlain.ts';

// Runaway recursion in a hook or in the tracer expression: V8's RangeError (which the vm realm's prelude formats like
// any error, with its position), and the same text from QuickJS, whose recursion overflows the host's stack before
// its own check fires (no position there). Either way the trace names the hook, and the next trace works.
const code = asm('PUSH1 7 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
const recurse = 'function f(n) { return f(n + 1) + 1; }';
const overflow = 'RangeError: Maximum call stack size exceeded';
const sfx = (hook: string) => `    in server-side tracer function '${hook}'`;

const outcome = async (tracer: string, createRealm: (typeof realms)[number][1]) => {
  try {
    return await traceWithJsTracer(await makeRun({ code }), { tracer, createRealm, timeout: '20s' });
  } catch (e) {
    return (e as Error).message.replace(positionPart, '');
  }
};

describe.each(realms)('realm %s: runaway recursion', (_name, createRealm) => {
  it.each([
    [
      'result',
      `{fault: function() {}, result: function() { ${recurse} return f(0); }}`,
      overflow + sfx('result'),
    ],
    [
      'step',
      `{fault: function() {}, step: function() { ${recurse} f(0); }, result: function() { return 1; }}`,
      overflow + sfx('step'),
    ],
    [
      'the tracer expression',
      `{x: (function () { ${recurse} return f(0); })(), fault: function() {}, result: function() {}}`,
      overflow,
    ],
  ])('in %s', async (_where, tracer, message) => {
    expect(await outcome(tracer, createRealm)).toBe(message);
    expect(await outcome('{fault: function() {}, result: function() { return 42; }}', createRealm)).toBe(42);
  });
});
