// Node only: the tracer realm as a V8 context of its own (node:vm). No host object is ever handed to it: the context
// object has no prototype (the bare name `constructor` would otherwise reach the host's Object), the prelude builds
// every tracer-facing value inside the context, and the host bridge answers with primitives only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import { preludeSource } from './preludeSource.ts';
import { Entry, Op, memoryLimitText } from './realmProtocol.ts';
import type { CompileProblem, HostBridge, RealmFactory, TracerRealm } from './tracerRealm.ts';

const require = createRequire(import.meta.url);
// Compiled once per process, run in every fresh context (V8 reuses the compiled code).
const bigIntScript = new vm.Script(readFileSync(require.resolve('big-integer/BigInteger.min.js'), 'utf8'), {
  filename: 'tracer-bigint',
});
const preludeScript = new vm.Script(preludeSource, { filename: 'tracer-prelude' });

type Entries = Array<(arg?: unknown) => void>;
type Make = (host: HostBridge) => [Entries, Float64Array];

/**
 * Creates a fresh V8 context for one trace. Code generation from strings stays on (geth's goja has `eval`), wasm is
 * off, and promise jobs of the context never run on the host's queue (`microtaskMode: 'afterEvaluate'`).
 * The deadline is enforced inside by the instrumented guards and, while the tracer expression is evaluated, by
 * V8's own watchdog; code the guards cannot reach (eval'd text, a catastrophic regular expression) is stopped by
 * the process that owns this realm (`tracer serve` and `replay` kill their trace child at the deadline).
 */
// The memory cap is the process's: V8's heap limit (`--max-old-space-size` of the trace child of `serve` and
// `replay`), which counts no ArrayBuffer or typed array. So the clock the prelude's guard reads also answers the
// memory limit once the heap and the memory outside it (ArrayBuffers, typed arrays, external strings) together
// pass that limit; the process's owner watches its resident memory for what no guard call sees in time.
export const createVmRealm: RealmFactory = async (host) => {
  const bridge: HostBridge = (op, a, b, c) => {
    const out = host(op, a, b, c);
    return op === Op.clock && out === false && overMemory() ? memoryLimitText : out;
  };
  // A fresh read for each trace (what an earlier realm held may have been collected since).
  lastMemoryCheck = 0;
  const context = vm.createContext(Object.create(null), {
    // Stryker disable next-line ObjectLiteral: V8's defaults are strings and wasm on, and wasm cannot be seen (below)
    codeGeneration: {
      strings: true,
      // Defence in depth only: the prelude deletes the WebAssembly global before any tracer code runs.
      // Stryker disable next-line BooleanLiteral: no tracer reaches wasm without that global, so this cannot be seen
      wasm: false,
    },
    microtaskMode: 'afterEvaluate',
  });
  bigIntScript.runInContext(context);
  const make = preludeScript.runInContext(context) as Make;
  const [entries, slots] = make(bridge);

  const realm: TracerRealm = {
    engine: 'v8',
    evalTracer(factoryText) {
      const script = compileScript(factoryText);
      if (!(script instanceof vm.Script)) return script;
      // Running it only makes the factory function: the tracer expression itself runs inside the prelude.
      const factory: unknown = script.runInContext(context);
      if (callEntry(entries, Entry.adopt, factory)) return { kind: 'crash' };
      return overMemory(true) ? { kind: 'memory' } : undefined;
    },
    compile(text) {
      const script = compileScript(text);
      return script instanceof vm.Script ? undefined : script;
    },
    slots: () => slots,
    // After result too (as after construction): a few allocations need no guard calls (three 512 MiB arrays in a loop
    // of three), and what a per-step hook keeps is still held then. The per-step hooks add no clock read of their own:
    // their guard calls reach the clock.
    invoke: (k) => {
      if (callEntry(entries, k)) return 'crash';
      return k === Entry.result && overMemory(true) ? 'memory' : undefined;
    },
    dispose() {},
  };
  return realm;
};

// Read at most every few milliseconds (a read costs about a microsecond; the guard may ask millions of times a second).
const memoryCheckMs = 5;
let lastMemoryCheck = 0;
let memoryWasOver = false;

/** Whether the heap and the memory outside it together exceed V8's heap limit for this process (read afresh if `now`). */
function overMemory(now = false): boolean {
  const time = Date.now();
  if (!now && time - lastMemoryCheck < memoryCheckMs) return memoryWasOver;
  lastMemoryCheck = time;
  const h = v8.getHeapStatistics();
  memoryWasOver = h.used_heap_size + h.external_memory > h.heap_size_limit;
  return memoryWasOver;
}

function compileScript(text: string): vm.Script | CompileProblem {
  try {
    return new vm.Script(text, { filename: '<eval>' });
  } catch (e) {
    // Compile errors are made by the host (the text never ran): reading their message is safe.
    if (e instanceof RangeError) return { kind: 'too-deep', message: e.message };
    return { kind: 'syntax', message: (e as SyntaxError).message };
  }
}

// The prelude's entries catch everything tracer code throws; what escapes them is the engine giving up (a stack
// overflow inside the prelude's own error handling, say).
// Returns true when it did.
function callEntry(entries: Entries, k: number, arg?: unknown): boolean {
  try {
    // Only adopt takes an argument; the other entries have no parameters, so an explicit undefined is no argument.
    entries[k](arg);
    return false;
  } catch {
    return true;
  }
}
