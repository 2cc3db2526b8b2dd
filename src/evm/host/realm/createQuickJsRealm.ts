// The tracer realm as a QuickJS runtime compiled to WebAssembly: a separate heap with a hard memory cap and an
// interrupt checked by the engine itself, so no allocation bomb, endless loop or catastrophic regular expression can
// take the page (or the process) down. Runs unchanged in the browser's node worker and in Node.
import variant from '@jitl/quickjs-singlefile-browser-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { firstEvalFrame } from './firstEvalFrame.ts';
import { preludeSource } from './preludeSource.ts';
import { Entry, Slot, slotMarker } from './realmProtocol.ts';
import type {
  CompileProblem,
  HostBridge,
  Primitive,
  RealmFactory,
  RealmLimitKind,
  RealmLimits,
  TracerRealm,
} from './tracerRealm.ts';

let modulePromise: Promise<QuickJSWASMModule> | undefined;
type QuickJSContextLike = ReturnType<QuickJSWASMModule['newContext']>;

/** The QuickJS WebAssembly module (loaded once; loaded again after it failed). */
function quickJsModule(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(variant).catch((e: unknown) => {
    modulePromise = undefined;
    throw e;
  });
  return modulePromise;
}

// quickjs-emscripten keeps its FFI and raw pointers private; the per-step call uses them directly because the
// handle API allocates several objects per call (measured: 4.9 M raw calls/s against 1.2 M through callFunction).
interface RawContext {
  ffi: {
    QTS_Call(ctx: number, fn: number, self: number, argc: number, argv: number): number;
    QTS_ResolveException(ctx: number, value: number): number;
    QTS_FreeValuePointer(ctx: number, value: number): void;
  };
  ctx: { value: number };
  memory: { heapValueHandle(ptr: number): QuickJSHandle };
}
interface RawModule {
  module: { HEAPU8: Uint8Array };
}

/** The interrupt's view of one realm: what stops realm code from outside. */
interface HeapWatch {
  mod: QuickJSWASMModule;
  /** Realm code runs until then (Infinity during the trusted set-up, -Infinity after dispose). */
  deadline: number;
  /** The wasm heap size past which the tracer is stopped. */
  heapCap: number;
  /** The heap outgrew the cap: the tracer was stopped for memory, and the module is dropped on dispose. */
  overHeap: boolean;
}

/** One realm's runtime, context and the step slots it shares with the host. */
interface QuickJsRealm {
  watch: HeapWatch;
  runtime: ReturnType<QuickJSWASMModule['newRuntime']>;
  ctx: QuickJSContextLike;
  raw: RawContext;
  heap: RawModule['module'];
  /** Handles freed on dispose. */
  owned: QuickJSHandle[];
  /** The prelude's entries, by {@link Entry}. */
  fns: QuickJSHandle[];
  slotOffset: number;
  view: Float64Array<ArrayBufferLike>;
  slots: Float64Array<ArrayBufferLike>;
  limitPos: string | undefined;
  ctxPtr: number;
  undef: number;
  /**
   * The host's stack ran out inside a call into this runtime: the exception unwound QuickJS's C frames without their
   * cleanup, so the values they held are never released and the runtime cannot be freed (see disposeRealm).
   */
  cut: boolean;
}

/**
 * A factory of QuickJS realms: each trace gets a fresh runtime (its own heap, capped at `limits.memoryBytes`) and
 * context, with the bigInt library (`bigIntSource`, the npm `big-integer` text) and the prelude evaluated first.
 */
export function createQuickJsRealmFactory(bigIntSource: string): RealmFactory {
  return (host, limits) => openQuickJsRealm(bigIntSource, host, limits);
}

async function openQuickJsRealm(
  bigIntSource: string,
  host: HostBridge,
  limits: RealmLimits,
): Promise<TracerRealm> {
  const mod = await quickJsModule();
  const runtime = mod.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  const watch: HeapWatch = {
    mod,
    // The trusted set-up (bigInt library, prelude) is not the tracer's time.
    deadline: Infinity,
    // QuickJS does not count every allocation against its cap (ArrayBuffers escape it), so the interrupt also
    // watches the wasm heap itself: growing past the cap plus what it held at the start stops the tracer.
    heapCap: heapBytes(mod) + limits.memoryBytes,
    overHeap: false,
  };
  runtime.setInterruptHandler(() => interrupted(watch));
  const ctx = runtime.newContext();
  const q: QuickJsRealm = {
    watch,
    runtime,
    ctx,
    raw: ctx as unknown as RawContext,
    heap: (mod as unknown as RawModule).module,
    // Stryker disable next-line ArrayDeclaration: a string in it is skipped by dispose's `alive` check like a freed handle
    owned: [],
    // Stryker disable next-line ArrayDeclaration: read only after the set-up below filled it
    fns: [],
    slotOffset: -1,
    view: new Float64Array(0),
    slots: new Float64Array(0),
    limitPos: undefined,
    ctxPtr: 0,
    undef: 0,
    // Stryker disable next-line BooleanLiteral: a runtime left unfreed is memory only (its module is dropped on the next cut or heap overflow)
    cut: false,
  };
  const hostFn = keep(
    q,
    // Stryker disable next-line StringLiteral: only the prelude's closure holds this function, and the host never calls back into the realm, so no stack ever shows its name
    ctx.newFunction('host', (op, a, b, c) => {
      const out = host(
        fromHandle(ctx, op) as number,
        fromHandle(ctx, a),
        fromHandle(ctx, b),
        fromHandle(ctx, c),
      );
      return toHandle(ctx, out);
    }),
  );
  try {
    setUp(q, bigIntSource, hostFn);
  } catch (e) {
    disposeRealm(q);
    throw e;
  }
  q.slots = freshView(q);
  watch.deadline = limits.deadline;
  q.ctxPtr = q.raw.ctx.value;
  q.undef = (ctx.undefined as unknown as { value: number }).value;
  return realmOf(q);
}

function heapBytes(mod: QuickJSWASMModule): number {
  return (mod as unknown as RawModule).module.HEAPU8.byteLength;
}

/** The runtime's interrupt handler: true stops realm code. */
function interrupted(w: HeapWatch): boolean {
  // Stryker disable next-line EqualityOperator: differs only for a heap grown to exactly the cap, never past it; wasm grows by emscripten's steps, so no row can make that happen on purpose (QuickJS's own cap usually stops the tracer first)
  if (heapBytes(w.mod) > w.heapCap) w.overHeap = true;
  return w.overHeap || Date.now() > w.deadline;
}

function keep(q: QuickJsRealm, h: QuickJSHandle): QuickJSHandle {
  q.owned.push(h);
  return h;
}

function toHandle(ctx: QuickJSContextLike, v: Primitive): QuickJSHandle {
  switch (typeof v) {
    case 'number':
      return ctx.newNumber(v);
    case 'string':
      return ctx.newString(v);
    case 'boolean':
      return v ? ctx.true : ctx.false;
    // Stryker disable next-line ConditionalExpression: without the label the function returns JS undefined, which quickjs-emscripten hands to the realm as undefined too
    default:
      return ctx.undefined;
  }
}

function fromHandle(ctx: QuickJSContextLike, h: QuickJSHandle | undefined): Primitive {
  // The prelude may pass fewer arguments than four.
  if (h === undefined) return undefined;
  const t = ctx.typeof(h);
  if (t === 'number') return ctx.getNumber(h);
  if (t === 'string') return ctx.getString(h);
  // Stryker disable next-line ConditionalExpression: the prelude sends the host numbers, strings and booleans only (see its host calls)
  if (t === 'boolean') return ctx.dump(h) === true;
  return undefined;
}

function evalTrusted(ctx: QuickJSContextLike, source: string, filename: string): string | undefined {
  // Stryker disable next-line ObjectLiteral,StringLiteral: any options object gives the same flags (JS_EVAL_TYPE_GLOBAL is 0, and a given object turns off module detection)
  const r = ctx.evalCode(source, filename, { type: 'global' });
  if (r.error) {
    const text = String(ctx.dump(r.error)?.message ?? 'error');
    r.error.dispose();
    return `trusted script ${filename} failed: ${text}`;
  }
  r.value.dispose();
  return undefined;
}

function disposeRealm(q: QuickJsRealm): void {
  // Wasm memory never shrinks: after a heap that outgrew the cap, the next trace gets a fresh module.
  // Stryker disable next-line ConditionalExpression: memory only (the next trace's cap counts from the heap it starts with); a fresh module every time only costs its load
  if (q.watch.overHeap) modulePromise = undefined;
  // A runtime whose frames were cut still holds what they held: JS_FreeRuntime would assert on those objects and
  // abort the module under every realm still open in it. It is left as it is, and goes with its module (already
  // dropped for new realms) once no realm uses that module any more.
  // Stryker disable next-line ConditionalExpression: a runtime left unfreed is memory only, and one cut by the compiler alone (the only cut in Stryker's workers, see guarded) was still freed without an abort
  if (q.cut) return;
  // Stryker disable next-line ConditionalExpression: no owned handle is freed before this, and a handle left unfreed is memory only
  for (const h of q.owned.splice(0)) if (h.alive) h.dispose();
  try {
    q.ctx.dispose();
    // (A range, as a comment cannot lead the catch clause.)
    // Stryker disable BlockStatement: a guard no known input reaches: only a runtime whose frames were cut failed to be freed, and that one is no longer freed (above)
    q.runtime.dispose();
  } catch {
    // A runtime that cannot be freed (a leaked handle aborts the module): start from a fresh module next time.
    modulePromise = undefined;
  }
}
// Stryker restore BlockStatement

/** Evaluates the bigInt library and the prelude, keeps the prelude's entries and finds the step slots. */
function setUp(q: QuickJsRealm, bigIntSource: string, hostFn: QuickJSHandle): void {
  const { ctx, heap } = q;
  const failed = evalTrusted(ctx, bigIntSource, 'tracer-bigint');
  if (failed) throw new Error(failed);
  const make = ctx.unwrapResult(
    ctx.evalCode(
      preludeSource,
      'tracer-prelude',
      // Stryker disable next-line ObjectLiteral,StringLiteral: any options object gives the same flags (see evalTrusted)
      { type: 'global' },
    ),
  );
  const made = ctx.callFunction(make, ctx.undefined, hostFn);
  make.dispose();
  const pair = keep(q, ctx.unwrapResult(made));
  const entries = keep(q, ctx.getProp(pair, 0));
  keep(q, ctx.getProp(pair, 1));
  q.fns = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => keep(q, ctx.getProp(entries, k)));
  // The slots live in the wasm heap: find them once by the marker the prelude wrote.
  const view = (q.view = new Float64Array(heap.HEAPU8.buffer));
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: reading past the end gives undefined, never a marker
  for (let i = 0; i + 2 < view.length; i++) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: only the slots hold any two of the markers side by side (QuickJS NaN-boxes every other number), so a dropped comparison finds the same place
    if (view[i] === slotMarker[0] && view[i + 1] === slotMarker[1] && view[i + 2] === slotMarker[2]) {
      q.slotOffset = i;
      break;
    }
  }
  // Stryker disable next-line EqualityOperator: offset 0 holds emscripten's static data, never the slots
  if (q.slotOffset < 0) throw new Error('the tracer realm could not share its step slots');
}

function freshView(q: QuickJsRealm): Float64Array<ArrayBufferLike> {
  // The heap grows (and detaches the old buffer) when the tracer allocates.
  // Stryker disable next-line ConditionalExpression: a new view of an unchanged buffer reads the same slots (a short-cut)
  if (q.view.buffer !== q.heap.HEAPU8.buffer) q.view = new Float64Array(q.heap.HEAPU8.buffer);
  return q.view.subarray(q.slotOffset, q.slotOffset + Slot.count);
}

/** What stopped realm code whose exception (`h`, disposed here) escaped the prelude's catches. */
function classify(q: QuickJsRealm, h: QuickJSHandle): RealmLimitKind {
  let message: unknown;
  try {
    const d = q.ctx.dump(h) as { message?: unknown; stack?: unknown } | undefined;
    // Stryker disable next-line OptionalChaining: only the engine's own errors and the host's (objects) escape the prelude's catch; a failed read leaves no message either
    message = d?.message;
    // Stryker disable next-line OptionalChaining: as above
    q.limitPos = firstEvalFrame(d?.stack);
  } catch {
    // A value that cannot be read (no memory left to read it): no message.
  }
  h.dispose();
  // Only the engine's own errors and the host's (Error objects, a string message) escape the prelude's catch; a
  // value without one is an out-of-memory that could not even be read (QuickJS throws null when it cannot make
  // the error, and reading a value needs memory too).
  if (typeof message !== 'string' || message === 'out of memory' || q.watch.overHeap) return 'memory';
  // The interrupt stops code only for the heap watch (above) or the deadline.
  // Stryker disable next-line EqualityOperator: differs only for a stop in the very millisecond of the deadline, which the interrupt (strictly after it) never makes
  if (Date.now() > q.watch.deadline) return 'timeout';
  // Stryker disable next-line StringLiteral: createRealmTracer gives any other stop the crash text
  return 'crash';
}

// Runaway recursion in tracer code overflows the host's stack (the wasm frames) before QuickJS's own stack check
// fires. The exception unwinds the wasm frames without QuickJS's cleanup (nor emscripten's stack pointer), so this
// runtime is never freed and this module is not given to another realm: said as such, and a fresh module next. The
// runtime still links its next frame to the cut ones: it runs no more code, every later call is said as cut too.
function guarded<T>(q: QuickJsRealm, run: () => T): T | 'stack' {
  // Stryker disable next-line ConditionalExpression: a call is cut here only where the host's stack overflows first (see the range below), and the compiler's cut ends the trace before any call
  if (q.cut) return 'stack';
  try {
    // (A range from here: a comment cannot lead the catch clause.)
    // Stryker disable all: reached only where the host's stack overflows before QuickJS's own check: Node's main thread and vitest's workers (runawayRecursion.test.ts, quickJsStackUnwind.test.ts, e2e/hostileTracer kill these), never in Stryker's workers, whose larger stack lets QuickJS's check fire first
    return run();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    q.cut = true;
    modulePromise = undefined;
    return 'stack';
  }
}
// (Ends the range above: a restore comment must lead a statement, as a disable one must.)
// Stryker restore all

/** Compiles `text` (and runs it unless `compileOnly`); what stopped the compiler, if anything. */
function evalText(
  q: QuickJsRealm,
  text: string,
  compileOnly: boolean,
): QuickJSHandle | CompileProblem | { kind: 'memory' } {
  const { ctx } = q;
  let r: ReturnType<QuickJSContextLike['evalCode']>;
  try {
    r = ctx.evalCode(
      text,
      '<eval>',
      // Stryker disable next-line StringLiteral: 'global' is QuickJS's default type (see evalTrusted); compileOnly is not
      { type: 'global', compileOnly },
    );
  } catch (e) {
    // QuickJS's parser recursed past the host's wasm stack: its frames were cut as in guarded, the module may be
    // damaged; use a fresh one next.
    // Stryker disable next-line BooleanLiteral: freeing a runtime the compiler alone was cut in never aborted (see disposeRealm)
    q.cut = true;
    modulePromise = undefined;
    // Stryker disable next-line ConditionalExpression: a guard no known input reaches: evalCode throws in the host only when the compiler overflows the host's stack (a RangeError), anything else would be a broken module
    if (e instanceof RangeError) return { kind: 'too-deep', message: e.message };
    throw e;
  }
  if (r.error) {
    // Running a factory text only makes the factory function: an error here is a compile error (an Error
    // object). QuickJS never interrupts its compiler, and geth compiles the tracer before its deadline starts, so
    // a compile error is reported as one even after the deadline.
    const d = ctx.dump(r.error) as { name: unknown; message: unknown };
    r.error.dispose();
    if (d.message === 'out of memory') return { kind: 'memory' };
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: a guard no known input reaches: QuickJS's own stack check ('stack overflow', an InternalError) never fired before the host's stack overflowed (the RangeError above; tried up to 12,000 nested brackets on a 7 MB host stack)
    if (d.name !== 'SyntaxError') return { kind: 'too-deep', message: String(d.message) };
    return { kind: 'syntax', message: String(d.message) };
  }
  return r.value;
}

/** The realm's public face over `q`. */
function realmOf(q: QuickJsRealm): TracerRealm {
  return {
    engine: 'quickjs',
    evalTracer: (factoryText) => evalTracer(q, factoryText),
    compile(text) {
      const r = evalText(q, text, true);
      if (!isHandle(r)) return r;
      r.dispose();
      return undefined;
    },
    slots() {
      // Stryker disable next-line ConditionalExpression: a performance short-cut; freshView gives the same slots whenever called
      if (q.slots.byteLength === 0) q.slots = freshView(q);
      return q.slots;
    },
    invoke: (k) => invoke(q, k),
    limitPosition: () => q.limitPos,
    dispose() {
      // Stryker disable next-line UnaryOperator: no realm code runs after dispose
      q.watch.deadline = -Infinity;
      disposeRealm(q);
    },
  };
}

function evalTracer(q: QuickJsRealm, factoryText: string): ReturnType<TracerRealm['evalTracer']> {
  const { ctx } = q;
  const r = evalText(q, factoryText, false);
  if (!isHandle(r)) return r;
  const adopted = guarded(q, () => ctx.callFunction(q.fns[Entry.adopt], ctx.undefined, r));
  // Stryker disable next-line all: see guarded
  if (adopted === 'stack') return { kind: 'stack' };
  r.dispose();
  q.slots = freshView(q);
  if (adopted.error) return { kind: classify(q, adopted.error) };
  adopted.value.dispose();
  return undefined;
}

function invoke(q: QuickJsRealm, k: number): ReturnType<TracerRealm['invoke']> {
  const { raw, ctxPtr } = q;
  const p = guarded(q, () => raw.ffi.QTS_Call(ctxPtr, q.fns[k].value as unknown as number, q.undef, 0, 0));
  // Stryker disable next-line all: see guarded
  if (p === 'stack') return 'stack';
  const e = raw.ffi.QTS_ResolveException(ctxPtr, p);
  if (e) {
    raw.ffi.QTS_FreeValuePointer(ctxPtr, p);
    return classify(q, raw.memory.heapValueHandle(e));
  }
  raw.ffi.QTS_FreeValuePointer(ctxPtr, p);
  return undefined;
}

function isHandle(r: QuickJSHandle | { kind: string }): r is QuickJSHandle {
  return !('kind' in r);
}
