import { createEVM, type EVM } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';
import { gethDynamicGas, gethGasRules, type GethGasVerdict } from './gethDynamicGas.ts';
import { checkStack } from './stackTable.ts';

// Why patch the interpreter: @ethereumjs's `step` event copies the whole stack and memory for every op, which
// caps tracing at ~1.4 M steps/s, and its events miss what geth reports (calls that fail before a child frame
// exists, SELFDESTRUCT frames, where an op's error comes from). The Interpreter class is not exported, so its
// prototype is taken once from a throwaway EVM (a custom opcode sees `runState.interpreter`). The patched
// methods call the original unless the interpreter's EVM carries an observer (HOOK), so untraced EVMs in the
// same process behave exactly as before.

/** The slice of @ethereumjs's Interpreter that the host reads (internal fields, checked by the unit tests). */
export interface InterpreterLike {
  _evm: EVM;
  _env: {
    address: Address;
    caller: Address;
    callData: Uint8Array;
    callValue: bigint;
    isCreate?: boolean;
    isStatic: boolean;
    depth: number;
    contract: { balance: bigint; nonce: bigint };
  };
  _runState: {
    programCounter: number;
    opCode: number;
    stack: { _store: bigint[]; _len: number };
    memory: { _store: Uint8Array };
    memoryWordCount: bigint;
    gasRefund: bigint;
    gasLeft: bigint;
    /** Gas forwarded by the CALL* being executed (set by its gas handler). */
    messageGasLimit?: bigint;
    stateManager: {
      getCode(address: Address): Promise<Uint8Array>;
      getAccount(address: Address): Promise<{ isEmpty(): boolean } | undefined>;
    };
  };
  /** EIP-2929 warm addresses of the transaction. */
  journal: { isWarmedAddress(address: Uint8Array): boolean };
  /** Size of the return data buffer (what RETURNDATACOPY may read). */
  getReturnDataSize(): bigint;
  /** The frame's result so far: `returnValue` = data of its RETURN/REVERT (the code a CREATE returned). */
  _result: { returnValue?: Uint8Array };
  common: {
    param(name: string): bigint;
    gteHardfork(hardfork: string): boolean;
    isActivatedEIP(eip: number): boolean;
  };
  lookupOpInfo(op: number): { opcodeInfo: { fee: number; isInvalid: boolean; code: number } };
}

/** What the host does at geth's hook points. All calls are synchronous. */
export interface EvmObserver {
  /** An op is about to run (gas charged, memory not expanded). `preError` = geth's pre-log error, if any. */
  onStep(
    ip: InterpreterLike,
    cost: bigint,
    gasLeft: bigint,
    memWords: bigint,
    preError: string | undefined,
  ): void;
  /** An interpreter starts running code (a frame with code). */
  onFrameStart(ip: InterpreterLike): void;
  /**
   * The interpreter finished. `error` = its exceptional halt (geth's text when the host knows it better than
   * @ethereumjs); `preLogged` = that error was found before its op was logged (so it already reached onStep;
   * otherwise geth reports it through `fault`); `faultMemWords` = the memory size geth's fault sees, when
   * @ethereumjs failed before growing it.
   */
  onFrameEnd(
    ip: InterpreterLike,
    error: { error: string } | undefined,
    preLogged: boolean,
    faultMemWords?: bigint,
  ): void;
  /** A call that fails before a child frame exists (depth limit, balance): geth still reports enter/exit. */
  onFailFast(ip: InterpreterLike, kind: 'call' | 'create', msg: FailFastMessage, error: string): void;
  /** SELFDESTRUCT of the running contract to `beneficiary`, moving `value`. */
  onSelfdestruct(ip: InterpreterLike, beneficiary: Address, value: bigint): void;
}

/** The message of a call/create that failed fast. */
export interface FailFastMessage {
  to?: Address;
  codeAddress?: Address;
  caller?: Address;
  value: bigint;
  data?: Uint8Array;
  gasLimit: bigint;
  delegatecall?: boolean;
  salt?: Uint8Array;
}

/** Per-EVM hook state, stored under {@link HOOK} on the EVM instance. */
export interface HookState {
  observer: EvmObserver;
  /** Set by the wrapped gas handlers when dynamic gas fails (the op is then logged with an error). */
  gasError: { error: string } | undefined;
  /** The interpreter whose last step carried a pre-log error (so its frame error is not a fault). */
  preLogged: InterpreterLike | undefined;
  /** geth's verdict on the op whose gas handler is running, taken before the handler (see gethDynamicGas.ts). */
  geth: GethGasVerdict | undefined;
  /** An op @ethereumjs failed in its gas handler that geth logs and fails inside the instruction, with geth's text. */
  post: { ip: InterpreterLike; error: string; memWords: bigint } | undefined;
}

/** Property under which an EVM carries its {@link HookState}. */
export const HOOK = Symbol('tracerHost');

type AnyFn = (this: InterpreterLike, ...args: never[]) => unknown;
let patched: Promise<void> | undefined;

/** Patches the Interpreter prototype once per process (idempotent). */
export function ensureInterpreterPatched(): Promise<void> {
  patched ??= capturePrototype().then(patchPrototype);
  return patched;
}

async function capturePrototype(): Promise<Record<string, AnyFn>> {
  let proto: Record<string, AnyFn> | undefined;
  const evm = await createEVM({
    customOpcodes: [
      {
        opcode: 0x0c,
        // Stryker disable next-line StringLiteral: the name of a throwaway opcode in a throwaway EVM, never shown.
        opcodeName: 'CAPTURE',
        baseFee: 0,
        logicFunction: (runState: { interpreter: object }) => {
          proto = Object.getPrototypeOf(runState.interpreter) as Record<string, AnyFn>;
        },
      },
    ],
  });
  await evm.runCode({ code: Uint8Array.from([0x0c, 0x00]), gasLimit: 1000n });
  // Stryker disable all: guards against an @ethereumjs upgrade that renames these internals; with the pinned version
  // they never fire, and making them fire would take a different @ethereumjs.
  if (!proto) throw new Error('could not reach the @ethereumjs Interpreter (internal API changed?)');
  for (const name of ['run', '_runStepHook', '_baseCall', 'create', '_selfDestruct']) {
    if (typeof proto[name] !== 'function')
      throw new Error(`@ethereumjs Interpreter has no ${name}() (version changed?)`);
  }
  // Stryker restore all
  return proto;
}

function hookOf(ip: InterpreterLike): HookState | undefined {
  return (ip._evm as unknown as { [HOOK]?: HookState })[HOOK];
}

// Runs once per process (`patched` above): in a mutation run, whose host tests share one module graph, it ran before
// any mutant was active, so an emptied body is never seen there; without it no trace sees a single step.
// Stryker disable next-line BlockStatement: see above
function patchPrototype(proto: Record<string, AnyFn>): void {
  const { run, _runStepHook: stepHook, _baseCall: baseCall, create, _selfDestruct: selfDestruct } = proto;

  // Not async: the interpreter awaits the returned value, and a plain undefined is cheaper than a new promise.
  proto._runStepHook = function (this: InterpreterLike, cost: bigint, gasLeft: bigint, memWords: bigint) {
    const h = hookOf(this);
    if (!h) return stepHook.call(this, ...([cost, gasLeft, memWords] as never[]));
    const step = classifyPreLog(this, h, cost, gasLeft);
    h.observer.onStep(this, step.cost, gasLeft, memWords, step.error);
    return undefined;
  } as AnyFn;

  proto.run = async function (this: InterpreterLike, ...args: never[]) {
    const h = hookOf(this);
    if (!h) return run.apply(this, args);
    h.observer.onFrameStart(this);
    const res = (await run.apply(this, args)) as { exceptionError?: { error: string } };
    const preLogged = h.preLogged === this;
    h.preLogged = undefined;
    const post = h.post?.ip === this ? h.post : undefined;
    if (post) h.post = undefined;
    const error = post && res.exceptionError ? { error: post.error } : res.exceptionError;
    h.observer.onFrameEnd(this, error, preLogged, post?.memWords);
    return res;
  } as AnyFn;

  proto._baseCall = async function (this: InterpreterLike, msg: FailFastMessage) {
    const h = hookOf(this);
    if (h) {
      const err = failFastError(this, msg.value, msg.delegatecall === true);
      if (err) h.observer.onFailFast(this, 'call', msg, err);
    }
    return baseCall.call(this, msg as never);
  } as AnyFn;

  proto.create = async function (this: InterpreterLike, ...args: never[]) {
    const h = hookOf(this);
    if (h) {
      const [gasLimit, value, data, salt] = args as unknown as [bigint, bigint, Uint8Array, Uint8Array?];
      let err = failFastError(this, value, false);
      if (!err && this._env.contract.nonce >= 0xffffffffffffffffn) err = 'nonce uint64 overflow';
      if (err) h.observer.onFailFast(this, 'create', { gasLimit, value, data, salt }, err);
    }
    return create.apply(this, args);
  } as AnyFn;

  proto._selfDestruct = async function (this: InterpreterLike, to: Address) {
    const h = hookOf(this);
    if (h) h.observer.onSelfdestruct(this, to, this._env.contract.balance);
    return selfDestruct.call(this, to as never);
  } as AnyFn;
}

function failFastError(ip: InterpreterLike, value: bigint, delegate: boolean): string | undefined {
  if (ip._env.depth >= Number(ip.common.param('stackLimit'))) return 'max call depth exceeded';
  if (!delegate && ip._env.contract.balance < value) return 'insufficient balance for transfer';
  return undefined;
}

// geth checks the stack, then charges constant and dynamic gas, and only then logs the op: failures of those
// checks reach `step` with getError() set and never `fault`. @ethereumjs checks them later (or in the gas handler),
// so the outcome is predicted here: the stack from a table, the dynamic-gas checks geth words itself by
// gethDynamicGas (taken before the gas handler ran), plain out of gas from the cost. Returns the error and the cost
// geth's log shows.
function classifyPreLog(
  ip: InterpreterLike,
  h: HookState,
  cost: bigint,
  gasLeft: bigint,
): { error: string | undefined; cost: bigint } {
  const rs = ip._runState;
  const info = ip.lookupOpInfo(rs.opCode).opcodeInfo;
  const fee = BigInt(info.fee);
  const verdict = h.geth;
  const gasErr = h.gasError;
  h.geth = undefined;
  h.gasError = undefined;
  let err = info.isInvalid ? undefined : checkStack(rs.opCode, rs.stack._len);
  if (!err && verdict && 'preError' in verdict) {
    err = verdict.preError;
    cost = verdict.cost;
  } else if (!err && verdict && 'post' in verdict && gasErr) {
    h.post = { ip, error: verdict.post, memWords: verdict.memWords };
    cost = verdict.cost;
  } else if (!err) {
    // A static-context violation found by a gas handler that geth checks in the instruction: a `write protection`
    // fault (the frame's error), not a pre-log error.
    // Up to Osaka every static-context failure of a gas handler (SSTORE, LOGn, CREATE*, CALL with value,
    // SELFDESTRUCT) came with a verdict (above): only with EIP-7928 (Amsterdam), where nothing is predicted and
    // geth's gas rules are not modelled, does one get here, so no row can state geth's result for it.
    if (gasErr?.error === 'out of gas') err = 'out of gas';
    else {
      // (In a block of its own: Stryker applies no comment before an `else if`, a next-line one or a range.)
      // Stryker disable next-line ConditionalExpression,StringLiteral: see above
      if (gasErr && gasErr.error !== 'static state change') {
        err = `out of gas: ${gasErr.error}`;
        cost = fee;
      }
    }
    // `!err` matters only for `out of gas: <text>` (cost = fee) with fee > gasLeft: a gas-handler failure other than
    // out of gas without a verdict, which again only Amsterdam (not modelled) has, so no row can state geth's result.
    // `!info.isInvalid` never does: an invalid op's fee (its cost) is 0.
    // Stryker disable next-line ConditionalExpression,LogicalOperator: see above
    if (!err && !info.isInvalid && cost > gasLeft) err = 'out of gas';
    // geth reports only the constant part when the constant charge itself ran out of gas.
    // Stryker disable next-line ConditionalExpression: with gasLeft < fee any other outcome already has cost = fee
    // (a handler's error) or became 'out of gas' above (cost ≥ fee > gasLeft).
    if (err === 'out of gas' && gasLeft < fee) cost = fee;
  }
  h.preLogged = err ? ip : undefined;
  return { error: err, cost };
}

/**
 * Attaches an observer to an EVM: wraps the dynamic gas handlers of its current opcode table (so gas failures are
 * seen) and makes the interpreter call the step hook. Returns the function that detaches it again.
 */
export function attachObserver(evm: EVM, observer: EvmObserver): () => void {
  const e = evm as unknown as {
    [HOOK]?: HookState;
    _opcodeMap: Array<
      { gasHandler?: (...a: unknown[]) => Promise<bigint>; opcodeInfo: { fee: number } } | undefined
    >;
    events: { on(n: string, f: () => void): void; off(n: string, f: () => void): void };
    common: InterpreterLike['common'];
    allowUnlimitedInitCodeSize?: boolean;
  };
  const state: HookState = {
    observer,
    gasError: undefined,
    preLogged: undefined,
    geth: undefined,
    post: undefined,
  };
  const original = e._opcodeMap;
  // @ethereumjs fills all 256 entries (unassigned ones with INVALID's) and calls a gas handler only for an op with
  // dynamic gas, so the `?.` and the handler-less check below are guards, not behaviour.
  // Stryker disable next-line OptionalChaining: see above.
  const fees = original.map((entry) => BigInt(entry?.opcodeInfo.fee ?? 0));
  const rules = gethGasRules(e.common, e.allowUnlimitedInitCodeSize === true);
  e._opcodeMap = original.map((entry, i) => {
    // Stryker disable next-line OptionalChaining,ConditionalExpression: see above.
    if (!entry?.gasHandler) return entry;
    const handler = entry.gasHandler;
    return {
      ...entry,
      gasHandler: async (...a: unknown[]) => {
        const verdict = gethDynamicGas(
          (a[0] as { interpreter: InterpreterLike }).interpreter,
          fees[i],
          rules,
        );
        state.geth = verdict instanceof Promise ? await verdict : verdict;
        try {
          return await handler(...a);
        } catch (err) {
          // Stryker disable next-line ConditionalExpression,LogicalOperator: @ethereumjs rethrows an error without
          // errorType (a bug, not an EVM failure) without calling the step hook, and the trace ends with it, so
          // gasError is never read after one; the check keeps the state honest.
          if (err && typeof err === 'object' && 'errorType' in err)
            state.gasError = err as unknown as { error: string };
          throw err;
        }
      },
    };
  });
  e[HOOK] = state;
  const noop = () => {};
  // The interpreter only calls its step hook when a `step` listener exists; the patched hook never emits it.
  e.events.on('step', noop);
  return () => {
    e.events.off('step', noop);
    e._opcodeMap = original;
    delete e[HOOK];
  };
}
