import { describe, expect, it } from 'vitest';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { beyondAcorn } from './beyondAcorn.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

// Tracers nested deeper than acorn can parse on this thread's stack but not V8 (vm realm only: QuickJS cannot compile
// them either). Kept apart from the other createRealmTracer tests because the depths depend on the stack: Stryker's
// worker (4 MB) and vitest's differ, so `npm run mutate` leaves this file out (stryker.config.mjs).
const vmRealm = realms[0][1];
const outcome = async (tracer: string) => {
  try {
    return await traceWithJsTracer(await makeRun({}), { tracer, createRealm: vmRealm, timeout: '10s' });
  } catch (e) {
    return (e as Error).message;
  }
};

describe('realm vm: tracers only V8 can parse', () => {
  it('a runtime error keeps its own position (the code runs as written, without guard calls)', async () => {
    const nested = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    const line2 = '  return undefined.deep; }}';
    const tracer = `{fault: function() {}, result: function() { var x = ${nested(beyondAcorn(nested))};\n${line2}`;
    // V8 reports a property read at the property name (1-based column).
    const col = line2.indexOf('undefined.deep') + 'undefined.'.length + 1;
    expect(await outcome(tracer)).toBe(
      `TypeError: Cannot read property 'deep' of undefined at result (<eval>:2:${col}(0))    in server-side tracer function 'result'`,
    );
  });

  it("a syntax error after the nesting is V8's, without a position acorn cannot give", async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(
      await outcome(`{fault: function() {}, result: function() {}, x: ${deep(beyondAcorn(deep))}};`),
    ).toBe("SyntaxError: Unexpected token ';'");
  });
});
