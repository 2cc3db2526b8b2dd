/**
 * The step inspector's contract (issue 26, items 1, 2 and 4): what an inspected run on the embedded node records, as
 * plain data (structured-clone safe: it crosses the trace process's IPC and the page's worker boundary).
 *
 * Breakpoints are a recorded-run debugger. The run is never paused: it records every step (within a bound), every hook
 * call with what it changed in the tracer object (`this`), and the steps and hook calls where a breakpoint matched. A
 * viewer then "stops" at a hit by showing that step and `this` as it was after it (`thisAt`, thisAt.ts), and "continues" by
 * moving through the recording to the next hit or to the next hook call. So stopping and going on cannot change the
 * tracer's result: the result is the one of the single run that made the recording.
 */

import type { HookName } from './traceDebug.ts';

/** What an inspected run records (every field optional: the defaults below). */
export interface InspectOptions {
  /** Steps recorded at most (default {@link defaultInspectLimits}.maxSteps); past it the report says `truncated`. */
  maxSteps?: number;
  /** Stack items kept per step, from the top (default 8). */
  stackItems?: number;
  /**
   * Bytes of memory kept per step (default 64): a window that starts at the offset of the step's memory access (for the
   * ops that read or write memory) or at 0, clamped to the memory's size. Absent on steps whose memory is empty.
   */
  memoryWindow?: number;
  /** Conditions whose matches the run records as {@link BreakpointHit}s. */
  breakpoints?: Breakpoint[];
}

/** The defaults of {@link InspectOptions}. */
export const defaultInspectLimits = { maxSteps: 100_000, stackItems: 8, memoryWindow: 64 } as const;

/**
 * A condition over a step. Every field given must hold (an empty breakpoint matches every step). op, pc, depth and
 * address are checked by the host at each step; `expression` is evaluated inside the tracer's realm, with the same caps
 * as the tracer, at each step whose other fields hold.
 */
export interface Breakpoint {
  /** Chosen by the caller, echoed in hits and errors. An expression stopped by its 50 ms cap is evaluated no more. */
  id: string;
  /** An opcode name as `log.op.toString()` gives it (`SSTORE`, `CALL`). */
  op?: string;
  pc?: number;
  /** The call depth as `log.getDepth()` gives it (1 for the transaction's own frame). */
  depth?: number;
  /** The address of the contract whose code runs (0x hex, any case). */
  address?: string;
  /**
   * An ES5 expression over `log` (the step hook's argument, as the tracer sees it), true when the result is truthy,
   * e.g. `log.stack.peek(0).toString(16) == 'a9059cbb'`. When it throws or runs past its cap, the error is kept in
   * {@link InspectReport.breakpointErrors} (the first per breakpoint) and the step does not match.
   */
  expression?: string;
}

/** One step of the run, as the tracer's `step` hook saw it (the struct logger's values). */
export interface InspectedStep {
  /** The index of the step in the run (0 for the first; `structLogs[index]`). */
  index: number;
  op: string;
  pc: number;
  depth: number;
  /** Gas left before the op. */
  gas: number;
  /** The op's cost (the struct logger's `gasCost`). */
  cost: number;
  /** The address of the contract whose code runs (0x, lower case). */
  contract: string;
  /** The top of the stack, top first, 0x hex (at most `stackItems`). */
  stack: string[];
  /** A window of memory (see {@link InspectOptions.memoryWindow}); `hex` without 0x. */
  memory?: { offset: number; hex: string };
  /** The slot an SLOAD reads or an SSTORE writes, with the value read or written (0x, 32 bytes). */
  storage?: { slot: string; value: string; kind: 'read' | 'write' };
  /** The gas refund counter before the op, when not 0. */
  refund?: number;
}

/** One change a hook call made to the tracer object. */
export interface ThisChange {
  /** Where, from `this`: `calls[3].to`, `counts.SLOAD` (keys that are not identifiers are quoted: `m["0xab"]`). */
  path: string;
  /**
   * `added`/`changed`: the path now holds `value`; `removed`: the path is gone (array items from the end, keys);
   * `pushed`: `value` was appended to the array at `path`.
   */
  kind: 'added' | 'changed' | 'removed' | 'pushed';
  /** The new value as JSON text (absent for `removed`); `truncated` when longer than 200 characters. */
  value?: string;
  /** The value was longer than 200 characters: `value` holds its first 200 and cannot be rebuilt from. */
  truncated?: boolean;
}

/** One call of a hook, and what it changed in `this`. */
export interface HookCall {
  hook: HookName;
  /**
   * The step it belongs to: for `step` and `fault`, that step's index; for `enter`/`exit`, the last step before it
   * (the CALL for `enter`). -1 before the first step.
   */
  step: number;
  changes: ThisChange[];
  /** The diff was capped (too many nodes compared, or too many changes): `this` after it cannot be rebuilt. */
  capped?: boolean;
}

/** A breakpoint that matched. */
export interface BreakpointHit {
  breakpointId: string;
  step: number;
}

/** What an inspected run reports (in {@link TraceDebugReport.inspect}). */
export interface InspectReport {
  /** The recorded steps, in order (`steps[i].index === i`), at most `maxSteps`. */
  steps: InspectedStep[];
  /** Every hook call on a recorded step (and the enter/exit/fault calls between them), in order. */
  hookCalls: HookCall[];
  /** Steps the EVM ran, recorded or not. */
  totalSteps: number;
  /** More steps ran than were recorded (`maxSteps` reached): steps, hook calls and hits stop at the bound. */
  truncated: boolean;
  maxSteps: number;
  /**
   * JSON text of `this` after the tracer was built and `setup` ran (functions left out, as JSON.stringify does);
   * undefined when it could not be serialised (a cycle, a BigInt, or over the size cap).
   */
  thisInitial?: string;
  /** The breakpoints' matches, in step order. */
  hits: BreakpointHit[];
  /** The first error of each breakpoint whose expression threw or ran past its cap. */
  breakpointErrors: { breakpointId: string; message: string }[];
}
