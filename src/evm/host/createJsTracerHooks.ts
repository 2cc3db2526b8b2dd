import bigInt from 'big-integer';
import { describeThrown, type CompiledTracer } from './compileTracer.ts';
import {
  createDb,
  createFrame,
  createFrameResult,
  createStepLog,
  type FrameView,
  type SyncStateReader,
} from './createLogObjects.ts';
import { createStepView, type GethTraceHooks, type StepView } from './runGethTrace.ts';
import type { TracerFaults } from './tracerFaults.ts';
import type { JsTraceOptions } from './traceTypes.ts';

/** geth's jsTracer state machine over the host hooks; `finish()` gives result() or the recorded error. */
export interface JsTracerHooks extends GethTraceHooks {
  /** The error that ended the trace (geth's text), if any. */
  error(): string | undefined;
  /** Calls result(ctx, db) (not if the trace failed); returns the raw JS value. */
  callResult(): { ok: true; value: unknown } | { ok: false; error: string };
}

const suffix = (name: string) => `    in server-side tracer function '${name}'`;

/** Builds the hooks of one JS tracer run (fresh objects per transaction). */
export function createJsTracerHooks(
  t: CompiledTracer,
  faults: TracerFaults,
  state: SyncStateReader,
  context: JsTraceOptions['context'],
  precompiles: Set<string>,
): JsTracerHooks {
  let err: string | undefined;
  let ticks = 0;
  const sv: StepView = createStepView();
  const fv: FrameView = {
    type: '',
    from: new Uint8Array(20),
    to: new Uint8Array(20),
    input: new Uint8Array(0),
    gas: 0,
    value: undefined,
    gasUsed: 0,
    output: new Uint8Array(0),
    error: undefined,
  };
  const log = createStepLog(sv, faults);
  const frame = createFrame(fv);
  const frameResult = createFrameResult(fv);
  let db: ReturnType<typeof createDb> | undefined;
  const ctx: Record<string, unknown> = {};
  if (context && context.blockHash.some((b) => b !== 0)) {
    ctx.blockHash = context.blockHash.slice();
    if (context.txHash.some((b) => b !== 0)) {
      ctx.txIndex = context.txIndex;
      ctx.txHash = context.txHash.slice();
    }
  }

  const call = (name: string, fn: (...a: unknown[]) => unknown, args: unknown[]): unknown => {
    if (err !== undefined) return undefined;
    let out: unknown;
    try {
      out = fn.apply(t.obj, args);
    } catch (e) {
      if (faults.fatal === undefined) err = describeThrown(e) + suffix(name);
    }
    if (faults.fatal !== undefined && err === undefined) err = faults.fatal + suffix(name);
    return out;
  };

  const step = t.step;
  const copyStep = (s: StepView) => {
    sv.ip = s.ip;
    sv.pc = s.pc;
    sv.op = s.op;
    sv.gas = s.gas;
    sv.cost = s.cost;
    sv.depth = s.depth;
    sv.refund = s.refund;
    sv.error = s.error;
    sv.memLen = s.memLen;
  };

  return {
    view: sv,
    onTxStart(info) {
      ctx.block = Number(info.blockNumber);
      ctx.gas = Number(info.gasLimit);
      ctx.gasPrice = bigInt(info.tip);
      ctx.coinbase = info.coinbase.slice();
      for (const p of info.precompiles) precompiles.add(p);
      db = createDb(state, faults);
    },
    onOpcode(s) {
      if (!step || err !== undefined) return;
      if (s !== sv) copyStep(s);
      // The hot path: no argument array per step (same error handling as `call`).
      try {
        step.call(t.obj, log, db);
      } catch (e) {
        if (faults.fatal === undefined) err = describeThrown(e) + suffix('step');
      }
      if (faults.fatal !== undefined && err === undefined) err = faults.fatal + suffix('step');
    },
    onFault(s) {
      if (err !== undefined) return;
      // geth updates only the error; the other fields stay those of the preceding step.
      sv.error = s.error;
      if (s.ip === sv.ip) sv.memLen = s.memLen;
      call('fault', t.fault, [log, db]);
    },
    onEnter(depth, type, from, to, input, gas, value) {
      if (depth === 0) {
        ctx.type = type;
        ctx.from = from;
        ctx.to = to;
        ctx.input = input;
        ctx.value = bigInt(value ?? 0n);
        return;
      }
      if (!t.enter || err !== undefined) return;
      Object.assign(fv, { type, from, to, input, gas: Number(gas), value });
      call('enter', t.enter, [frame]);
    },
    onExit(depth, output, gasUsed, error) {
      if (depth === 0) {
        if (error !== undefined) ctx.error = error;
        ctx.output = output;
        return;
      }
      if (!t.exit || err !== undefined) return;
      Object.assign(fv, { output, gasUsed: Number(gasUsed), error });
      call('exit', t.exit, [frameResult]);
    },
    onTxEnd(gasUsed) {
      ctx.gasUsed = Number(gasUsed);
    },
    shouldStop() {
      if (err !== undefined) return true;
      // Between steps the EVM itself may be slow; geth's deadline stops it too.
      if ((++ticks & 1023) === 0 && faults.checkDeadline())
        err = faults.fatal + suffix(t.step ? 'step' : 'result');
      return err !== undefined;
    },
    error: () => err,
    callResult() {
      if (err !== undefined) return { ok: false, error: err };
      const value = call('result', t.result, [ctx, db]);
      return err !== undefined ? { ok: false, error: err } : { ok: true, value };
    },
  };
}
