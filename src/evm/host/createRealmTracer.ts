import { parse } from '../../core/es5/loopParser.ts';
import { Address, generateAddress, generateAddress2, bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { opcodeName } from '../../core/tracer/opcodes.ts';
import type { SyncStateReader } from './syncStateReader.ts';
import { gojaMessage } from './gojaMessage.ts';
import { instrumentTracerCodeWithMap } from './instrumentTracerCode.ts';
import { createRealmPositionMapper } from './mapRealmPosition.ts';
import { createInspectRecorder } from './createInspectRecorder.ts';
import { Entry, Op, Slot, memoryLimitText, sideTimeout, tracerFactoryText } from './realm/realmProtocol.ts';
import type { Primitive, RealmFactory, RealmLimitKind, TracerRealm } from './realm/tracerRealm.ts';
import { createStepView, type GethTraceHooks, type StepView } from './runGethTrace.ts';
import type { JsTraceOptions } from './traceTypes.ts';
import { TracerError } from './traceTypes.ts';
import {
  clock,
  createTraceDebugRecorder,
  emptyHookCosts,
  type HookCost,
  type HookName,
  type TraceDebugOptions,
} from './traceDebug.ts';

/** geth's jsTracer over the host hooks, with the tracer code in its own realm. */
export interface RealmTracerHooks extends GethTraceHooks {
  /** The error that ended the trace (geth's text), if any. */
  error(): string | undefined;
  /** Calls result(ctx, db) in the realm (not if the trace failed); returns the encoded JSON value. */
  callResult(): { ok: true; value: unknown } | { ok: false; error: string };
  /** Frees the realm. */
  dispose(): void;
}

/** What {@link createRealmTracer} needs besides the code. */
export interface RealmTracerOptions {
  code: string;
  configJson: string;
  state: SyncStateReader;
  context: JsTraceOptions['context'];
  createRealm: RealmFactory;
  deadline: number;
  memoryBytes: number;
  /** A debugging run's console and profile (the embedded node only; geth has neither). */
  debug?: TraceDebugOptions;
}

/** What enter/exit last wrote for the tracer's frame and frameResult objects to read. */
interface FrameData {
  type: string;
  from: Uint8Array;
  to: Uint8Array;
  input: Uint8Array;
  gas: number;
  value: bigint | undefined;
  gasUsed: number;
  output: Uint8Array;
  error: string | undefined;
}

/** The frame a step ran in, as the interpreter holds it. */
type StepEnv = NonNullable<StepView['ip']>['_env'];

/** V8's text for a stack overflow (QuickJS's own is reworded to it by gojaMessage). */
const stackOverflowText = 'Maximum call stack size exceeded';

const suffix = (name: string) => `    in server-side tracer function '${name}'`;
const opNames = Array.from({ length: 256 }, (_, i) => opcodeName(i)).join(',');

function hexOf(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += (b[i] < 16 ? '0' : '') + b[i].toString(16);
  return s;
}
function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length >> 1);
  // Stryker disable next-line EqualityOperator: a write past a Uint8Array's end is dropped
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.substr(i * 2, 2), 16);
  return out;
}
/** A bigint (never negative: words, balances, values) as the realm takes it: a number when exact, else 0x hex. */
function bigOut(v: bigint): number | string {
  const n = Number(v);
  // Stryker disable next-line ConditionalExpression: only a performance short-cut: the realm makes the same bigInt of either form (a number that is not exact is caught by the rows at 2^53 + 1)
  return Number.isSafeInteger(n) ? n : '0x' + v.toString(16);
}

/** One tracer's state across its realm, its hooks and the host's answers to the realm. */
interface RealmTracer {
  o: RealmTracerOptions;
  startedAt: number;
  sv: StepView;
  frameData: FrameData;
  /** The tracer's `ctx` (JSON for the realm). */
  ctx: Record<string, unknown>;
  precompiles: Set<string>;
  wrapped: string;
  guard: string;
  instrumented: ReturnType<typeof instrument>;
  err: string | undefined;
  constructionError: string | undefined;
  resultJson: string | undefined;
  hasStep: boolean;
  hasFrames: boolean;
  deadline: number;
  ticks: number;
  formatPos: (pos: unknown, atCall?: boolean) => string;
  stepStack: readonly unknown[];
  stepStackLen: number;
  stepMemory: Uint8Array;
  stepEnv: StepEnv | undefined;
  hostFailure: string | undefined;
  steps: number;
  profile: HookCost[] | undefined;
  debug: ReturnType<typeof createTraceDebugRecorder> | undefined;
  inspect: ReturnType<typeof createInspectRecorder> | undefined;
  sideDeadline: number;
  /** The hook the realm runs ('' while the tracer is constructed and set up). */
  hookName: string;
  realm: TracerRealm;
  reported: boolean;
}

/**
 * Starts a tracer in a fresh realm: evaluates `(` + code + `)` there, checks its methods and runs `setup(cfg)`.
 * Throws {@link TracerError} with geth's texts for construction failures. The returned hooks drive the tracer
 * through geth's lifecycle; every value the tracer sees is made inside its realm by the prelude.
 */
export async function createRealmTracer(o: RealmTracerOptions): Promise<RealmTracerHooks> {
  const t = newRealmTracer(o);
  t.realm = await o.createRealm((op, a, b, c) => host(t, op, a, b, c), {
    deadline: t.deadline,
    memoryBytes: o.memoryBytes,
  });
  try {
    startTracer(t);
  } catch (e) {
    dispose(t, (e as Error)?.message);
    throw e;
  }
  // `this` after setup: the inspected run's starting point.
  if (t.inspect) side(t, Entry.inspect);
  return tracerHooks(t);
}

function newRealmTracer(o: RealmTracerOptions): RealmTracer {
  const startedAt = clock.now();
  const sv: StepView = createStepView();
  // The tracer reaches the frame objects only inside enter/exit (or later), after onEnter/onExit wrote every field
  // their getters read: these first values only give the object its shape.
  // Stryker disable ObjectLiteral,StringLiteral: see above
  const frameData: FrameData = {
    type: '',
    from: new Uint8Array(20),
    to: new Uint8Array(20),
    input: new Uint8Array(0),
    gas: 0,
    value: undefined as bigint | undefined,
    gasUsed: 0,
    output: new Uint8Array(0),
    error: undefined as string | undefined,
  };
  // Stryker restore ObjectLiteral,StringLiteral
  const ctx = contextOf(o.context);
  const wrapped = '(' + o.code + '\n)';
  const guard = '__guard_' + Math.random().toString(36).slice(2, 12);
  const instrumented = instrument(wrapped, guard);
  const profile = o.debug?.profile ? emptyHookCosts() : undefined;
  return {
    o,
    startedAt,
    sv,
    frameData,
    ctx,
    precompiles: new Set<string>(),
    wrapped,
    guard,
    instrumented,
    err: undefined,
    constructionError: undefined,
    resultJson: undefined,
    // Op.methods sets both before any hook can run (a construction that fails before it throws).
    // Stryker disable BooleanLiteral: see above
    hasStep: false,
    hasFrames: false,
    // Stryker restore BooleanLiteral
    deadline: o.deadline,
    ticks: 0,
    // Only instrumented text ever runs (see the compile in startTracer): without it there is no position to map.
    formatPos: instrumented ? createRealmPositionMapper(instrumented, wrapped) : () => '',
    // What the tracer's `log` reads between steps: the stack, memory and frame of the last step written, as geth's
    // log keeps the slices of its last OnOpcode (a `log` kept from step and read in enter, exit or result reads those).
    stepStack: [],
    stepStackLen: 0,
    stepMemory: new Uint8Array(0),
    stepEnv: undefined,
    // A failure of the host's own (a bug: no tracer input is known to cause one) fails the trace with this text, and
    // every later request of the realm gets undefined (the clock: this text, so the tracer's code stops at once).
    hostFailure: undefined,
    // Opcodes run so far (the step a console line is attached to), and the debugging run's recorder and profile rows.
    steps: 0,
    profile,
    debug: o.debug && createTraceDebugRecorder(o.debug, profile),
    inspect: o.debug?.inspect && createInspectRecorder(o.debug.inspect, o.state),
    // While the host runs an inspected run's own code in the realm (a diff, a breakpoint's expression): its time cap.
    sideDeadline: 0,
    hookName: '',
    // Set as soon as the realm exists; only Op.breakpoint reads it, sent by the breakpoint entry the host runs later.
    realm: undefined as unknown as TracerRealm,
    reported: false,
  };
}

/** The tracer's `ctx` as far as the trace's context tells it (block and transaction hashes, when known). */
function contextOf(context: RealmTracerOptions['context']): Record<string, unknown> {
  const ctx: Record<string, unknown> = {};
  if (context && context.blockHash.some((b) => b !== 0)) {
    ctx.blockHash = { b: hexOf(context.blockHash) };
    if (context.txHash.some((b) => b !== 0)) {
      ctx.txIndex = context.txIndex;
      ctx.txHash = { b: hexOf(context.txHash) };
    }
  }
  return ctx;
}

/** The host's answer to one request of the realm. */
function answer(t: RealmTracer, op: number, a: Primitive, b: Primitive, c: Primitive): Primitive {
  switch (op) {
    case Op.clock:
      // Stryker disable next-line EqualityOperator: within the deadline's own millisecond either answer is right
      if (Date.now() > t.deadline) return true;
      return t.sideDeadline !== 0 && Date.now() > t.sideDeadline ? sideTimeout : false;
    case Op.stepError:
      return t.sv.error;
    case Op.peek: {
      // The realm asks only below the stack length of the last step written. Like geth's kept slice, the store may
      // have changed since (pops keep their items, pushes overwrite them).
      const v = t.stepStack[t.stepStackLen - 1 - (a as number)];
      return bigOut(typeof v === 'bigint' ? v : 0n);
    }
    case Op.memory:
      return hexOf(t.stepMemory.subarray(a as number, b as number));
    case Op.contract:
      return contractField(t.stepEnv, a);
    case Op.db:
      return dbAnswer(t.o.state, a, b, c);
    case Op.toContract: {
      const n = BigInt.asUintN(64, BigInt(Number.isFinite(b) ? (b as number) : 0));
      return hexOf(generateAddress(fromHex(a as string), bigIntToUnpaddedBytes(n)));
    }
    case Op.toContract2:
      return hexOf(generateAddress2(fromHex(a as string), fromHex(b as string), fromHex(c as string)));
    case Op.isPrecompiled:
      return t.precompiles.has(a as string);
    case Op.frame:
    case Op.frameResult:
      return frameField(t.frameData, op, a);
    case Op.ctx:
      return JSON.stringify(t.ctx);
    case Op.config:
      return t.o.configJson;
    case Op.fail:
    case Op.failAtCall:
      return recordFailure(t, op, a, b, c);
    case Op.result:
      t.resultJson = String(a);
      return undefined;
    case Op.methods:
      t.hasStep = a === true;
      // Stryker disable next-line ConditionalExpression: a short-cut; the prelude's enter/exit entries do nothing without the methods
      t.hasFrames = b === true;
      return undefined;
    case Op.opNames:
      return opNames;
    case Op.consoleOn:
      return t.debug?.maxLineChars;
    case Op.console:
      return consoleLine(t, a, b);
    case Op.thisChanges:
      t.inspect?.thisChanges(a, b);
      return undefined;
    case Op.breakpoint:
      t.inspect?.expressionResult(t.realm.slots()[Slot.breakpoint], t.steps - 1, a, b);
      return undefined;
  }
  return undefined;
}

/** Op.fail, Op.failAtCall: the tracer's error `b` at position `c` in its method `a` ('' while constructed). */
function recordFailure(t: RealmTracer, op: number, a: Primitive, b: Primitive, c: Primitive): undefined {
  const name = String(a);
  const text = gojaMessage(String(b)) + t.formatPos(c, op === Op.failAtCall);
  if (name === '') t.constructionError ??= text;
  else if (name === 'json') t.err ??= String(b);
  else t.err ??= text + suffix(name);
  return undefined;
}

/** Op.console: one console line (level `a`, text `b`) of a debugging run. */
function consoleLine(t: RealmTracer, a: Primitive, b: Primitive): Primitive {
  const { debug, steps } = t;
  if (!debug) return undefined;
  const hook = hookOf(t.hookName);
  const step = hook === 'setup' || hook === 'result' || steps === 0 ? undefined : steps - 1;
  return debug.line(a === 1 ? 1 : 0, typeof b === 'string' ? b : undefined, hook, step);
}

// The realm's one way in. It answers primitives only and throws nothing but the engine's stack overflow: whatever
// else failed here is recorded and fails the trace, and the realm gets undefined (its prelude also drops anything
// not made in the realm that an engine throws at it on the way).
function host(t: RealmTracer, op: number, a: Primitive, b: Primitive, c: Primitive): Primitive {
  if (t.hostFailure !== undefined) return op === Op.clock ? t.hostFailure : undefined;
  try {
    const out = answer(t, op, a, b, c);
    if (out === undefined || isPrimitive(out)) return out;
    throw new Error(`request ${op} answered a ${typeof out}`);
  } catch (e) {
    // The host's stack ran out under the tracer's own deep recursion: that is the tracer's RangeError (the prelude
    // throws one made in the realm in its place), not a failure of the host.
    if (e instanceof RangeError && e.message === stackOverflowText) throw e;
    t.hostFailure = `the tracer host failed: ${String((e as Error)?.message ?? e).slice(0, 200)}`;
    if (t.hookName === '') t.constructionError ??= t.hostFailure;
    else t.err ??= t.hostFailure + suffix(t.hookName);
    return op === Op.clock ? t.hostFailure : undefined;
  }
}

function dispose(t: RealmTracer, failure?: string): void {
  const { o, realm } = t;
  realm.dispose();
  if (!o.debug || t.reported) return;
  t.reported = true;
  const engine = realm.engine ?? 'unknown';
  const report = t.debug!.report(engine, t.steps, clock.now() - t.startedAt, t.err ?? failure);
  if (t.inspect) report.inspect = t.inspect.report(t.steps);
  o.debug.report(report);
}

/** Evaluates the tracer in its realm and runs its setup; throws {@link TracerError} for what stopped it. */
function startTracer(t: RealmTracer): void {
  const { profile, realm, instrumented, wrapped } = t;
  const setupAt = profile && clock.now();
  // Text acorn rejects is only compiled, alone, for the engine's message: run inside the factory text, a tracer that
  // closes the factory's brackets (`…)][0]; while (1) {} return [(1`) would run without guard calls. Text the
  // engine accepts there is still refused, with acorn's message: it is not one expression (geth wraps it the same way).
  const problem = instrumented
    ? realm.evalTracer(tracerFactoryText(t.guard, instrumented.code, t.inspect?.factoryExtra(t.guard)))
    : (realm.compile(wrapped) ?? { kind: 'syntax', message: undefined });
  if (problem !== undefined) {
    if (problem.kind === 'syntax') throw new TracerError(describeSyntaxError(wrapped, problem.message));
    if (problem.kind === 'too-deep') {
      // Valid code for goja (whose parser has no depth limit) can be too deep for this engine's compiler.
      throw new TracerError(
        `the tracer is nested too deeply for this node to compile it (${problem.message}); ` +
          'split the deepest expression into smaller ones',
      );
    }
    throw new TracerError(limitText(problem.kind));
  }
  if (profile) timed(profile[0], setupAt as number);
  if (t.constructionError !== undefined) throw new TracerError(t.constructionError);
}

// A hard limit cut the realm's code short: the trace fails with geth's text for it.
function limited(t: RealmTracer, res: ReturnType<TracerRealm['invoke']>, name: string): void {
  // QuickJS updates a frame's position at calls and branches only: an interrupt inside a native allocation may
  // name the function's first line, so only a timeout (stopped at a loop or call) carries the position.
  if (res !== undefined)
    // Stryker disable next-line OptionalChaining: only the QuickJS realm reports a 'timeout', and it has limitPosition
    t.err ??=
      limitText(res) + (res === 'timeout' ? t.formatPos(t.realm.limitPosition?.()) : '') + suffix(name);
}

// geth's `if t.err != nil { return }`: the realm's own flag already stops a method after the tracer's error; after a
// host-side limit (timeout, memory cap) a method run again could neither change err (set once) nor reach the result.
function invoke(t: RealmTracer, k: number, name: string): void {
  // Stryker disable next-line ConditionalExpression: a short-cut (see above)
  if (t.err !== undefined) return;
  t.hookName = name;
  if (!t.profile) return limited(t, t.realm.invoke(k), name);
  const t0 = clock.now();
  limited(t, t.realm.invoke(k), name);
  timed(t.profile[hookIndex[name]], t0);
}

// An inspected run's own code in the realm, under its own time cap (50 ms a call); a hard limit it hits (the
// tracer's deadline, the memory cap) ends the trace as it would have a hook.
function side(t: RealmTracer, k: number): void {
  if (t.err !== undefined) return;
  t.sideDeadline = Date.now() + 50;
  const res = t.realm.invoke(k);
  t.sideDeadline = 0;
  limited(t, res, t.hookName || 'step');
  // The prelude puts back the deadline's error the inspector's code met (it stopped only that code): the trace
  // still ends at its deadline, as a hook past it would.
  if (Date.now() > t.deadline) t.err ??= 'execution timeout' + suffix(t.hookName || 'step');
}

function afterHook(t: RealmTracer, hook: HookName): void {
  const { inspect } = t;
  if (!inspect || !inspect.recording(t.steps - 1) || t.err !== undefined) return;
  inspect.hookCall(hook, t.steps - 1);
  side(t, Entry.inspect);
}

function checkBreakpoints(t: RealmTracer, pending: number[] | undefined): void {
  if (!pending) return;
  for (const i of pending) {
    t.realm.slots()[Slot.breakpoint] = i;
    side(t, Entry.breakpoint);
  }
}

function writeStep(t: RealmTracer, s: StepView): void {
  const sl = t.realm.slots();
  sl[Slot.pc] = s.pc;
  sl[Slot.op] = s.op;
  sl[Slot.gas] = s.gas;
  sl[Slot.cost] = s.cost;
  sl[Slot.depth] = s.depth;
  sl[Slot.refund] = s.refund;
  sl[Slot.memLen] = s.memLen;
  const st = s.ip?._runState.stack;
  t.stepStack = st?._store ?? [];
  t.stepStackLen = st?._len ?? 0;
  t.stepMemory = s.ip?._runState.memory._store ?? new Uint8Array(0);
  t.stepEnv = s.ip?._env;
  sl[Slot.stackLen] = t.stepStackLen;
  // Stryker disable next-line ConditionalExpression: 1 without an error only makes getError() ask the host, whose answer is then undefined too (a performance short-cut)
  sl[Slot.hasError] = s.error === undefined ? 0 : 1;
}

/** The hooks runGethTrace drives over `t`. */
function tracerHooks(t: RealmTracer): RealmTracerHooks {
  const { sv, ctx } = t;
  return {
    view: sv,
    onTxStart(info) {
      ctx.block = Number(info.blockNumber);
      ctx.gas = Number(info.gasLimit);
      ctx.gasPrice = { n: info.tip.toString() };
      ctx.coinbase = { b: hexOf(info.coinbase) };
      for (const p of info.precompiles) t.precompiles.add(p);
    },
    // runGethTrace fills `view` itself and hands it to onOpcode and onFault, polling shouldStop() just before:
    // sv is the step (for fault: the error and the frame's post-expansion memory on the op's step), and no error yet.
    onOpcode: () => onOpcode(t),
    onFault() {
      writeStep(t, sv);
      invoke(t, Entry.fault, 'fault');
      afterHook(t, 'fault');
    },
    onEnter: (depth, type, from, to, input, gas, value) =>
      onEnter(t, depth, type, from, to, input, gas, value),
    onExit(depth, output, gasUsed, error) {
      if (depth === 0) {
        // JSON.stringify leaves out a key whose value is undefined: ctx.error is absent on success.
        ctx.error = error;
        ctx.output = { b: hexOf(output) };
        return;
      }
      // Stryker disable next-line ConditionalExpression: a short-cut (see Op.methods); invoke checks err
      if (!t.hasFrames) return;
      Object.assign(t.frameData, { output, gasUsed: Number(gasUsed), error });
      invoke(t, Entry.exit, 'exit');
      afterHook(t, 'exit');
    },
    onTxEnd(gasUsed) {
      ctx.gasUsed = Number(gasUsed);
    },
    shouldStop: () => shouldStop(t),
    error: () => t.err,
    callResult() {
      invoke(t, Entry.result, 'result');
      if (t.err !== undefined) return { ok: false, error: t.err };
      // The prelude's result entry reports either the encoded value or a failure (an error, set above).
      return { ok: true, value: JSON.parse(t.resultJson!) };
    },
    dispose: () => dispose(t),
  };
}

function onOpcode(t: RealmTracer): void {
  t.steps++;
  if (t.inspect) return inspectedStep(t);
  // Stryker disable next-line ConditionalExpression: a short-cut; the prelude's step entry returns without a step
  if (!t.hasStep) return;
  const t0 = t.profile && clock.now();
  writeStep(t, t.sv);
  t.hookName = 'step';
  limited(t, t.realm.invoke(Entry.step), 'step');
  if (t.profile) timed(t.profile[1], t0 as number);
}

function onEnter(
  t: RealmTracer,
  ...[depth, type, from, to, input, gas, value]: Parameters<GethTraceHooks['onEnter']>
) {
  const { ctx } = t;
  if (depth === 0) {
    ctx.type = type;
    ctx.from = { b: hexOf(from) };
    ctx.to = { b: hexOf(to) };
    ctx.input = { b: hexOf(input) };
    ctx.value = { n: (value ?? 0n).toString() };
    return;
  }
  // Stryker disable next-line ConditionalExpression: a short-cut (see Op.methods); invoke checks err
  if (!t.hasFrames) return;
  Object.assign(t.frameData, { type, from, to, input, gas: Number(gas), value });
  invoke(t, Entry.enter, 'enter');
  afterHook(t, 'enter');
}

function shouldStop(t: RealmTracer): boolean {
  if (t.err !== undefined) return true;
  // Between steps the EVM itself may be slow; geth's deadline stops it too.
  // Stryker disable next-line UpdateOperator: -n & 1023 is 0 exactly when n & 1023 is (every 1024th poll either way)
  if ((++t.ticks & 1023) === 0 && Date.now() > t.deadline)
    t.err = 'execution timeout' + suffix(t.hasStep ? 'step' : 'result');
  return t.err !== undefined;
}

// A step of an inspected run: recorded, breakpoints checked before the tracer's step hook runs, `this` diffed after.
function inspectedStep(t: RealmTracer): void {
  const pending = t.inspect!.step(t.sv, t.steps - 1);
  if (!t.hasStep && !pending) return;
  writeStep(t, t.sv);
  t.hookName = 'step';
  checkBreakpoints(t, pending);
  if (!t.hasStep) return;
  invoke(t, Entry.step, 'step');
  afterHook(t, 'step');
}

function limitText(kind: RealmLimitKind): string {
  if (kind === 'memory') return memoryLimitText;
  if (kind === 'timeout') return 'execution timeout';
  // V8's text, which the vm realm's tracer sees as a RangeError it can catch (goja's own is the same).
  // Stryker disable next-line all: only QuickJS reports 'stack', and only where the host's stack overflows first (see its guarded): never in Stryker's workers
  if (kind === 'stack') return `RangeError: ${stackOverflowText}`;
  return 'the tracer runtime stopped unexpectedly';
}

/** Op.contract: a field of the running frame's contract (0 caller, 1 address, 2 value, 3 input). */
function contractField(env: StepEnv | undefined, a: Primitive): Primitive {
  if (a === 2) return bigOut(env?.callValue ?? 0n);
  if (!env) return a === 3 ? '' : hexOf(new Uint8Array(20));
  if (a === 0) return hexOf(env.caller.bytes);
  if (a === 1) return hexOf(env.address.bytes);
  // geth runs CREATE frames with nil input (the init code is the code, not calldata).
  // Stryker disable next-line ConditionalExpression: @ethereumjs already empties a create's calldata (evm.js _executeCreate: data = eofCallData, EOF only); this keeps geth's nil input regardless
  return env.isCreate === true ? '' : hexOf(env.callData);
}

/** Op.db: a state read (0 balance, 1 nonce, 2 code, 3 storage slot `c`, else exists) of address `b`. */
function dbAnswer(state: SyncStateReader, a: Primitive, b: Primitive, c: Primitive): Primitive {
  const addr = new Address(fromHex(b as string));
  switch (a) {
    case 0:
      return bigOut(state.getBalanceSync(addr));
    case 1:
      return Number(state.getNonceSync(addr));
    case 2:
      return hexOf(state.getCodeSync(addr));
    case 3:
      return hexOf(state.getStorageSync(addr, fromHex(c as string)));
    default:
      return state.existsSync(addr);
  }
}

/** Op.frame (0 type, 1 from, 2 to, 3 input, 4 gas, else value) and Op.frameResult (0 gasUsed, 1 output, else error). */
function frameField(f: FrameData, op: number, a: Primitive): Primitive {
  if (op === Op.frameResult) {
    if (a === 0) return f.gasUsed;
    if (a === 1) return hexOf(f.output);
    return f.error;
  }
  switch (a) {
    case 0:
      return f.type;
    case 1:
      return hexOf(f.from);
    case 2:
      return hexOf(f.to);
    case 3:
      return hexOf(f.input);
    case 4:
      return f.gas;
    default:
      return f.value === undefined ? undefined : bigOut(f.value);
  }
}

/** The hook a request of the realm comes from ('' while the tracer is constructed and set up). */
function hookOf(name: string): HookName {
  return name === '' ? 'setup' : (name as HookName);
}

// The profile's row of each hook (the order of hookNames).
const hookIndex: Record<string, number> = { setup: 0, step: 1, enter: 2, exit: 3, fault: 4, result: 5 };

/** Adds one call, started at `t0`, to a profile row. */
function timed(row: HookCost, t0: number): void {
  const ms = clock.now() - t0;
  row.calls++;
  row.ms += ms;
  if (ms > row.maxMs) row.maxMs = ms;
}

function isPrimitive(v: unknown): v is Primitive {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

// Code nested beyond the parser's stack could run only without guard calls (an endless loop in it could not be
// stopped from inside): refused as QuickJS refuses code its compiler cannot take, in both realms.
function instrument(wrapped: string, guard: string): ReturnType<typeof instrumentTracerCodeWithMap> {
  try {
    return instrumentTracerCodeWithMap(wrapped, guard);
  } catch (e) {
    const loc = (e as { loc?: { line: number; column: number } }).loc;
    // Only the parser's out-of-stack error carries a position; anything else is the host's own failure.
    if (!loc)
      throw new TracerError(`the tracer could not be prepared: ${String((e as Error)?.message ?? e)}`);
    // wrapped puts a `(` before the tracer's first line; acorn's columns count from 0.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: where the parser runs out depends on the thread's stack (and JIT state), so rows (parserLimits) can only check that the column lies inside the nesting, on line 1 and below
    const col = loc.line === 1 ? loc.column : loc.column + 1;
    throw new TracerError(
      `the tracer is nested too deeply for this node to compile it (the parser ran out of stack at line ${loc.line}, ` +
        `column ${col}); split the deepest expression into smaller ones`,
    );
  }
}

/**
 * goja's SyntaxError shape `SyntaxError: (anonymous): Line <l>:<c> <message>` with acorn's position, and the
 * engine's message (acorn's own, without its position, when the engine had none).
 */
function describeSyntaxError(wrapped: string, message: string | undefined): string {
  try {
    parse(wrapped, { ecmaVersion: 'latest' });
  } catch (acornError) {
    // acorn raises every failure with its position (running out of stack here cannot happen: instrument's parse of
    // the same text would have, and refused it).
    const e = acornError as SyntaxError & { loc: { line: number; column: number } };
    // acorn ends its message with the one ` (line:column)` it holds.
    const text = message ?? e.message.replace(/ \(\d+:\d+\)/, '');
    return `SyntaxError: (anonymous): Line ${e.loc.line}:${e.loc.column + 1} ${text}`;
  }
  // Only a text acorn accepts and the engine rejects reaches this, so the engine's message is always there.
  return `SyntaxError: ${message}`;
}
