import type { RunTxResult } from '@ethereumjs/vm';
import { bytesToHex, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import { opcodeName } from '../../core/tracer/opcodes.ts';
import type { SyncStateReader } from './syncStateReader.ts';
import type { GethTraceHooks, StepView } from './runGethTrace.ts';
import type { StructLoggerConfig } from './traceTypes.ts';

/** One entry of `structLogs` (geth's legacy StructLogRes JSON). */
export interface StructLogEntry {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error?: string;
  stack?: string[];
  memory?: string[];
  storage?: Record<string, string>;
  refund?: number;
  returnData?: string;
}

/** What the opcode logger keeps across a transaction. */
interface StructLogger {
  config: StructLoggerConfig;
  state: SyncStateReader;
  logs: StructLogEntry[];
  /** Per contract address, the slots seen so far (word -> word, lowercase hex). */
  storage: Map<string, Map<string, string>>;
  topError: string | undefined;
  topOutput: Uint8Array;
  gasUsed: bigint;
}

/** Hooks of geth's default opcode logger plus `output()` building its ExecutionResult. */
export function createStructLoggerHooks(config: StructLoggerConfig, state: SyncStateReader) {
  const l: StructLogger = {
    config,
    state,
    logs: [],
    storage: new Map<string, Map<string, string>>(),
    topError: undefined,
    topOutput: new Uint8Array(0),
    gasUsed: 0n,
  };

  const hooks: GethTraceHooks = {
    onTxStart() {},
    onOpcode(s) {
      logOpcode(l, s);
    },
    onFault() {},
    onEnter() {},
    onExit(depth, output, _gasUsed, error) {
      // Stryker disable next-line ConditionalExpression: the depth-0 exit is a transaction's last onExit, so it overwrites whatever an inner exit set
      if (depth !== 0) return;
      l.topError = error;
      // geth's logger keeps return data only on success and revert (a failed code deposit hands over the code).
      l.topOutput = error === undefined || error === 'execution reverted' ? output : new Uint8Array(0);
    },
    onTxEnd(used) {
      l.gasUsed = used;
    },
    shouldStop: neverStop,
  };
  return {
    ...hooks,
    /** geth's ExecutionResult; `returnValue` is 0x-hex (revert data on revert, empty on other errors). */
    output(_res: RunTxResult | undefined) {
      return {
        gas: Number(l.gasUsed),
        failed: l.topError !== undefined,
        returnValue: bytesToHex(l.topOutput),
        structLogs: l.logs,
      };
    },
  };
}

/** Appends one step's entry (unless the limit is reached). */
function logOpcode(l: StructLogger, s: StepView): void {
  const { config } = l;
  // geth: `Limit != 0 && Limit <= len(logs)` → nothing more is logged (so a negative limit logs nothing).
  if (config.limit && l.logs.length >= config.limit) return;
  const ip = s.ip!;
  const entry: StructLogEntry = {
    pc: s.pc,
    op: opcodeName(s.op),
    gas: s.gas,
    gasCost: s.cost,
    depth: s.depth,
  };
  const st = ip._runState.stack;
  // geth's legacy JSON (StructLog.toLegacyJSON) omits empty memory, return data and storage.
  if (config.enableMemory && s.memLen > 0) {
    // geth's memory size, zero-filled where @ethereumjs has not allocated it.
    const mem = new Uint8Array(s.memLen);
    mem.set(ip._runState.memory._store.subarray(0, s.memLen));
    entry.memory = [];
    for (let i = 0; i < s.memLen; i += 32) entry.memory.push(toHexString(mem.subarray(i, i + 32)));
  }
  if (!config.disableStack) entry.stack = st._store.slice(0, st._len).map((v) => '0x' + v.toString(16));
  const returnBytes = (ip as unknown as { _runState: { returnBytes: Uint8Array } })._runState.returnBytes;
  if (config.enableReturnData && returnBytes.length > 0) entry.returnData = bytesToHex(returnBytes);
  if (!config.disableStorage && (s.op === 0x54 || s.op === 0x55)) captureStorage(l, s, entry);
  if (s.refund !== 0) entry.refund = s.refund;
  if (s.error) entry.error = s.error;
  l.logs.push(entry);
}

/**
 * geth captures SLOAD's slot (state value) and SSTORE's slot and value whenever the stack holds them, also for an op
 * that then fails (out of gas); the entry shows the contract's slots seen so far, or none if nothing was captured.
 */
function captureStorage(l: StructLogger, s: StepView, entry: StructLogEntry): void {
  const ip = s.ip!;
  const st = ip._runState.stack;
  const addr = ip._env.address;
  const key = addr.toString();
  const slots = l.storage.get(key) ?? new Map<string, string>();
  l.storage.set(key, slots);
  if (s.op === 0x54 && st._len >= 1) {
    const slot = st._store[st._len - 1];
    slots.set(word(slot), toHexString(l.state.getStorageSync(addr, setLengthLeft(bigIntToBytes(slot), 32))));
    entry.storage = Object.fromEntries(slots);
  } else if (st._len >= 2) {
    // SSTORE (an SLOAD reaching here has an empty stack)
    slots.set(word(st._store[st._len - 1]), word(st._store[st._len - 2]));
    entry.storage = Object.fromEntries(slots);
  }
}

/** A stack value as a 32-byte word, lowercase hex without prefix. */
function word(v: bigint): string {
  return toHexString(setLengthLeft(bigIntToBytes(v), 32));
}

// Stryker disable next-line ArrowFunction: runGethTrace only tests shouldStop() for truthiness; undefined stops nothing either
const neverStop = (): boolean => false;

/** Lowercase hex without prefix. */
function toHexString(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += (b[i] < 16 ? '0' : '') + b[i].toString(16);
  return s;
}
