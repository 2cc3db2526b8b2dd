import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

const outcome = async (tracer: string, createRealm = realms[0][1]) => {
  try {
    return await traceWithJsTracer(await makeRun({}), { tracer, createRealm, timeout: '10s' });
  } catch (e) {
    return (e as Error).message;
  }
};

// 100,000 levels: beyond the parser's stack on any thread. Code that deep could run only without guard calls, so
// both realms refuse it with the text QuickJS gives for code its compiler cannot take. Where the stack ran out
// depends on the thread's stack size, so the row checks the place lies inside the nesting.
describe.each(realms)('realm %s: a tracer nested beyond the parser', (_name, createRealm) => {
  it('is refused as nested too deeply, at a place inside the nesting', async () => {
    const levels = 100_000;
    const line2 = `  var x = ${'('.repeat(levels)}1${')'.repeat(levels)}; }}`;
    const message = await outcome(`{fault: function() {}, result: function() {\n${line2}`, createRealm);
    const m =
      /^the tracer is nested too deeply for this node to compile it \(the parser ran out of stack at line 2, column (\d+)\); split the deepest expression into smaller ones$/.exec(
        String(message),
      );
    expect(m, String(message).slice(0, 200)).not.toBeNull();
    const col = Number(m![1]);
    // 1-based columns of the first and the last `(`.
    expect(col).toBeGreaterThan(line2.indexOf('(') + 1);
    expect(col).toBeLessThanOrEqual(line2.indexOf('(') + levels);
  });

  it('on line 1 too (the wrapper adds a `(` before it)', async () => {
    const levels = 100_000;
    const tracer = `{fault: function() {}, result: function() {}, x: ${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const m = /ran out of stack at line 1, column (\d+)\)/.exec(String(await outcome(tracer, createRealm)));
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(tracer.indexOf('[') + 1);
    expect(Number(m![1])).toBeLessThanOrEqual(tracer.indexOf('[') + levels);
  });
});
