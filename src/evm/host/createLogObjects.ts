import bigInt from 'big-integer';
import { Address, bytesToBigInt } from '@ethereumjs/util';
import { opcodeName } from '../../core/tracer/opcodes.ts';
import { fitBytes, fromBuf, toInteger } from './convertValues.ts';
import type { StepView } from './runGethTrace.ts';
import type { TracerFaults } from './tracerFaults.ts';

const paddingLimit = 1024 * 1024;
// `log.op.toString()` runs at nearly every step of most tracers: a table beats the Map lookup.
const opNames = Array.from({ length: 256 }, (_, i) => opcodeName(i));
const empty = () => new Uint8Array(0);

/**
 * geth's `log` object: one plain object, reused for every step, with own properties in geth's order. Stack and
 * memory are read lazily from the live interpreter (no per-step copies), so a stored `log` shows the current step.
 */
export function createStepLog(sv: StepView, faults: TracerFaults) {
  const stackOf = () => sv.ip?._runState.stack;
  const memOf = () => sv.ip?._runState.memory._store ?? empty();
  return {
    getPC: () => sv.pc,
    getGas: () => sv.gas,
    getCost: () => sv.cost,
    getDepth: () => sv.depth,
    getRefund: () => sv.refund,
    getError: () => sv.error,
    op: {
      toNumber: () => sv.op,
      toString: () => opNames[sv.op],
      isPush: () => sv.op >= 0x5f && sv.op <= 0x7f,
    },
    stack: {
      peek(i: unknown) {
        const st = stackOf();
        const len = st?._len ?? 0;
        const n = toInteger(i);
        if (n < 0 || n >= len) faults.raise(`tracer accessed out of bound stack: size ${len}, index ${n}`);
        return bigInt(st!._store[len - 1 - n]);
      },
      length: () => stackOf()?._len ?? 0,
    },
    memory: {
      slice(start: unknown, end: unknown) {
        const s = toInteger(start);
        const e = toInteger(end);
        if (e === s) return new Uint8Array(0);
        if (e < s || s < 0) faults.raise(`tracer accessed out of bound memory: offset ${s}, end ${e}`);
        const padding = e - sv.memLen;
        if (padding > paddingLimit) faults.raise(`reached limit for padding memory slice: ${padding}`);
        const out = new Uint8Array(e - s);
        if (s < sv.memLen) out.set(memOf().subarray(s, Math.min(e, sv.memLen)));
        return out;
      },
      getUint(offset: unknown) {
        const o = toInteger(offset);
        if (sv.memLen < o + 32 || o < 0) {
          faults.raise(`tracer accessed out of bound memory: available ${sv.memLen}, offset ${o}, size 32`);
        }
        return bigInt(bytesToBigInt(memOf().subarray(o, o + 32)));
      },
      length: () => sv.memLen,
    },
    contract: {
      getCaller: () => sv.ip?._env.caller.bytes.slice() ?? new Uint8Array(20),
      getAddress: () => sv.ip?._env.address.bytes.slice() ?? new Uint8Array(20),
      getValue: () => bigInt(sv.ip?._env.callValue ?? 0n),
      // geth runs CREATE frames with nil input (the init code is the code, not calldata).
      getInput: () => (sv.ip && !isCreateFrame(sv) ? sv.ip._env.callData.slice() : new Uint8Array(0)),
    },
  };
}

function isCreateFrame(sv: StepView): boolean {
  return sv.ip?._env.isCreate === true;
}

/** The mutable call-frame data shown by `frame` / `frameResult`. */
export interface FrameView {
  type: string;
  from: Uint8Array;
  to: Uint8Array;
  input: Uint8Array;
  gas: number;
  value: bigint | undefined;
  gasUsed: number;
  output: Uint8Array;
  error: string | undefined;
}

/** geth's `frame` object passed to `enter`, reused. getValue() is undefined only for STATICCALL. */
export function createFrame(f: FrameView) {
  return {
    getType: () => f.type,
    getFrom: () => f.from.slice(),
    getTo: () => f.to.slice(),
    getInput: () => f.input.slice(),
    getGas: () => f.gas,
    getValue: () => (f.value === undefined ? undefined : bigInt(f.value)),
  };
}

/** geth's `frameResult` object passed to `exit`, reused. */
export function createFrameResult(f: FrameView) {
  return {
    getGasUsed: () => f.gasUsed,
    getOutput: () => f.output.slice(),
    getError: () => f.error,
  };
}

/** The synchronous state reads `db` needs (implemented by SyncStateManager). */
export interface SyncStateReader {
  getBalanceSync(a: Address): bigint;
  getNonceSync(a: Address): bigint;
  getCodeSync(a: Address): Uint8Array;
  getStorageSync(a: Address, slot: Uint8Array): Uint8Array;
  existsSync(a: Address): boolean;
}

/** geth's `db` object over the live state. Arguments must be buffers (a hex string is `invalid buffer type`). */
export function createDb(state: SyncStateReader, faults: TracerFaults) {
  const addr = (v: unknown) => new Address(fitBytes(fromBuf(faults, v, false), 20));
  return {
    getBalance: (a: unknown) => bigInt(state.getBalanceSync(addr(a))),
    getNonce: (a: unknown) => Number(state.getNonceSync(addr(a))),
    getCode: (a: unknown) => state.getCodeSync(addr(a)).slice(),
    getState: (a: unknown, slot: unknown) => {
      const address = addr(a);
      return state.getStorageSync(address, fitBytes(fromBuf(faults, slot, false), 32)).slice();
    },
    exists: (a: unknown) => state.existsSync(addr(a)),
  };
}
