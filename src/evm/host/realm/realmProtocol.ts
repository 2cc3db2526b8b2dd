/**
 * Numbers shared by the host and the prelude (`preludeSource.ts` interpolates them into the realm-side text), so
 * both sides read one definition.
 */

/** Indices of the step slots (a Float64Array of the realm, written by the host before `step`/`fault`). */
export const Slot = {
  pc: 0,
  op: 1,
  gas: 2,
  cost: 3,
  depth: 4,
  refund: 5,
  memLen: 6,
  stackLen: 7,
  /** 1 when `log.getError()` has a text (fetched lazily with {@link Op.stepError}). */
  hasError: 8,
  /** The breakpoint whose expression {@link Entry.breakpoint} evaluates (an inspected run's only). */
  breakpoint: 9,
  /** Number of slots. */
  count: 12,
} as const;

/** Marker values the prelude writes into slots 0..2 so an engine whose memory the host sees can find the array. */
export const slotMarker = [1.5e-300, -2.5e300, 3.5e-200] as const;

/** Requests the prelude sends through the host bridge; the answer is always a primitive. */
export const Op = {
  /** () → true once the deadline passed. */
  clock: 1,
  /** () → log.getError() text or undefined. */
  stepError: 2,
  /** (n) → the stack item n from the top (valid n only) as a number or a 0x hex string. */
  peek: 3,
  /** (start, end) → hex of memory [start, min(end, memLen)) (bounds already checked). */
  memory: 4,
  /** (field: 0 caller, 1 address, 2 value, 3 input) → hex bytes, or number/0x-hex for the value. */
  contract: 5,
  /** (kind: 0 balance, 1 nonce, 2 code, 3 state, 4 exists, addrHex, slotHex) → number/hex/boolean. */
  db: 6,
  /** (fromHex, nonce) → address hex. */
  toContract: 7,
  /** (fromHex, saltHex, codeHex) → address hex. */
  toContract2: 8,
  /** (addrHex) → boolean. */
  isPrecompiled: 9,
  /** (field: 0 type, 1 from, 2 to, 3 input, 4 gas, 5 value) → string/hex/number/undefined. */
  frame: 10,
  /** (field: 0 gasUsed, 1 output, 2 error) → number/hex/string/undefined. */
  frameResult: 11,
  /** () → ctx as JSON (byte fields as {"b": hex}, big numbers as {"n": decimal}). */
  ctx: 12,
  /** () → the setup() argument (the tracerConfig JSON text). */
  config: 13,
  /** (hook name or '' for construction, message, position "fn:line:col" or '') → records the trace's error. */
  fail: 14,
  /** (json text) → the result, encoded. */
  result: 15,
  /** (has step, has enter/exit) → tells the host which hooks the tracer has. */
  methods: 16,
  /** () → the 256 opcode names, comma-separated (geth's names; `opcode 0x.. not defined` for the others). */
  opNames: 17,
  /**
   * As {@link Op.fail}, for an error a host accessor raised (geth's `vm.Interrupt`): the position names the accessor's
   * call, and the host reports the one goja names (the instruction after that call, see `gojaCallPosition.ts`).
   */
  failAtCall: 18,
  /**
   * () → the longest console line the host keeps (a number) when the run prints (the embedded node's debugging runs,
   * see `traceDebug.ts`), else undefined: then the realm has no `console`, as geth's runtime has none.
   */
  consoleOn: 19,
  /**
   * (level: 0 log, 1 error; text, or undefined for a call only counted) → true while the host keeps lines, false once
   * it keeps no more (the prelude then only counts the calls, without formatting their arguments).
   */
  console: 20,
  /**
   * (changes JSON, capped) → an inspected run's changes to `this` in the hook call just made (see
   * `inspectPreludeSource.ts`); ('init', JSON text or undefined) → `this` after setup.
   */
  thisChanges: 21,
  /** (matched, error text or undefined) → the answer of a breakpoint's expression. */
  breakpoint: 22,
} as const;

/**
 * What {@link Op.clock} answers while the host runs an inspected run's own code in the realm (a diff of `this`, a
 * breakpoint's expression) and that code's own time cap has passed: the prelude stops that code, not the trace.
 */
export const sideTimeout = 2;

/** The prelude's entries, called by the host with no arguments. */
export const Entry = {
  step: 0,
  fault: 1,
  enter: 2,
  exit: 3,
  result: 4,
  /**
   * Takes the compiled tracer factory (see {@link tracerFactoryText}) from the engine adapter, evaluates the tracer
   * expression through it, checks the methods and runs setup().
   */
  adopt: 5,
  /** An inspected run: diff `this` against the last snapshot and report the changes (the first call: `this` itself). */
  inspect: 6,
  /** An inspected run: evaluate the expression of breakpoint `slots[Slot.breakpoint]` with the step's `log`. */
  breakpoint: 7,
} as const;

/**
 * The text an engine compiles for a tracer: a function of the deadline guard returning the tracer expression's value.
 * The tracer text starts on line 2, column 1 is its `(`: positions on line L map to line L - 1 of `wrapped`.
 */
export function tracerFactoryText(guardName: string, wrapped: string, extra = ''): string {
  // An inspected run's breakpoint expressions come after the tracer (its lines stay where they are): `extra` pushes
  // their functions into the array the prelude passes as the second argument (a random name, like the guard's).
  if (extra === '') return `(function (${guardName}) { return [\n${wrapped}\n][0]; })`;
  return `(function (${guardName}, ${guardName}_bp) { return [\n${wrapped}\n${extra}][0]; })`;
}

/** The message a realm reports when its memory cap stops an allocation. */
export const memoryLimitText = 'tracer exceeded its memory limit';
