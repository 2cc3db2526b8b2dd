import { createRealmTracer } from './createRealmTracer.ts';
import type { RealmFactory } from './realm/tracerRealm.ts';
import type { SyncStateReader } from './syncStateReader.ts';
import { clock, type ReferenceStep } from './traceDebug.ts';

/**
 * The reference step: call.js's `step(log)` (a CALL collector) on an op that is not a CALL, the workload goja was
 * measured on (1,000,000 calls at 1.8 M/s; see estimateGethTime). Exported for the tests.
 */
export const referenceTracer =
  "{data:[],fault:function(){},step:function(log){if(log.op.toString()=='CALL')this.data.push(log.stack.peek(0));},result:function(){return this.data;}}";

// Enough calls to be a few tens of milliseconds on a loaded machine, after calls that warm the engine up.
const warmUpCalls = 2_000;
const measuredCalls = 20_000;

const noState: SyncStateReader = {
  getBalanceSync: () => 0n,
  getNonceSync: () => 0n,
  getCodeSync: () => new Uint8Array(0),
  getStorageSync: () => new Uint8Array(32),
  existsSync: () => false,
};

/**
 * What one call of the reference step costs in a fresh realm of `createRealm`, now, through the same host path a
 * profiled trace's steps take (the step slots written, the realm's entry called; no EVM). A profile's hook times are
 * divided by it: the machine's load and this host's own per-call cost then count on both sides, and the estimate
 * scales goja's measured time for the reference step (estimateGethTime).
 */
export async function measureReferenceStep(createRealm: RealmFactory): Promise<ReferenceStep> {
  const hooks = await createRealmTracer({
    code: referenceTracer,
    configJson: '{}',
    state: noState,
    context: undefined,
    createRealm,
    deadline: Date.now() + 60_000,
    memoryBytes: 64 * 1024 * 1024,
  });
  try {
    // ADD: the step compares its name with 'CALL' and returns.
    hooks.view!.op = 0x01;
    for (let i = 0; i < warmUpCalls; i++) hooks.onOpcode(hooks.view!);
    const t0 = clock.now();
    for (let i = 0; i < measuredCalls; i++) hooks.onOpcode(hooks.view!);
    const ms = clock.now() - t0;
    return { calls: measuredCalls, callUs: (1000 * ms) / measuredCalls };
  } finally {
    hooks.dispose();
  }
}
