import { Address } from '@ethereumjs/util';
import type { InterpreterLike } from './installInterpreterHooks.ts';

// What geth's interpreter loop ((*EVM).Run, core/vm/interpreter.go) finds between its constant-gas charge and
// logging an op, for the ops whose dynamic-gas functions fail with a text of their own (core/vm/gas_table.go,
// operations_acl.go, memory_table.go, common.go at the reference's HEAD), and what geth reports for ops that
// @ethereumjs fails in its gas handler although geth logs them and fails inside the instruction
// (core/vm/instructions.go opReturnDataCopy, makeLog). Forks up to Osaka; with EIP-7928 active nothing is predicted.

/** geth's verdict on one op before it is logged. */
export type GethGasVerdict =
  /** The op reaches `step` with this error (and never `fault`); `cost` = what geth's log shows. */
  | { preError: string; cost: bigint }
  /** geth logs the op (cost = constant + dynamic gas), then the instruction fails with `error` (a `fault`). */
  | { post: string; cost: bigint; memWords: bigint };

/** The fork's rules and parameters the checks need, read once per traced transaction. */
export interface GethGasRules {
  skip: boolean;
  eip2929: boolean;
  eip7702: boolean;
  istanbul: boolean;
  tangerineWhistle: boolean;
  spuriousDragon: boolean;
  /** EIP-3860's limit, or undefined when init code is not limited. */
  maxInitCodeSize: bigint | undefined;
  sentry: bigint;
  copyGas: bigint;
  logTopicGas: bigint;
  logDataGas: bigint;
  valueTransfer: bigint;
  newAccount: bigint;
}

/** Reads {@link GethGasRules} from an interpreter's fork. */
export function gethGasRules(
  common: InterpreterLike['common'],
  allowUnlimitedInitCodeSize: boolean,
): GethGasRules {
  const eip3860 = common.isActivatedEIP(3860) && !allowUnlimitedInitCodeSize;
  const istanbul = common.gteHardfork('istanbul');
  // A parameter the fork does not define yet is never used (@ethereumjs throws on reading it).
  const param = (name: string, used = true) => (used ? common.param(name) : 0n);
  return {
    skip: common.isActivatedEIP(7928),
    eip2929: common.isActivatedEIP(2929),
    eip7702: common.isActivatedEIP(7702),
    istanbul,
    tangerineWhistle: common.gteHardfork('tangerineWhistle'),
    spuriousDragon: common.gteHardfork('spuriousDragon'),
    maxInitCodeSize: eip3860 ? param('maxInitCodeSize') : undefined,
    sentry: param('sstoreSentryEIP2200Gas', istanbul),
    copyGas: param('copyGas'),
    logTopicGas: param('logTopicGas'),
    logDataGas: param('logDataGas'),
    valueTransfer: param('callValueTransferGas'),
    newAccount: param('callNewAccountGas'),
  };
}

const u64max = (1n << 64n) - 1n;
/** memoryGasCost's limit: the largest memory size whose gas fits in a uint64 (gas_table.go). */
const maxMemorySize = 0x1fffffffe0n;
const coldAccountExtra = 2500n; // ColdAccountAccessCostEIP2929 - WarmStorageReadCostEIP2929
const coldAccount = 2600n;
const warmRead = 100n;

const CALL = 0xf1;
const CALLCODE = 0xf2;
const DELEGATECALL = 0xf4;
const STATICCALL = 0xfa;
const isCallOp = (op: number) => op === CALL || op === CALLCODE || op === DELEGATECALL || op === STATICCALL;
/** BALANCE, EXTCODESIZE, EXTCODECOPY, EXTCODEHASH, CALL*: from Berlin on geth charges their warm access (100) as
 * constant gas (enable2929, core/vm/eips.go), @ethereumjs all of their access gas dynamically. */
const warmConstant = new Set([0x31, 0x3b, 0x3c, 0x3f, CALL, CALLCODE, DELEGATECALL, STATICCALL]);

/** 1: memory-only checks (MLOAD, MSTORE, MSTORE8: fast path for small offsets); 2: other ops with geth checks. */
const checked = new Uint8Array(256);
for (const op of [0x51, 0x52, 0x53]) checked[op] = 1;
for (const op of [0x20, 0x31, 0x37, 0x39, 0x3b, 0x3c, 0x3e, 0x3f, 0x55, 0x5e]) checked[op] = 2;
for (const op of [0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xfa, 0xfd, 0xff])
  checked[op] = 2;

/**
 * calcMemSize64 without its overflow flag: offset + length, 0 for a zero length (whatever the offset). An offset or
 * end beyond a uint64 is also beyond (*EVM).Run's word-rounding limit, which geth reports the same way.
 */
function memSize(offset: bigint, length: bigint): bigint {
  return length === 0n ? 0n : offset + length;
}

// Stryker disable next-line EqualityOperator: `>=` differs only when a === b, where both answers are equal.
const max = (a: bigint, b: bigint) => (a > b ? a : b);
// Stryker disable next-line EqualityOperator: `<=` differs only when a === b, where both answers are equal.
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** memory_table.go: the memory an op needs (undefined: it has no memory function). */
function memoryOf(op: number, back: (i: number) => bigint): bigint | undefined {
  switch (op) {
    case 0x20: // KECCAK256
    case 0xf3: // RETURN
    case 0xfd: // REVERT
      return memSize(back(0), back(1));
    case 0x37: // CALLDATACOPY
    case 0x39: // CODECOPY
    case 0x3e: // RETURNDATACOPY
      return memSize(back(0), back(2));
    case 0x3c: // EXTCODECOPY
      return memSize(back(1), back(3));
    case 0x51: // MLOAD
    case 0x52: // MSTORE
      return memSize(back(0), 32n);
    case 0x53: // MSTORE8
      return memSize(back(0), 1n);
    case 0x5e: // MCOPY
      return memSize(max(back(0), back(1)), back(2));
    case 0xf0: // CREATE
    case 0xf5: // CREATE2
      return memSize(back(1), back(2));
    case CALL:
    case CALLCODE:
      return max(memSize(back(5), back(6)), memSize(back(3), back(4)));
    case DELEGATECALL:
    case STATICCALL:
      return max(memSize(back(4), back(5)), memSize(back(2), back(3)));
  }
  if (op >= 0xa0 && op <= 0xa4) return memSize(back(0), back(1)); // LOG0-4
  return undefined;
}

const memoryFee = (words: bigint) => words * 3n + (words * words) / 512n;
const words = (size: bigint) => (size + 31n) / 32n;

/** The checks' view of one op: its stack, the gas geth has left after the constant charge, its memory. */
interface OpView {
  ip: InterpreterLike;
  op: number;
  back: (i: number) => bigint;
  rules: GethGasRules;
  constant: bigint;
  avail: bigint;
  /** The memory size the op grows to, in bytes (words × 32). */
  newSize: bigint;
}

/** memoryGasCost: the gas of growing the memory to the op's size, or null when that size is beyond its formula. */
function memoryGas(v: OpView): bigint | null {
  if (v.newSize > maxMemorySize) return null;
  const w = v.newSize / 32n;
  const cur = v.ip._runState.memoryWordCount;
  // Stryker disable next-line EqualityOperator: with w === cur both answers are 0.
  return w > cur ? memoryFee(w) - memoryFee(cur) : 0n;
}

const grownWords = (v: OpView) => {
  const w = v.newSize / 32n;
  return max(w, v.ip._runState.memoryWordCount);
};

const wrapped = (v: OpView, reason: string): GethGasVerdict => ({
  preError: `out of gas: ${reason}`,
  cost: v.constant,
});

/**
 * geth's verdict for the op `ip` is about to run, computed before @ethereumjs's gas handler runs (it warms addresses
 * and grows memory). `fee` is @ethereumjs's constant gas of the op; undefined when geth logs the op as @ethereumjs
 * does (or when the stack check fails first, which the caller handles). A promise only for a CALL* whose checks must
 * read the state.
 */
export function gethDynamicGas(
  ip: InterpreterLike,
  fee: bigint,
  rules: GethGasRules,
): GethGasVerdict | Promise<GethGasVerdict | undefined> | undefined {
  const rs = ip._runState;
  const op = rs.opCode;
  const kind = checked[op];
  // Stryker disable next-line ConditionalExpression: a short-cut; an op without checks gets the verdict the caller
  // reaches itself (plain out of gas with the constant cost when even that is short, else nothing).
  if (kind === 0 || rules.skip) return undefined;
  const store = rs.stack._store;
  const len = rs.stack._len;
  // The hot path: MLOAD/MSTORE/MSTORE8 below 2^36 can neither overflow nor exceed memoryGasCost's formula.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: a short-cut (see above).
  if (kind === 1 && len > 0 && store[len - 1] < 0x1000000000n) return undefined;
  const back = (i: number): bigint => store[len - 1 - i] ?? 0n;
  const isLog = op >= 0xa0 && op <= 0xa4;
  // geth's constant gas where @ethereumjs splits it otherwise: the warm access (100) from Berlin on (dynamic in
  // @ethereumjs); LOGn's 375 (all dynamic in geth).
  const constant = rules.eip2929 && warmConstant.has(op) ? warmRead : isLog ? 0n : fee;
  const gasLeft = rs.gasLeft;
  if (gasLeft < constant) return { preError: 'out of gas', cost: constant };

  // (*EVM).Run: the memory size is computed (and must fit in a uint64, rounded up to words) before the gas function.
  const memory = memoryOf(op, back);
  // Stryker disable next-line ConditionalExpression: `undefined > n` is false too; the check is for the types.
  if (memory !== undefined && memory > u64max - 31n) {
    return { preError: 'gas uint64 overflow', cost: constant };
  }
  const newSize = memory === undefined ? 0n : words(memory) * 32n;
  const v: OpView = { ip, op, back, rules, constant, avail: gasLeft - constant, newSize };
  const isStatic = ip._env.isStatic;

  switch (op) {
    case 0x55: // SSTORE: gasSStore / gasSStoreEIP2200 / makeGasSStoreFunc
      if (isStatic) return wrapped(v, 'write protection');
      if (rules.istanbul && v.avail <= rules.sentry)
        return wrapped(v, 'not enough gas for reentrancy sentry');
      return undefined;
    case 0xf0: // CREATE, CREATE2: gasCreate(2)(Eip3860)
    case 0xf5: {
      if (isStatic) return wrapped(v, 'write protection');
      if (memoryGas(v) === null) return wrapped(v, 'gas uint64 overflow');
      const size = back(2);
      const limit = rules.maxInitCodeSize;
      // Stryker disable next-line ConditionalExpression: `size > undefined` is false too; the check is for the types.
      if (limit !== undefined && size > limit) {
        return wrapped(v, `max initcode size exceeded: code size ${size} limit ${limit}`);
      }
      return undefined;
    }
    case 0xff: // SELFDESTRUCT: gasSelfdestruct / makeSelfdestructGasFn
      if (isStatic) return wrapped(v, 'write protection');
      if (rules.eip2929 && !isWarm(ip, back(0)) && v.avail < coldAccount) return wrapped(v, 'out of gas');
      return undefined;
    case 0x3e: {
      // RETURNDATACOPY: memoryCopierGas, then opReturnDataCopy's bound (@ethereumjs: `out of gas` in the gas handler).
      const mem = memoryGas(v);
      if (mem === null) return wrapped(v, 'gas uint64 overflow');
      // The length fits a uint64 here (the memory size did), so geth's uint256 end cannot wrap around; an end within
      // the return data also fits a uint64. In bounds, @ethereumjs's handler does not fail, so what follows would
      // change nothing (a post verdict is used only on its failure, and the cost below is its own): a short-cut.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: see above; the rows out of bounds kill 'true' and '>'.
      if (back(1) + back(2) <= ip.getReturnDataSize()) return undefined;
      const cost = constant + mem + words(back(2)) * rules.copyGas;
      if (cost > gasLeft) return { preError: 'out of gas', cost };
      return { post: 'return data out of bounds', cost, memWords: grownWords(v) };
    }
  }
  if (isCallOp(op)) return callGas(v);
  const mem = memoryGas(v);
  if (mem === null) return wrapped(v, 'gas uint64 overflow');
  if (!isLog) return undefined;
  // makeGasLog has no write check: geth logs the op and makeLog fails (@ethereumjs traps in its gas handler).
  const cost = fee + mem + BigInt(op - 0xa0) * rules.logTopicGas + back(1) * rules.logDataGas;
  if (cost > gasLeft) return { preError: 'out of gas', cost };
  return isStatic ? { post: 'write protection', cost, memWords: grownWords(v) } : undefined;
}

// The CALL family: makeCallVariantGasCallEIP2929 (Berlin–Cancun; gasCall & co. before) or gasCallEIP7702 /
// makeCallVariantGasCallEIP7702 (Prague, Osaka), around gasCallIntrinsic & co. An ErrOutOfGas returned by the gas
// function reads `out of gas: out of gas`; a total the final charge in Run cannot pay is a plain `out of gas`.
function callGas(v: OpView): GethGasVerdict | Promise<GethGasVerdict | undefined> | undefined {
  const { ip, op, back, rules, avail } = v;
  const value = op === CALL || op === CALLCODE ? back(2) : 0n;
  const writes = op === CALL && value !== 0n && ip._env.isStatic;
  if (writes && rules.eip7702) return wrapped(v, 'write protection');
  let left = avail;
  if (rules.eip2929 && !isWarm(ip, back(1))) {
    if (left < coldAccountExtra) return wrapped(v, 'out of gas');
    left -= coldAccountExtra;
  }
  if (writes) return wrapped(v, 'write protection');
  const mem = memoryGas(v);
  if (mem === null) return wrapped(v, 'gas uint64 overflow');
  const intrinsic = mem + (value !== 0n ? rules.valueTransfer : 0n);
  if (op === CALL && left < intrinsic) return wrapped(v, 'out of gas');
  // gasCallIntrinsic's new-account charge (CALL only) and, from Prague on, the delegation's access: read the state
  // only when they could decide the outcome.
  // Before EIP-150 the gas passed on is not capped, so the new-account charge always counts; from it on, the
  // 63/64 cap keeps the total within what is left once that charge fits.
  const mayCreate =
    op === CALL &&
    (value !== 0n || !rules.spuriousDragon) &&
    // Stryker disable next-line ConditionalExpression: reading the state from EIP-150 on changes nothing either.
    (!rules.tangerineWhistle ||
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a short-cut (reading the state anyway
      // gives the same verdict, see above).
      left < intrinsic + rules.newAccount);
  // Before Prague the code is never looked at, and a delegated account has code (never empty, never created): the
  // read matters only when the delegate's access could be short of gas.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator: a short-cut.
  const mayDelegate = rules.eip7702 && left < intrinsic + rules.newAccount + coldAccount;
  // Stryker disable next-line ConditionalExpression: a short-cut (the async path gives the same verdict).
  if (!mayCreate && !mayDelegate) return afterIntrinsic(v, left, intrinsic, false, undefined);
  return (async () => {
    const creates = mayCreate && (await createsAccount(ip, back(1), rules));
    const code = mayDelegate ? await ip._runState.stateManager.getCode(addressOf(back(1))) : undefined;
    return afterIntrinsic(v, left, intrinsic, creates, code);
  })();
}

function afterIntrinsic(
  v: OpView,
  left: bigint,
  intrinsicGas: bigint,
  createsAccount: boolean,
  code: Uint8Array | undefined,
): GethGasVerdict | undefined {
  const { ip, back, rules, avail, constant } = v;
  const intrinsic = intrinsicGas + (createsAccount ? rules.newAccount : 0n);
  if (!rules.eip7702) {
    // makeCallVariantGasCost: callGas (gas.go) on the gas left, which wraps around below zero as a uint64; the
    // total (cold access, intrinsic gas, gas passed on) is charged by Run: short of it is a plain out of gas.
    // Before EIP-150 a request beyond a uint64 is callGas's ErrGasUintOverflow, which the total's check below
    // words the same way (the total is then beyond a uint64 too).
    const requested = back(0);
    let passed = requested;
    if (rules.tangerineWhistle) {
      const available = (left - intrinsic) & u64max;
      passed = min(available - available / 64n, requested);
    }
    const total = avail - left + intrinsic + passed;
    if (total > u64max) return wrapped(v, 'gas uint64 overflow');
    // Run's `cost` (constant + dynamic) is a uint64 and wraps around.
    return total > avail ? { preError: 'out of gas', cost: (constant + total) & u64max } : undefined;
  }
  if (left < intrinsic) return wrapped(v, 'out of gas');
  // ParseDelegation wants exactly 23 bytes. Other code starting with 0xef0100 is a delegation to @ethereumjs too, so
  // the length check shows only against that deviation (the `it.fails` row in gethDynamicGasCalls.test.ts).
  // Stryker disable next-line ConditionalExpression: see above
  const exact = code?.length === 23;
  if (exact && code[0] === 0xef && code[1] === 0x01 && code[2] === 0x00) {
    const cost = ip.journal.isWarmedAddress(code.subarray(3)) ? warmRead : coldAccount;
    if (left - intrinsic < cost) return wrapped(v, 'out of gas');
  }
  return undefined;
}

function addressOf(word: bigint): Address {
  const bytes = new Uint8Array(20);
  let w = word;
  for (let i = 19; i >= 0; i--) {
    bytes[i] = Number(w & 0xffn);
    w >>= 8n;
  }
  return new Address(bytes);
}

function isWarm(ip: InterpreterLike, word: bigint): boolean {
  return ip.journal.isWarmedAddress(addressOf(word).bytes);
}

/** gasCallIntrinsic's new-account charge: a value transfer to an empty account (EIP-158), or a missing account. */
async function createsAccount(ip: InterpreterLike, word: bigint, rules: GethGasRules): Promise<boolean> {
  // Called only for a value transfer or before EIP-158 (callGas's mayCreate).
  const account = await ip._runState.stateManager.getAccount(addressOf(word));
  if (account === undefined) return true;
  return rules.spuriousDragon && account.isEmpty();
}
