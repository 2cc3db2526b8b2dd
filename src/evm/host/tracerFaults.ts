/**
 * Host-side error state of one tracer runtime. geth raises accessor and conversion errors with goja's
 * `vm.Interrupt`, which a JS try/catch cannot catch; here the error is recorded when the accessor fails (and thrown
 * too, to leave the current JS code), and the host fails the trace after the callback whatever the JS did. The
 * instrumented loop/function guards re-throw it, so a catching loop cannot keep running either.
 */
export interface TracerFaults {
  /** The uncatchable error recorded so far (first one wins), or undefined. */
  fatal: string | undefined;
  /** Records an uncatchable error and throws it into the JS code. */
  raise(message: string): never;
  /** Throws the recorded error again if there is one (called by the guards). */
  rethrow(): void;
  /** Starts enforcing a deadline (epoch ms) in the guards. */
  setDeadline(at: number): void;
  /** Checks the deadline now; records `execution timeout` when it passed. Returns true if fatal is set. */
  checkDeadline(): boolean;
  /** The guard inserted into loop bodies and function entries of the tracer code. */
  guard: () => void;
}

/** Creates the error state of one runtime. */
export function createTracerFaults(): TracerFaults {
  let deadline = Infinity;
  let count = 0;
  const faults: TracerFaults = {
    fatal: undefined,
    raise(message: string): never {
      faults.fatal ??= message;
      throw new Error(faults.fatal);
    },
    rethrow() {
      if (faults.fatal !== undefined) throw new Error(faults.fatal);
    },
    setDeadline(at: number) {
      deadline = at;
    },
    checkDeadline() {
      if (faults.fatal === undefined && Date.now() > deadline) faults.fatal = 'execution timeout';
      return faults.fatal !== undefined;
    },
    guard() {
      if (faults.fatal !== undefined) throw new Error(faults.fatal);
      // Reading the clock costs ~30 ns; every 64th guard keeps the overhead small and the reaction fast.
      if ((++count & 63) === 0 && faults.checkDeadline()) throw new Error(faults.fatal);
    },
  };
  return faults;
}
