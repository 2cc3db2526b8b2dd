import type { ObjectType } from './apiModel.ts';

/** A hand-written hint for a member name that does not exist. */
export interface MemberAlias {
  /** What to write instead (shown in the message). */
  suggestion: string;
  /** Replacement for the member name, when a mechanical fix is safe. */
  replacement?: string;
  /** Extra explanation appended to the message. */
  note?: string;
}

/** Frequent wrong names, per object type. */
export const memberAliases: Readonly<Partial<Record<ObjectType, Readonly<Record<string, MemberAlias>>>>> = {
  ctx: {
    gasLimit: { suggestion: 'ctx.gas', replacement: 'gas', note: 'ctx.gas is the transaction gas limit' },
    blockNumber: { suggestion: 'ctx.block', replacement: 'block' },
    number: { suggestion: 'ctx.block', replacement: 'block' },
    sender: { suggestion: 'ctx.from', replacement: 'from' },
    data: { suggestion: 'ctx.input', replacement: 'input' },
    returnData: { suggestion: 'ctx.output', replacement: 'output' },
    hash: { suggestion: 'ctx.txHash', replacement: 'txHash' },
    time: { suggestion: 'nothing', note: 'ctx.time was removed in geth v1.11.0' },
    intrinsicGas: { suggestion: 'nothing', note: 'ctx.intrinsicGas was removed in geth v1.11.0' },
  },
  frame: {
    getCaller: { suggestion: 'getFrom', replacement: 'getFrom' },
    getAddress: { suggestion: 'getTo', replacement: 'getTo' },
    getData: { suggestion: 'getInput', replacement: 'getInput' },
  },
  frameResult: {
    getGas: { suggestion: 'getGasUsed', replacement: 'getGasUsed' },
    getReturnData: { suggestion: 'getOutput', replacement: 'getOutput' },
  },
  bigInt: {
    String: {
      suggestion: 'toString',
      replacement: 'toString',
      note: "geth's values are BigInteger.js objects, not Go big.Int",
    },
    toNumber: { suggestion: 'toJSNumber', replacement: 'toJSNumber' },
    sub: { suggestion: 'subtract', replacement: 'subtract' },
    mul: { suggestion: 'multiply', replacement: 'multiply' },
    div: { suggestion: 'divide', replacement: 'divide' },
    cmp: { suggestion: 'compare', replacement: 'compare' },
    bitLength: {
      suggestion: 'toString(2).length',
      note: "geth's bundled BigInteger.js is older and has no bitLength()",
    },
    toArray: {
      suggestion: 'toString(radix)',
      note: "geth's bundled BigInteger.js is older and has no toArray()",
    },
  },
};

/** The alias hint for `name` on an object type, if any. */
export function aliasOf(t: ObjectType, name: string): MemberAlias | undefined {
  const table = memberAliases[t];
  return table && Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}
