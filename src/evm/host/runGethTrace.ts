import { getActivePrecompiles, type EVM } from '@ethereumjs/evm';
import { runTx, type RunTxResult } from '@ethereumjs/vm';
import { type Address, bigIntToBytes, generateAddress, generateAddress2 } from '@ethereumjs/util';
import {
  attachObserver,
  ensureInterpreterPatched,
  type EvmObserver,
  type FailFastMessage,
  type InterpreterLike,
} from './installInterpreterHooks.ts';
import { gethErrorText, gethPrecheckText, gethPrecompileErrorText } from './gethErrors.ts';
import type { TraceRun } from './traceTypes.ts';
import { TracerError } from './traceTypes.ts';

/** The state of the op being logged: one object, reused for every step (geth reuses its `log` the same way). */
export interface StepView {
  ip: InterpreterLike | undefined;
  pc: number;
  op: number;
  gas: number;
  cost: number;
  depth: number;
  refund: number;
  error: string | undefined;
  /** Memory size in bytes as the tracer sees it (pre-expansion in step, post-expansion in fault). */
  memLen: number;
}

/** A fresh, zeroed {@link StepView}: one per traced transaction, then reused for every step. */
export function createStepView(): StepView {
  return { ip: undefined, pc: 0, op: 0, gas: 0, cost: 0, depth: 0, refund: 0, error: undefined, memLen: 0 };
}

/** What OnTxStart hands to a tracer. */
export interface TxStartInfo {
  blockNumber: bigint;
  gasLimit: bigint;
  /** geth's `tx.EffectiveGasTip(baseFee)`. */
  tip: bigint;
  coinbase: Uint8Array;
  /** Active precompiles at the block: lowercase hex without 0x. */
  precompiles: Set<string>;
}

/** geth's tracing hooks (core/tracing) as the host calls them. */
export interface GethTraceHooks {
  onTxStart(info: TxStartInfo): void;
  onOpcode(s: StepView): void;
  onFault(s: StepView): void;
  onEnter(
    depth: number,
    type: string,
    from: Uint8Array,
    to: Uint8Array,
    input: Uint8Array,
    gas: bigint,
    value: bigint | undefined,
  ): void;
  onExit(
    depth: number,
    output: Uint8Array,
    gasUsed: bigint,
    error: string | undefined,
    reverted: boolean,
  ): void;
  onTxEnd(gasUsed: bigint): void;
  /** The StepView the driver fills (shared to save a copy per step); the driver makes its own if absent. */
  view?: StepView;
  /** Polled at every op: true stops the EVM (the tracer failed or timed out). */
  shouldStop(): boolean;
}

const callTypes: Record<number, string> = {
  0xf0: 'CREATE',
  0xf1: 'CALL',
  0xf2: 'CALLCODE',
  0xf4: 'DELEGATECALL',
  0xf5: 'CREATE2',
  0xfa: 'STATICCALL',
};

const storageOutOfGas = 'contract creation code storage out of gas';

/** geth's errors of a code deposit (initNewContract after the init code returned). */
const depositErrors = new Set<string | undefined>([
  storageOutOfGas,
  'max code size exceeded',
  'invalid code: must not begin with 0xef',
]);

/** Thrown into the EVM to stop it once the tracer has failed. */
class StopTrace extends Error {}

interface MessageLike {
  depth: number;
  to?: Address;
  codeAddress?: Address;
  caller: Address;
  value: bigint;
  data?: Uint8Array;
  gasLimit: bigint;
  salt?: Uint8Array;
}

interface AfterMessage {
  execResult: { exceptionError?: { error: string }; returnValue: Uint8Array; executionGasUsed: bigint };
}

/**
 * Runs one transaction on `run.vm` and reports it through geth's hooks in geth's order. Resolves with the runTx
 * result, or undefined when the tracer stopped the run. Rejects with `tracing failed: …` for pre-execution failures.
 */
export async function runGethTrace(run: TraceRun, hooks: GethTraceHooks): Promise<RunTxResult | undefined> {
  await ensureInterpreterPatched();
  const { vm, tx, block } = run;
  // The block's fork rules the run (Common.setHardfork does nothing when it is already the VM's fork); runTx's
  // hardfork validation then brings the tx's own copy of Common to that fork too (its intrinsic gas).
  vm.common.setHardfork(block.common.hardfork());
  const sender = tx.getSenderAddress();
  hooks.onTxStart({
    blockNumber: block.header.number,
    gasLimit: tx.gasLimit,
    tip: effectiveTip(tx, block.header.baseFeePerGas),
    // The consumers read it during the hook, never write to it.
    coinbase: block.header.coinbase.bytes,
    precompiles: new Set(getActivePrecompiles(vm.common).keys()),
  });
  const sm = vm.stateManager as unknown as { getNonceSync?: (a: Address) => bigint };
  const precompiles = new Set(getActivePrecompiles(vm.common).keys());
  const driver = createDriver(
    hooks,
    (a) => (sm.getNonceSync ? sm.getNonceSync(a) : tx.nonce + 1n),
    (a) => precompiles.has(a.toString().slice(2)),
    (name) => vm.common.param(name),
    vm.common.gteHardfork('homestead'),
  );
  const detach = attachObserver(vm.evm as EVM, driver.observer);
  const events = vm.evm.events as unknown as {
    on(n: string, f: (d: never) => void): void;
    off(n: string, f: (d: never) => void): void;
  };
  events.on('beforeMessage', driver.beforeMessage);
  events.on('afterMessage', driver.afterMessage);
  try {
    const skip = run.call === true;
    const res = await runTx(vm, {
      tx,
      block,
      skipBalance: skip,
      skipNonce: skip,
      skipBlockGasLimitValidation: skip,
    });
    if (hooks.shouldStop()) return undefined;
    hooks.onTxEnd(res.totalGasSpent);
    return res;
  } catch (e) {
    if (e instanceof StopTrace) return undefined;
    const message = e instanceof Error ? e.message : String(e);
    if (!driver.started())
      throw new TracerError(`tracing failed: ${gethPrecheckText(message, sender.toString())}`);
    throw new TracerError(message);
  } finally {
    events.off('beforeMessage', driver.beforeMessage);
    events.off('afterMessage', driver.afterMessage);
    detach();
  }
}

// geth's tx.EffectiveGasTip: min(GasTipCap, GasFeeCap − baseFee); both caps of a legacy tx are its gas price.
function effectiveTip(tx: TraceRun['tx'], baseFee: bigint | undefined): bigint {
  const t = tx as unknown as { maxPriorityFeePerGas?: bigint; maxFeePerGas?: bigint; gasPrice: bigint };
  const tipCap = t.maxPriorityFeePerGas ?? t.gasPrice;
  const feeCap = (t.maxFeePerGas ?? t.gasPrice) - (baseFee ?? 0n);
  // Stryker disable next-line EqualityOperator: when the caps are equal both branches give the same number.
  return tipCap < feeCap ? tipCap : feeCap;
}

/** What the driver keeps across one transaction's messages and frames. */
interface Driver {
  hooks: GethTraceHooks;
  readNonce: (a: Address) => bigint;
  isPrecompile: (a: Address) => boolean;
  commonParam: (name: string) => bigint;
  homestead: boolean;
  sv: StepView;
  frames: InterpreterLike[];
  messages: Array<{ msg: MessageLike; isCreate: boolean }>;
  started: boolean;
  preErrorText: string | undefined;
  frameError: string | undefined;
  /** The code of the frame about to exit ran without error: a failure now is its code deposit. */
  codeRanOk: boolean;
  /** What the frame about to exit returned (@ethereumjs drops it from a Frontier code-deposit failure's result). */
  returned: Uint8Array;
}

function createDriver(
  hooks: GethTraceHooks,
  readNonce: (a: Address) => bigint,
  isPrecompile: (a: Address) => boolean,
  commonParam: (name: string) => bigint,
  homestead: boolean,
) {
  const d: Driver = {
    hooks,
    readNonce,
    isPrecompile,
    commonParam,
    homestead,
    sv: hooks.view ?? createStepView(),
    frames: [],
    // Stryker disable next-line ArrayDeclaration: afterMessage pops only what its beforeMessage pushed, never the bottom
    messages: [],
    started: false,
    preErrorText: undefined,
    frameError: undefined,
    // Stryker disable next-line BooleanLiteral: every message's beforeMessage sets it before afterMessage reads it
    codeRanOk: false,
    returned: new Uint8Array(0),
  };

  const observer: EvmObserver = {
    onStep(ip, cost, gasLeft, memWords, preError) {
      onStep(d, ip, cost, gasLeft, memWords, preError);
    },
    onFrameStart(ip) {
      d.frames.push(ip);
    },
    onFrameEnd(ip, error, preLogged, faultMemWords) {
      onFrameEnd(d, ip, error, preLogged, faultMemWords);
    },
    onFailFast(ip, kind, msg, error) {
      onFailFast(d, ip, kind, msg, error);
    },
    onSelfdestruct(ip, beneficiary, value) {
      onSelfdestruct(d, ip, beneficiary, value);
    },
  };
  const beforeMessage = (msg: MessageLike) => onBeforeMessage(d, msg);
  const afterMessage = (result: AfterMessage) => onAfterMessage(d, result);

  return { observer, beforeMessage, afterMessage, started: () => d.started };
}

function stopIfFailed(d: Driver): void {
  if (d.hooks.shouldStop()) throw new StopTrace();
}

function onStep(
  d: Driver,
  ...[ip, cost, gasLeft, memWords, preError]: Parameters<EvmObserver['onStep']>
): void {
  const { sv, hooks } = d;
  stopIfFailed(d);
  const rs = ip._runState;
  sv.ip = ip;
  sv.pc = rs.programCounter;
  sv.op = rs.opCode;
  sv.gas = Number(gasLeft);
  // The cost geth's log shows (the host already reduced it to geth's for ops failing before the log).
  let total = cost;
  // @ethereumjs keeps the gas forwarded by CALL* apart (messageGasLimit, without the stipend); geth's cost has it.
  // A CALL* logged without a pre-log error got through its gas handler, which set messageGasLimit.
  if (isCallOp(rs.opCode) && !preError) total += rs.messageGasLimit as bigint;
  sv.cost = Number(total);
  sv.depth = ip._env.depth + 1;
  sv.refund = Number(rs.gasRefund);
  sv.error = preError;
  sv.memLen = Number(memWords) * 32;
  d.preErrorText = preError;
  hooks.onOpcode(sv);
  stopIfFailed(d);
}

function onFrameEnd(
  d: Driver,
  ...[ip, error, preLogged, faultMemWords]: Parameters<EvmObserver['onFrameEnd']>
): void {
  const { sv, hooks } = d;
  d.frames.pop();
  d.frameError = undefined;
  d.codeRanOk = !error;
  d.returned = ip._result.returnValue ?? new Uint8Array(0);
  if (!error) return;
  if (preLogged) {
    d.frameError = d.preErrorText ?? gethErrorText(error, ip._runState.opCode);
    return;
  }
  d.frameError = gethErrorText(error, ip._runState.opCode);
  // Stryker disable next-line ConditionalExpression: the op's step polled last and no hook ran since; only a deadline passing in between differs, like a later deadline
  if (hooks.shouldStop()) return;
  // Stryker disable next-line ConditionalExpression: an error its step did not log comes from the op that step logged in this frame (a CALL or CREATE never fails after its child ran), so sv.ip is ip
  if (sv.ip !== ip) sv.ip = undefined;
  sv.error = d.frameError;
  sv.memLen = Number(faultMemWords ?? ip._runState.memoryWordCount) * 32;
  hooks.onFault(sv);
}

function onFailFast(d: Driver, ...[ip, kind, msg, error]: Parameters<EvmObserver['onFailFast']>): void {
  const { hooks } = d;
  // Stryker disable next-line ConditionalExpression: the op's step polled last and no hook ran since; only a deadline passing in between differs, like a later deadline
  if (hooks.shouldStop()) return;
  const depth = ip._env.depth + 1;
  // Only CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE and CREATE2 reach _baseCall and create.
  const type = callTypes[ip._runState.opCode];
  const { from, to } = kind === 'create' ? createEnds(ip, msg) : callEnds(type, msg);
  hooks.onEnter(
    depth,
    type,
    from,
    to,
    // A copy: the input is a view of the caller's memory (@ethereumjs reads it without copying), which the
    // caller may write to before a tracer reads the frame again.
    (msg.data ?? new Uint8Array(0)).slice(),
    msg.gasLimit,
    valueOf(type, msg.value),
  );
  if (!hooks.shouldStop()) hooks.onExit(depth, new Uint8Array(0), 0n, error, true);
}

function onSelfdestruct(
  d: Driver,
  ...[ip, beneficiary, value]: Parameters<EvmObserver['onSelfdestruct']>
): void {
  const { hooks } = d;
  // Stryker disable next-line ConditionalExpression: the op's step polled last and no hook ran since; only a deadline passing in between differs, like a later deadline
  if (hooks.shouldStop()) return;
  const depth = ip._env.depth + 1;
  // Stryker disable next-line MethodExpression: a copy for hook consumers; the realm reads it, never writes it.
  const from = ip._env.address.bytes.slice();
  // Stryker disable next-line MethodExpression: a fresh Address of the popped stack value, never written to.
  hooks.onEnter(depth, 'SELFDESTRUCT', from, beneficiary.bytes.slice(), new Uint8Array(0), 0n, value);
  if (!hooks.shouldStop()) hooks.onExit(depth, new Uint8Array(0), 0n, undefined, false);
}

function onBeforeMessage(d: Driver, msg: MessageLike): void {
  const { hooks } = d;
  d.messages.push({ msg, isCreate: !msg.to });
  // Stryker disable next-line BooleanLiteral: a create message ends without running its init code only on an address collision, whose error is no deposit error and not `out of gas`
  d.codeRanOk = false;
  d.returned = new Uint8Array(0);
  // The first message is the transaction's (depth 0).
  d.started = true;
  if (hooks.shouldStop()) return;
  // Only the transaction's message (depth 0) starts with no interpreter running.
  const parent = d.frames[d.frames.length - 1] as InterpreterLike | undefined;
  const type = parent
    ? // A child message comes from the op running in its parent: a CALL or CREATE kind.
      callTypes[parent._runState.opCode]
    : msg.to
      ? 'CALL'
      : 'CREATE';
  let from: Uint8Array;
  let to: Uint8Array;
  if (type === 'CREATE' || type === 'CREATE2') {
    // Stryker disable next-line MethodExpression: a copy for hook consumers; the realm reads it, never writes it.
    from = msg.caller.bytes.slice();
    to = msg.salt
      ? generateAddress2(from, msg.salt, msg.data ?? new Uint8Array(0))
      : generateAddress(from, bigIntToBytes(creatorNonce(d, parent, msg) - 1n));
  } else ({ from, to } = callEnds(type, msg));
  hooks.onEnter(
    msg.depth,
    type,
    from,
    to,
    // A copy: see onFailFast.
    (msg.data ?? new Uint8Array(0)).slice(),
    msg.gasLimit,
    valueOf(type, msg.value),
  );
}

function onAfterMessage(d: Driver, result: AfterMessage): void {
  const { hooks } = d;
  // @ethereumjs's runCall emits afterMessage only after its beforeMessage (an exception skips both ends).
  const { msg, isCreate } = d.messages.pop() as { msg: MessageLike; isCreate: boolean };
  const error = result.execResult.exceptionError;
  const code = msg.codeAddress ?? msg.to;
  if (error && code && d.isPrecompile(code)) {
    // A precompile runs no interpreter (no frameError, codeRanOk still false from beforeMessage); geth returns no
    // output with its error.
    d.frameError = undefined;
    if (hooks.shouldStop()) return;
    const call = {
      address: (code.bytes[18] << 8) | code.bytes[19],
      input: msg.data ?? new Uint8Array(0),
      gas: msg.gasLimit,
      param: d.commonParam,
    };
    const text = gethPrecompileErrorText(call, error);
    hooks.onExit(msg.depth, new Uint8Array(0), result.execResult.executionGasUsed, text, true);
    return;
  }
  let text = error ? (d.frameError ?? gethErrorText(error)) : undefined;
  // @ethereumjs reports a failed code deposit after Homestead as plain `out of gas`; geth names it.
  if (text === 'out of gas' && d.codeRanOk && isCreate) text = storageOutOfGas;
  // geth's create() hands the tracer the returned code together with a code-deposit error (the init code ran
  // fine); @ethereumjs drops it from the result. Before Homestead the storage out-of-gas is not even reverted.
  // Only a create whose init code ran fine fails with these texts (its deposit).
  const depositFailed = depositErrors.has(text);
  d.frameError = undefined;
  if (hooks.shouldStop()) return;
  // @ethereumjs leaves returnValue empty for an error other than REVERT; RETURN and the precompiles return copies,
  // never written to afterwards.
  const output = depositFailed ? d.returned : result.execResult.returnValue;
  // geth's captureEnd: an error reverts the frame, except a code-storage out of gas before Homestead.
  const reverted = error !== undefined && (d.homestead || text !== storageOutOfGas);
  hooks.onExit(msg.depth, output, result.execResult.executionGasUsed, text, reverted);
}

function creatorNonce(d: Driver, parent: InterpreterLike | undefined, msg: MessageLike): bigint {
  // The creator's nonce was already incremented (by runTx at depth 0, by Interpreter.create below).
  // Only the top message (depth 0) starts with no interpreter running.
  return parent ? parent._env.contract.nonce : d.readNonce(msg.caller);
}

function callEnds(type: string, msg: FailFastMessage | MessageLike): { from: Uint8Array; to: Uint8Array } {
  // A call's message is an @ethereumjs Message: caller defaults to the zero address, the call op sets `to`, and
  // codeAddress falls back to `to` (only CALLCODE and DELEGATECALL run another account's code). Their bytes are
  // never written to.
  const { caller, to, codeAddress } = msg as { caller: Address; to: Address; codeAddress: Address };
  return { from: type === 'DELEGATECALL' ? to.bytes : caller.bytes, to: codeAddress.bytes };
}

function createEnds(ip: InterpreterLike, msg: FailFastMessage): { from: Uint8Array; to: Uint8Array } {
  // Stryker disable next-line MethodExpression: a copy for hook consumers; the realm reads it, never writes it.
  const from = ip._env.address.bytes.slice();
  const to = msg.salt
    ? generateAddress2(from, msg.salt, msg.data ?? new Uint8Array(0))
    : generateAddress(from, bigIntToBytes(ip._env.contract.nonce));
  return { from, to: Uint8Array.from(to) };
}

function isCallOp(op: number): boolean {
  return op === 0xf1 || op === 0xf2 || op === 0xf4 || op === 0xfa;
}

function valueOf(type: string, value: bigint | undefined): bigint | undefined {
  return type === 'STATICCALL' ? undefined : (value ?? 0n);
}
