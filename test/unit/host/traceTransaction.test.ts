import { describe, expect, it } from 'vitest';
import {
  TracerError,
  traceWithJsTracer,
  traceWithStructLogger,
  type TraceRun,
} from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

// setup receives the raw tracerConfig text: geth decodes it into a json.RawMessage (JSON null stays `null`) and
// tracers.directory.New replaces only an empty one with `{}`.
describe('traceWithJsTracer: the text setup(cfg) receives', () => {
  const tracer = `{ cfg: '', setup: function(c) { this.cfg = c; }, fault: function() {}, result: function() { return this.cfg; } }`;
  it.each([
    [undefined, '{}'],
    [null, 'null'],
    [{}, '{}'],
    [{ a: [1, 'x'] }, '{"a":[1,"x"]}'],
    [0, '0'],
    ['', '""'],
  ])('tracerConfig %j → %j', async (tracerConfig, text) => {
    const run = await makeRun({ code: asm('STOP') });
    expect(await traceWithJsTracer(run, { tracer, tracerConfig })).toBe(text);
  });
});

describe('the traced VM must offer SyncStateManager reads', () => {
  const run = { vm: { stateManager: {} } } as unknown as TraceRun;
  const message = 'the traced VM needs a SyncStateManager (src/evm/state/createSyncStateManager.ts)';
  it.each([
    ['traceWithStructLogger', () => traceWithStructLogger(run)],
    ['traceWithJsTracer', () => traceWithJsTracer(run, { tracer: '{fault(){}, result(){}}' })],
  ])('%s rejects a VM without them', async (_name, trace) => {
    await expect(trace()).rejects.toThrow(new TracerError(message));
    await expect(trace()).rejects.toBeInstanceOf(TracerError);
  });
});

describe('TracerError', () => {
  it('is named TracerError (what String(error) and stack traces print)', () => {
    expect(String(new TracerError('boom'))).toBe('TracerError: boom');
  });
});
