/**
 * The boundary between the tracer host and the realm that runs tracer code. A realm holds only ECMAScript built-ins
 * plus what the trusted prelude (`prelude.js`) defines; the host talks to it through primitives only, so no object
 * of the host realm is ever reachable from tracer code.
 */

/** A primitive crossing the realm boundary (never an object). */
export type Primitive = string | number | boolean | undefined;

/** The host's single entry point, called by the prelude: `op` selects the request (see `hostOps.ts`). */
export type HostBridge = (op: number, a: Primitive, b: Primitive, c: Primitive) => Primitive;

/** Hard limits a realm enforces from outside the tracer's reach. */
export interface RealmLimits {
  /** Epoch milliseconds after which any running tracer code is interrupted (`Infinity`: none). */
  deadline: number;
  /** Heap bytes the realm may use (best effort where the engine cannot count exactly). */
  memoryBytes: number;
}

/**
 * What cut realm code short from outside: the deadline, the memory cap, the engine running out of the host's stack
 * (runaway recursion that the engine's own check did not stop first), or the engine itself failing.
 */
export type RealmLimitKind = 'timeout' | 'memory' | 'stack' | 'crash';

/** Why the engine would not compile a text: a SyntaxError (its message), or its compiler ran out of stack. */
export interface CompileProblem {
  kind: 'syntax' | 'too-deep';
  message: string;
}

/** One fresh realm. Created per trace (or per block), disposed after it. */
export interface TracerRealm {
  /** The engine it runs tracer code in (a debugging run's profile names it). */
  readonly engine?: 'quickjs' | 'v8';
  /**
   * Compiles the tracer factory text (`tracerFactoryText`, file name `<eval>`) and hands the function to the
   * prelude's `adopt` entry, which runs the tracer expression and reports through the host bridge. Returns what
   * stopped it otherwise: a SyntaxError (the engine's message) or a hard limit.
   */
  evalTracer(factoryText: string): undefined | CompileProblem | { kind: RealmLimitKind };
  /**
   * Compiles `text` as a script (file name `<eval>`) without running any of it: for tracer text the host could not
   * instrument, whose engine message is wanted but which must never run unguarded.
   */
  compile(text: string): undefined | CompileProblem | { kind: 'memory' };
  /** The step slots the prelude reads (a Float64Array of the realm); fetch again after every `invoke`. */
  slots(): { [i: number]: number; length: number };
  /** Calls the prelude's entry number `k` with no arguments. Returns undefined, or the hard limit that cut it short. */
  invoke(k: number): undefined | RealmLimitKind;
  /** Where the tracer's code was when a hard limit last cut it short (`fn:line:col` of the factory text), if known. */
  limitPosition?(): string | undefined;
  /** Frees the realm (its heap and, for a child engine, the engine). */
  dispose(): void;
}

/** Creates a fresh realm wired to `host`. */
export type RealmFactory = (host: HostBridge, limits: RealmLimits) => Promise<TracerRealm>;
