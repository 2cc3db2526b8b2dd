import { bigIntToBytes, setLengthLeft } from '@ethereumjs/util';
import { parse } from '../../core/es5/loopParser.ts';
import { opcodeName } from '../../core/tracer/opcodes.ts';
import { instrumentTracerCodeWithMap } from './instrumentTracerCode.ts';
import { sideStopText } from './realm/inspectPreludeSource.ts';
import {
  defaultInspectLimits,
  type Breakpoint,
  type HookCall,
  type InspectOptions,
  type InspectReport,
  type InspectedStep,
  type ThisChange,
} from './inspectTypes.ts';
import type { StepView } from './runGethTrace.ts';
import type { SyncStateReader } from './syncStateReader.ts';
import type { HookName } from './traceDebug.ts';

/** The longest JSON text of `this` after setup the report keeps. */
const initialMax = 1_000_000;

/** An inspected run's host half (the realm's is `inspectPreludeSource.ts`); createRealmTracer drives it. */
export interface InspectRecorder {
  /** Text for `tracerFactoryText`'s `extra`: the breakpoint expressions that compiled, as guarded functions. */
  factoryExtra(guard: string): string;
  /** Whether step `index` is within the bound (hook calls and diffs are recorded only then). */
  recording(index: number): boolean;
  /**
   * Records step `index` (call it for every step); returns the breakpoints matched by op/pc/depth/address whose
   * expression the realm must still evaluate (their realm index), or undefined when there is none.
   */
  step(s: StepView, index: number): number[] | undefined;
  /** The realm's answer for the expression of breakpoint `realmIndex` at step `index`. */
  expressionResult(realmIndex: number, index: number, matched: unknown, error: unknown): void;
  /** A hook call was made (for a step within the bound). */
  hookCall(hook: HookName, step: number): void;
  /** The realm's Op.thisChanges. */
  thisChanges(a: unknown, b: unknown): void;
  report(totalSteps: number): InspectReport;
}

interface Compiled {
  bp: Breakpoint;
  address?: string;
  /** Its index in the realm's array of expressions (none: not compiled, or stopped once by its time cap). */
  realmIndex?: number;
}

/** Creates the host half of an inspected run (see inspectTypes.ts). */
export function createInspectRecorder(options: InspectOptions, state: SyncStateReader): InspectRecorder {
  const maxSteps = Math.max(0, Math.floor(options.maxSteps ?? defaultInspectLimits.maxSteps));
  const stackItems = Math.max(0, Math.floor(options.stackItems ?? defaultInspectLimits.stackItems));
  const windowBytes = Math.max(0, Math.floor(options.memoryWindow ?? defaultInspectLimits.memoryWindow));
  const steps: InspectedStep[] = [];
  const hookCalls: HookCall[] = [];
  const hits: InspectReport['hits'] = [];
  const errors = new Map<string, string>();
  const breakpoints: Compiled[] = (options.breakpoints ?? []).map((bp) => ({
    bp,
    address: bp.address?.toLowerCase(),
  }));
  const expressions: Compiled[] = [];
  let thisInitial: string | undefined;
  let contractEnv: unknown;
  let contract = '';
  const fail = (bp: Breakpoint, message: string) => {
    if (!errors.has(bp.id)) errors.set(bp.id, message);
  };

  return {
    factoryExtra: (guard) => compileExpressions(breakpoints, expressions, guard, fail),
    recording: (index) => index < maxSteps,
    step(s, index) {
      if (index >= maxSteps) return undefined;
      const env = s.ip?._env;
      if (env !== contractEnv) {
        contractEnv = env;
        contract = env ? env.address.toString() : '0x' + '0'.repeat(40);
      }
      steps.push(readStep(s, index, contract, stackItems, windowBytes, state));
      return matchBreakpoints(breakpoints, s, steps[index].op, contract, index, hits);
    },
    expressionResult(realmIndex, index, matched, error) {
      const c = expressions[realmIndex];
      // An expression that ran past its cap once would cost the cap at every step: it is evaluated no more.
      if (error === sideStopText) c.realmIndex = undefined;
      if (typeof error === 'string') fail(c.bp, error);
      else if (matched === true) hits.push({ breakpointId: c.bp.id, step: index });
    },
    hookCall(hook, step) {
      hookCalls.push({ hook, step, changes: [] });
    },
    thisChanges(a, b) {
      if (a === 'init') {
        thisInitial = typeof b === 'string' && b.length <= initialMax ? b : undefined;
        return;
      }
      const call = hookCalls[hookCalls.length - 1];
      if (!call) return;
      if (b === true) call.capped = true;
      if (typeof a === 'string') call.changes = decodeChanges(a);
    },
    report(totalSteps) {
      const out: InspectReport = {
        steps,
        hookCalls,
        totalSteps,
        truncated: totalSteps > maxSteps,
        maxSteps,
        hits: hits.sort((x, y) => x.step - y.step),
        breakpointErrors: [...errors].map(([breakpointId, message]) => ({ breakpointId, message })),
      };
      if (thisInitial !== undefined) out.thisInitial = thisInitial;
      return out;
    },
  };
}

/** Compiles the breakpoints' expressions (see {@link expressionFunction}): `extra` for the factory text. */
function compileExpressions(
  breakpoints: readonly Compiled[],
  expressions: Compiled[],
  guard: string,
  fail: (bp: Breakpoint, message: string) => void,
): string {
  let extra = '';
  for (const c of breakpoints) {
    if (c.bp.expression === undefined) continue;
    const text = expressionFunction(c.bp.expression, guard);
    if (typeof text !== 'string') {
      fail(c.bp, text.error);
      continue;
    }
    c.realmIndex = expressions.length;
    expressions.push(c);
    extra += `,\n${guard}_bp.push(${text})`;
  }
  return extra;
}

/**
 * Checks step `index` against each breakpoint's op/pc/depth/address: a match without an expression is a hit; one with
 * a compiled expression is returned (its realm index) for the realm to evaluate.
 */
function matchBreakpoints(
  breakpoints: readonly Compiled[],
  s: StepView,
  op: string,
  contract: string,
  index: number,
  hits: InspectReport['hits'],
): number[] | undefined {
  let pending: number[] | undefined;
  for (const c of breakpoints) {
    const bp = c.bp;
    if (bp.op !== undefined && bp.op !== op) continue;
    if (bp.pc !== undefined && bp.pc !== s.pc) continue;
    if (bp.depth !== undefined && bp.depth !== s.depth) continue;
    if (c.address !== undefined && c.address !== contract) continue;
    if (bp.expression === undefined) hits.push({ breakpointId: bp.id, step: index });
    else if (c.realmIndex !== undefined) (pending ??= []).push(c.realmIndex);
  }
  return pending;
}

const kinds: Record<string, ThisChange['kind']> = { a: 'added', c: 'changed', r: 'removed', p: 'pushed' };

/** The realm's compact rows `[kind, path, json?, truncated?]` as {@link ThisChange}s. */
function decodeChanges(text: string): ThisChange[] {
  const rows = JSON.parse(text) as [string, string, string?, number?][];
  return rows.map(([k, path, value, cut]) => {
    const c: ThisChange = { path, kind: kinds[k] };
    if (value !== undefined) c.value = value;
    if (cut === 1) c.truncated = true;
    return c;
  });
}

/**
 * A breakpoint's expression as the text of a guarded function of `log`, or why it is refused: it must parse, alone in
 * parentheses, as one parenthesised expression (so the text cannot close the function it is put in).
 */
export function expressionFunction(expression: string, guard: string): string | { error: string } {
  const inParens = `(${expression}\n)`;
  try {
    const ast = parse(inParens, { ecmaVersion: 'latest', preserveParens: true }) as unknown as {
      body: { type: string; expression?: { type: string; start: number; end: number } }[];
    };
    const e = ast.body.length === 1 ? ast.body[0].expression : undefined;
    if (!e || e.type !== 'ParenthesizedExpression' || e.start !== 0 || e.end !== inParens.length)
      return { error: 'the condition must be one expression' };
  } catch (e) {
    return { error: `SyntaxError: ${String((e as Error).message)}` };
  }
  const instrumented = instrumentTracerCodeWithMap(`(function (log) { return ${inParens}; })`, guard);
  if (!instrumented) return { error: 'the condition could not be prepared' };
  return instrumented.code;
}

/** The op reads or writes memory at an offset held on the stack: how far from the top (0 is the top). */
const memoryOffsetItem: Record<number, number> = {
  0x20: 0,
  0x37: 0,
  0x39: 0,
  0x3c: 1,
  0x3e: 0,
  0x51: 0,
  0x52: 0,
  0x53: 0,
  0x5e: 0,
  0xa0: 0,
  0xa1: 0,
  0xa2: 0,
  0xa3: 0,
  0xa4: 0,
  0xf0: 1,
  0xf1: 3,
  0xf2: 3,
  0xf3: 0,
  0xf4: 2,
  0xf5: 1,
  0xfa: 2,
  0xfd: 0,
};

/** One row from the step the interpreter is at (the values the struct logger reads). */
function readStep(
  s: StepView,
  index: number,
  contract: string,
  stackItems: number,
  windowBytes: number,
  state: SyncStateReader,
): InspectedStep {
  const st = s.ip?._runState.stack;
  const store = st?._store ?? [];
  const len = st?._len ?? 0;
  const stack: string[] = [];
  for (let i = 0; i < stackItems && i < len; i++)
    stack.push('0x' + (store[len - 1 - i] as bigint).toString(16));
  const row: InspectedStep = {
    index,
    op: opcodeName(s.op),
    pc: s.pc,
    depth: s.depth,
    gas: s.gas,
    cost: s.cost,
    contract,
    stack,
  };
  if (s.memLen > 0 && windowBytes > 0) {
    const at = memoryOffsetItem[s.op];
    const want = at !== undefined && at < len ? (store[len - 1 - at] as bigint) : 0n;
    const offset = want < BigInt(s.memLen) ? Number(want) : 0;
    const end = Math.min(s.memLen, offset + windowBytes);
    const mem = s.ip!._runState.memory._store;
    let hex = '';
    for (let i = offset; i < end; i++) hex += (mem[i] ?? 0).toString(16).padStart(2, '0');
    row.memory = { offset, hex };
  }
  if ((s.op === 0x54 && len >= 1) || (s.op === 0x55 && len >= 2)) {
    const slot = store[len - 1] as bigint;
    const slotBytes = setLengthLeft(bigIntToBytes(slot), 32);
    const value =
      s.op === 0x54
        ? s.ip && setLengthLeft(state.getStorageSync(s.ip._env.address, slotBytes), 32)
        : setLengthLeft(bigIntToBytes(store[len - 2] as bigint), 32);
    row.storage = {
      slot: word(slotBytes),
      value: word(value ?? new Uint8Array(32)),
      kind: s.op === 0x54 ? 'read' : 'write',
    };
  }
  if (s.refund !== 0) row.refund = s.refund;
  return row;
}

function word(b: Uint8Array): string {
  let h = '0x';
  for (let i = 0; i < b.length; i++) h += (b[i] < 16 ? '0' : '') + b[i].toString(16);
  return h;
}
