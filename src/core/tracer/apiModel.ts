/**
 * A static model of the values geth hands to a JS tracer (reference §2–§6): which members each object has
 * and what they return. Used by the lint rules to find misspelt accessors and misused values.
 */

/** Objects with a fixed set of members. */
export type ObjectType =
  | 'log'
  | 'log.op'
  | 'log.stack'
  | 'log.memory'
  | 'log.contract'
  | 'db'
  | 'ctx'
  | 'frame'
  | 'frameResult'
  | 'bigInt'
  | 'bigIntStatic';

/**
 * A static type. `goString` is a string made by geth (see reference §7.2); `opName`, `frameType`, `ctxType` are
 * strings from a known set; `config` is setup's raw JSON string.
 */
export type ValueType =
  | ObjectType
  | 'bytes'
  | 'number'
  | 'string'
  | 'goString'
  | 'opName'
  | 'frameType'
  | 'ctxType'
  | 'boolean'
  | 'config'
  | 'unknown';

/** One member of an object type. */
export interface MemberInfo {
  kind: 'method' | 'property';
  type: ValueType;
}

const m = (type: ValueType): MemberInfo => ({ kind: 'method', type });
const p = (type: ValueType): MemberInfo => ({ kind: 'property', type });

const bigIntMethods: Record<string, MemberInfo> = {};
// The BigInteger.js build bundled in geth (eth/tracers/js/bigint.go); it predates bitLength() and toArray().
for (const name of 'add plus subtract minus negate abs multiply times square divide over mod remainder pow modPow modInv next prev shiftLeft shiftRight not and or xor'.split(
  ' ',
)) {
  bigIntMethods[name] = m('bigInt');
}
for (const name of 'compare compareTo compareAbs toJSNumber valueOf'.split(' '))
  bigIntMethods[name] = m('number');
for (const name of 'eq equals neq notEquals gt greater lt lesser geq greaterOrEquals leq lesserOrEquals isEven isOdd isPositive isNegative isUnit isZero isDivisibleBy isPrime isProbablePrime'.split(
  ' ',
)) {
  bigIntMethods[name] = m('boolean');
}
bigIntMethods.divmod = m('unknown');
bigIntMethods['toString'] = m('string');
bigIntMethods.toJSON = m('string');
bigIntMethods.value = p('unknown');
bigIntMethods.sign = p('boolean');
bigIntMethods.isSmall = p('boolean');

/** Members of every object type. */
export const members: Readonly<Record<ObjectType, Readonly<Record<string, MemberInfo>>>> = {
  log: {
    getPC: m('number'),
    getGas: m('number'),
    getCost: m('number'),
    getDepth: m('number'),
    getRefund: m('number'),
    getError: m('goString'),
    op: p('log.op'),
    stack: p('log.stack'),
    memory: p('log.memory'),
    contract: p('log.contract'),
  },
  'log.op': { toNumber: m('number'), toString: m('opName'), isPush: m('boolean') },
  'log.stack': { peek: m('bigInt'), length: m('number') },
  'log.memory': { slice: m('bytes'), getUint: m('bigInt'), length: m('number') },
  'log.contract': {
    getCaller: m('bytes'),
    getAddress: m('bytes'),
    getValue: m('bigInt'),
    getInput: m('bytes'),
  },
  db: {
    getBalance: m('bigInt'),
    getNonce: m('number'),
    getCode: m('bytes'),
    getState: m('bytes'),
    exists: m('boolean'),
  },
  ctx: {
    type: p('ctxType'),
    from: p('bytes'),
    to: p('bytes'),
    input: p('bytes'),
    value: p('bigInt'),
    block: p('number'),
    gas: p('number'),
    gasPrice: p('bigInt'),
    coinbase: p('bytes'),
    output: p('bytes'),
    error: p('goString'),
    gasUsed: p('number'),
    blockHash: p('bytes'),
    txIndex: p('number'),
    txHash: p('bytes'),
  },
  frame: {
    getType: m('frameType'),
    getFrom: m('bytes'),
    getTo: m('bytes'),
    getInput: m('bytes'),
    getGas: m('number'),
    getValue: m('bigInt'),
  },
  frameResult: { getGasUsed: m('number'), getOutput: m('bytes'), getError: m('goString') },
  bigInt: bigIntMethods,
  bigIntStatic: {
    zero: p('bigInt'),
    one: p('bigInt'),
    minusOne: p('bigInt'),
    max: m('bigInt'),
    min: m('bigInt'),
    gcd: m('bigInt'),
    lcm: m('bigInt'),
    isInstance: m('boolean'),
    randBetween: m('bigInt'),
    fromArray: m('bigInt'),
  },
};

/** Members every object inherits from Object.prototype (and Function.prototype for bigInt). */
export const inheritedMembers: ReadonlySet<string> = new Set([
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

/** How a type is named in messages. */
export const typeLabel: Readonly<Record<ObjectType, string>> = {
  log: 'log',
  'log.op': 'log.op',
  'log.stack': 'log.stack',
  'log.memory': 'log.memory',
  'log.contract': 'log.contract',
  db: 'db',
  ctx: 'ctx',
  frame: 'the call frame (enter)',
  frameResult: 'the frame result (exit)',
  bigInt: 'a bigInt value',
  bigIntStatic: 'bigInt',
};

/** Types of the parameters geth passes to each hook. */
export const hookParams: Readonly<Record<string, readonly ValueType[]>> = {
  step: ['log', 'db'],
  fault: ['log', 'db'],
  result: ['ctx', 'db'],
  enter: ['frame'],
  exit: ['frameResult'],
  setup: ['config'],
};

/** Values of frame.getType(). */
export const frameTypes: ReadonlySet<string> = new Set([
  'CALL',
  'CALLCODE',
  'DELEGATECALL',
  'STATICCALL',
  'CREATE',
  'CREATE2',
  'SELFDESTRUCT',
]);
/** Values of ctx.type. */
export const ctxTypes: ReadonlySet<string> = new Set(['CALL', 'CREATE']);

/** Return types of geth's global helper functions. */
export const globalFunctions: Readonly<Record<string, ValueType>> = {
  toHex: 'goString',
  toWord: 'bytes',
  toAddress: 'bytes',
  toContract: 'bytes',
  toContract2: 'bytes',
  isPrecompiled: 'boolean',
  slice: 'bytes',
  bigInt: 'bigInt',
};

/** Whether a type is one of the reused objects geth hands to a hook. */
export function isReusedObject(t: ValueType): boolean {
  return (
    t === 'log' ||
    t === 'log.op' ||
    t === 'log.stack' ||
    t === 'log.memory' ||
    t === 'log.contract' ||
    t === 'frame' ||
    t === 'frameResult'
  );
}

/** Whether a value type has a member table. */
export function isObjectType(t: ValueType): t is ObjectType {
  return Object.prototype.hasOwnProperty.call(members, t);
}

/** The member `name` of an object type (own entries only, never Object.prototype's). */
export function memberOf(t: ObjectType, name: string): MemberInfo | undefined {
  const table = members[t];
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}
