/**
 * What a debugging run on the embedded node reports besides the tracer's result (issue 26): the lines the tracer
 * printed with `console`, and what each hook cost. geth's runtime has no console and no profile; only callers that ask
 * for them (`tracer replay --console/--profile`, the page's embedded node) get them, through
 * {@link JsTraceOptions.debug}. Plain data only: it crosses the trace process's IPC and the page's worker boundary.
 */

import type { InspectOptions, InspectReport } from './inspectTypes.ts';

/** The tracer calls a line or a cost is attached to (`setup`: the tracer's construction and its `setup(cfg)`). */
export type HookName = 'setup' | 'step' | 'enter' | 'exit' | 'fault' | 'result';

/** Every hook, in the order tables list them. */
export const hookNames: readonly HookName[] = ['setup', 'step', 'enter', 'exit', 'fault', 'result'];

/** One line a tracer printed. */
export interface ConsoleLine {
  /**
   * The step it was printed at: the index of the opcode in the run (0 for the first; `structLogs[step]` of the struct
   * logger). In `enter`/`exit`/`fault`, the last step before the call (the CALL for `enter`). Absent in `setup` and
   * `result`.
   */
  step?: number;
  hook: HookName;
  /** `log` for console.log/info/debug, `error` for console.error/warn. */
  level: 'log' | 'error';
  /** The arguments formatted inside the tracer's realm, space-separated, at most `maxLineChars` long. */
  text: string;
}

/** The console lines of a run. */
export interface ConsoleReport {
  lines: ConsoleLine[];
  /** Console calls made after `maxLines` lines were kept (counted, not formatted). */
  dropped: number;
  maxLines: number;
  maxLineChars: number;
}

/** What one hook cost in a run. */
export interface HookCost {
  hook: HookName;
  calls: number;
  /**
   * Total time in the hook's calls (ms), the realm's call and the host's answers to it included, less the cost of
   * the clock reads themselves (measured once per process, see {@link clockReadMs}).
   */
  ms: number;
  /** The slowest single call (ms). */
  maxMs: number;
}

/** What the reference step (see measureReferenceStep) cost in the run's engine just before the run. */
export interface ReferenceStep {
  calls: number;
  /** Microseconds a call. */
  callUs: number;
}

/** What a run cost, per hook. */
export interface TraceProfile {
  /** The engine the tracer ran in: `quickjs` (the page's, and `replay --profile`'s) or `v8` (Node's vm realm). */
  engine: 'quickjs' | 'v8' | 'unknown';
  /** Opcodes the EVM ran (whether or not the tracer has a `step`). */
  steps: number;
  /** One row per hook, in {@link hookNames} order (a hook the tracer lacks has 0 calls). */
  hooks: HookCost[];
  /** The whole trace: construction, the EVM with every hook, result (ms). */
  totalMs: number;
  /** The error that ended the run (geth's text), if any: a profile up to that point. */
  error?: string;
  /** The reference step measured in the same engine just before (absent when it could not be measured). */
  reference?: ReferenceStep;
}

/** What {@link JsTraceOptions.debug} hands back once the run is over (successful or not). */
export interface TraceDebugReport {
  console?: ConsoleReport;
  profile?: TraceProfile;
  /** The recording of an inspected run (when {@link TraceDebugOptions.inspect} was given). */
  inspect?: InspectReport;
}

/** The console's caps: lines kept, and characters per line (the realm cuts a line there as it formats it). */
export interface ConsoleLimits {
  maxLines: number;
  maxLineChars: number;
}

/** The default caps: 10,000 lines of at most 2,000 characters. */
export const defaultConsoleLimits: ConsoleLimits = { maxLines: 10_000, maxLineChars: 2_000 };

/** What a debugging run records. */
export interface TraceDebugOptions {
  /**
   * Give the tracer a `console` (log, info, debug, error, warn) and keep its lines (`true`: the default caps). With
   * `maxLines: 0` every call is only counted (the tracer still runs as it would with a console).
   */
  console?: boolean | ConsoleLimits;
  /** Time every hook call. Costs a clock read before and after each call. */
  profile?: boolean;
  /** Record the run's steps, the tracer's state after each hook call, and breakpoint hits (see inspectTypes). */
  inspect?: InspectOptions;
  /** Called once when the run is over (after the result, or after the error that ended it). */
  report(report: TraceDebugReport): void;
}

/** The recorder createRealmTracer keeps for one run. */
export interface TraceDebugRecorder {
  /** The realm's console line cap, or undefined when the run has no console. */
  readonly maxLineChars: number | undefined;
  /** A console call from the realm: its line (or undefined: only counted). Returns false once no more lines are kept. */
  line(level: number, text: string | undefined, hook: HookName, step: number | undefined): boolean;
  /** The report so far, with the run's engine, step count, wall time and error. */
  report(
    engine: TraceProfile['engine'],
    steps: number,
    totalMs: number,
    error: string | undefined,
  ): TraceDebugReport;
}

/** Creates the recorder of one run (see {@link TraceDebugOptions}); `hooks` are the profile's rows, filled by the caller. */
export function createTraceDebugRecorder(
  options: TraceDebugOptions,
  hooks: HookCost[] | undefined,
): TraceDebugRecorder {
  const limits = options.console === true ? defaultConsoleLimits : options.console || undefined;
  const maxLines = limits ? Math.max(0, Math.floor(limits.maxLines)) : 0;
  const maxLineChars = limits ? Math.max(1, Math.floor(limits.maxLineChars)) : undefined;
  const lines: ConsoleLine[] = [];
  let dropped = 0;
  return {
    maxLineChars,
    line(level, text, hook, step) {
      if (text === undefined || lines.length >= maxLines) {
        dropped++;
        return false;
      }
      // The realm cuts its lines itself; this bounds what the host keeps whatever the realm sent.
      const line: ConsoleLine = {
        hook,
        level: level === 1 ? 'error' : 'log',
        text: text.slice(0, maxLineChars),
      };
      if (step !== undefined) line.step = step;
      lines.push(line);
      return lines.length < maxLines;
    },
    report(engine, steps, totalMs, error) {
      const out: TraceDebugReport = {};
      if (limits) out.console = { lines, dropped, maxLines, maxLineChars: maxLineChars! };
      if (hooks) {
        const read = clockReadMs();
        const rows = hooks.map((h) => ({ ...h, ms: Math.max(0, h.ms - h.calls * read) }));
        out.profile = { engine, steps, hooks: rows, totalMs };
        if (error !== undefined) out.profile.error = error;
      }
      return out;
    },
  };
}

/** The clock profiles read (captured once: in Node, reading the global `performance` costs as much as `now()`). */
export const clock: { now(): number } = globalThis.performance;

let readMs: number | undefined;
/**
 * What one clock read costs (ms), measured once per process: each timed call holds about one read, taken off its
 * time (in Node 20 on a loaded 2-core machine a read took 0.1–0.2 µs, as much as a light step hook in V8).
 */
export function clockReadMs(): number {
  if (readMs === undefined) {
    const n = 2000;
    const t0 = clock.now();
    for (let i = 0; i < n; i++) clock.now();
    readMs = (clock.now() - t0) / (n + 1);
  }
  return readMs;
}

/** Empty profile rows, one per hook. */
export function emptyHookCosts(): HookCost[] {
  return hookNames.map((hook) => ({ hook, calls: 0, ms: 0, maxMs: 0 }));
}

/** What `tracer replay` asks of a run: its console lines kept (`--console`), its hooks timed (`--profile`). */
export interface ReplayDebugFlags {
  console: boolean;
  profile: boolean;
}

/**
 * The debug options of a `replay` run and its report once the run is over. The tracer always has a console there (the
 * embedded node accepts tracers that print): without `console` its calls are only counted.
 */
export function collectReplayDebug(flags: ReplayDebugFlags): {
  options: TraceDebugOptions;
  report(): TraceDebugReport | undefined;
} {
  let got: TraceDebugReport | undefined;
  return {
    options: {
      console: flags.console ? true : { maxLines: 0, maxLineChars: 1 },
      profile: flags.profile,
      report: (r) => (got = r),
    },
    report: () => got,
  };
}
