import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLimitText } from '../../../src/evm/host/realm/realmProtocol.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';
import { quickJsRealm } from './realms.ts';

const code = asm('PUSH1 7 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');
const normal = '{fault: function() {}, result: function() { return 42; }}';
const trace = async (tracer: string, memoryBytes?: number) =>
  traceWithJsTracer(await makeRun({ code }), { tracer, createRealm: quickJsRealm, memoryBytes }).then(
    (value: unknown) => value,
    (e: Error) => String(e),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('QuickJS realm: the wasm module failing to load', () => {
  it('fails that trace, and the next trace loads the module again', async () => {
    // A heap grown past the cap makes the next trace load a fresh module (whatever test files ran before in this
    // module graph), so the load below is a real one.
    const bomb =
      '{fault: function() {}, step: function() { var a = []; for (;;) a.push(new Uint8Array(1e6)); }, result: function() { return 1; }}';
    expect(await trace(bomb, 8 << 20)).toBe(
      `TracerError: ${memoryLimitText}    in server-side tracer function 'step'`,
    );
    // The page's WebAssembly refusing once (say, under memory pressure): emscripten aborts with the reason, that
    // trace fails, and the failed load is not kept for the next trace.
    vi.spyOn(WebAssembly, 'instantiate').mockRejectedValueOnce(new Error('no wasm'));
    expect(await trace(normal)).toMatch(/^RuntimeError: Aborted\(Error: no wasm\)/);
    expect(await trace(normal)).toBe(42);
  });
});
