/**
 * The one model of the values geth hands to a JS tracer (reference §2–§6): which members each object has, what
 * they return, and what they do. The lint rules read the lint views ({@link members}, {@link globalFunctions},
 * {@link typeLabel}); the editor's completions, hovers, signature help and `.d.ts` read the declaration views
 * ({@link tracerApiTypes}, {@link tracerGlobals}, {@link hookParamTypes}). DOM-free.
 */

import { apiExamples } from './apiExamples.ts';

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

/** A parameter of a tracer API method, as the editor shows it (`type` is TypeScript text). */
export interface ApiParam {
  name: string;
  type: string;
  doc?: string;
  optional?: boolean;
}

/** One member of an object type (or a global helper) in the model. */
export interface ModelMember {
  name: string;
  kind: 'method' | 'property';
  /** Property type or method return type, as the lint infers it. */
  type: ValueType;
  /** The value may be undefined (the declared TypeScript type gets `| undefined`). */
  orUndefined?: boolean;
  /** Method parameters (TypeScript text). */
  params?: ApiParam[];
  /**
   * What the member does. Members without a doc (BigInteger.js extras geth's build has) are known to the lint
   * but not offered in completions, hovers or the `.d.ts`.
   */
  doc?: string;
}

/** One object type of the model. */
export interface ModelType {
  /** Its name in the `.d.ts` and the editor; none for types that are not declared there. */
  tsName?: string;
  /** How the type is named in lint messages. */
  label: string;
  doc?: string;
  members: ModelMember[];
}

const m = (name: string, type: ValueType, doc?: string, params: ApiParam[] = []): ModelMember => ({
  name,
  kind: 'method',
  params,
  type,
  doc,
});
const p = (name: string, type: ValueType, doc?: string): ModelMember => ({
  name,
  kind: 'property',
  type,
  doc,
});
/** The same member, whose value may be undefined. */
const maybe = (member: ModelMember): ModelMember => ({ ...member, orUndefined: true });
const num = (name: string, doc?: string): ApiParam => ({ name, type: 'number', doc });
const buf = (name: string, doc = 'A Uint8Array or an array of byte numbers'): ApiParam => ({
  name,
  type: 'Uint8Array | number[]',
  doc,
});
const bufOrHex = (name: string): ApiParam => ({
  name,
  type: 'Uint8Array | number[] | string',
  doc: 'Bytes, or a hex string (`0x` optional)',
});
const other = (name = 'other'): ApiParam => ({ name, type: 'BigInteger | number | string' });

const bigIntMembers: ModelMember[] = [
  ...['add', 'plus'].map((n) => m(n, 'bigInt', 'Sum.', [other()])),
  ...['subtract', 'minus'].map((n) => m(n, 'bigInt', 'Difference.', [other()])),
  ...['multiply', 'times'].map((n) => m(n, 'bigInt', 'Product.', [other()])),
  ...['divide', 'over'].map((n) => m(n, 'bigInt', 'Integer quotient, rounded toward zero.', [other()])),
  m('mod', 'bigInt', 'Remainder (sign of the dividend).', [other()]),
  m('pow', 'bigInt', 'Power.', [other('exponent')]),
  m('modPow', 'bigInt', 'Modular power.', [other('exponent'), other('modulus')]),
  m('shiftLeft', 'bigInt', 'Shifts left by n bits.', [num('n')]),
  m('shiftRight', 'bigInt', 'Shifts right by n bits.', [num('n')]),
  m('and', 'bigInt', 'Bitwise AND.', [other()]),
  m('or', 'bigInt', 'Bitwise OR.', [other()]),
  m('xor', 'bigInt', 'Bitwise XOR.', [other()]),
  m('not', 'bigInt', 'Bitwise NOT.'),
  m('abs', 'bigInt', 'Absolute value.'),
  m('negate', 'bigInt', 'Negation.'),
  m('compare', 'number', '-1, 0 or 1.', [other()]),
  ...['eq', 'equals'].map((n) => m(n, 'boolean', 'Equal.', [other()])),
  m('neq', 'boolean', 'Not equal.', [other()]),
  ...['lt', 'lesser'].map((n) => m(n, 'boolean', 'Less than.', [other()])),
  ...['gt', 'greater'].map((n) => m(n, 'boolean', 'Greater than.', [other()])),
  ...['leq', 'lesserOrEquals'].map((n) => m(n, 'boolean', 'Less than or equal.', [other()])),
  ...['geq', 'greaterOrEquals'].map((n) => m(n, 'boolean', 'Greater than or equal.', [other()])),
  m('isZero', 'boolean', 'True for 0.'),
  m('isNegative', 'boolean', 'True below 0.'),
  m('isPositive', 'boolean', 'True above 0.'),
  m('isEven', 'boolean', 'True for even numbers.'),
  m('isOdd', 'boolean', 'True for odd numbers.'),
  m('toJSNumber', 'number', 'A JS number (lossy above 2^53).'),
  m('valueOf', 'number', 'A JS number (lossy above 2^53); what `+`, `<` and string concatenation use.'),
  m('toString', 'string', 'Exact text in the radix (default 10).', [
    { name: 'radix', type: 'number', optional: true },
  ]),
  m('toJSON', 'string', 'The decimal string (what JSON.stringify writes).'),
  // The rest of the BigInteger.js build bundled in geth (eth/tracers/js/bigint.go; it predates bitLength() and
  // toArray()): known to the lint, not offered in the editor.
  ...'square remainder modInv next prev'.split(' ').map((n) => m(n, 'bigInt')),
  ...'compareTo compareAbs'.split(' ').map((n) => m(n, 'number')),
  ...'notEquals isUnit isDivisibleBy isPrime isProbablePrime'.split(' ').map((n) => m(n, 'boolean')),
  m('divmod', 'unknown'),
  p('value', 'unknown'),
  p('sign', 'boolean'),
  p('isSmall', 'boolean'),
];

/** Every object type of the geth JS tracer API, from the tracer reference §2–§6. */
export const apiModel: Readonly<Record<ObjectType, ModelType>> = {
  log: {
    tsName: 'Log',
    label: 'log',
    doc: 'The step log passed to `step(log, db)` and `fault(log, db)`. One reused object: values are those of the current step.',
    members: [
      p('op', 'log.op', 'The current opcode.'),
      p('stack', 'log.stack', 'The EVM stack.'),
      p('memory', 'log.memory', 'The EVM memory (before this op expands it).'),
      p('contract', 'log.contract', 'The executing call frame.'),
      m('getPC', 'number', 'Program counter of the op.'),
      m('getGas', 'number', 'Gas left before the op.'),
      m('getCost', 'number', 'Constant + dynamic gas of the op (includes gas forwarded by CALL*).'),
      m('getDepth', 'number', 'Call depth: 1 for the top-level frame.'),
      m('getRefund', 'number', 'Refund counter so far (before the refund cap).'),
      maybe(
        m(
          'getError',
          'goString',
          'The error of a failing step (in `fault` and on a step with error), else undefined.',
        ),
      ),
    ],
  },
  'log.op': {
    tsName: 'Op',
    label: 'log.op',
    doc: 'An opcode.',
    members: [
      m('toNumber', 'number', 'The opcode byte.'),
      m(
        'toString',
        'opName',
        "geth's opcode name (`PUSH1`, `KECCAK256`, …); an undefined byte gives `opcode 0xNN not defined`.",
      ),
      m('isPush', 'boolean', 'True for PUSH0…PUSH32.'),
    ],
  },
  'log.stack': {
    tsName: 'Stack',
    label: 'log.stack',
    doc: 'The EVM stack.',
    members: [
      m('peek', 'bigInt', 'The i-th item from the top (0 = top). Out of range is an uncatchable error.', [
        num('i', 'Index from the top of the stack'),
      ]),
      m('length', 'number', 'Stack size.'),
    ],
  },
  'log.memory': {
    tsName: 'Memory',
    label: 'log.memory',
    doc: 'The EVM memory.',
    members: [
      m(
        'slice',
        'bytes',
        'A copy of memory[start:end], zero-padded past the end (at most 1 MiB of padding).',
        [num('start'), num('end')],
      ),
      m('getUint', 'bigInt', '32 bytes big-endian at `offset` (no padding: out of range is an error).', [
        num('offset'),
      ]),
      m('length', 'number', 'Memory size in bytes.'),
    ],
  },
  'log.contract': {
    tsName: 'Contract',
    label: 'log.contract',
    doc: 'The executing call frame.',
    members: [
      m('getCaller', 'bytes', 'msg.sender of this frame (20 bytes).'),
      m('getAddress', 'bytes', 'Storage context address (20 bytes); for DELEGATECALL the caller’s address.'),
      m('getValue', 'bigInt', 'Call value of the frame.'),
      m('getInput', 'bytes', 'Calldata of the frame (empty for CREATE frames).'),
    ],
  },
  db: {
    tsName: 'DB',
    label: 'db',
    doc: 'Live state of the traced transaction. Arguments must be bytes (a hex string is rejected: wrap it with toAddress).',
    members: [
      m('getBalance', 'bigInt', 'Balance of an account.', [buf('address')]),
      m('getNonce', 'number', 'Nonce of an account.', [buf('address')]),
      m('getCode', 'bytes', 'Code of an account.', [buf('address')]),
      m('getState', 'bytes', 'A 32-byte storage slot value.', [buf('address'), buf('slot')]),
      m('exists', 'boolean', 'True if the account exists.', [buf('address')]),
    ],
  },
  ctx: {
    tsName: 'Context',
    label: 'ctx',
    doc: 'The transaction context passed to `result(ctx, db)`. Key order is random.',
    members: [
      p('type', 'ctxType', '"CALL" or "CREATE".'),
      p('from', 'bytes', 'Transaction sender (20 bytes).'),
      p('to', 'bytes', 'Callee, or the new contract address for CREATE (20 bytes).'),
      p('input', 'bytes', 'Transaction data.'),
      p('value', 'bigInt', 'Transaction value.'),
      p('block', 'number', 'Block number.'),
      p('gas', 'number', 'Transaction gas limit.'),
      p('gasPrice', 'bigInt', 'Effective gas tip (geth ≥ 1.15); the gas price before.'),
      p('coinbase', 'bytes', 'Block coinbase (20 bytes).'),
      p('output', 'bytes', 'Return (or revert) data of the top frame.'),
      maybe(p('error', 'goString', 'Top-frame error; absent on success.')),
      p('gasUsed', 'number', 'Gas used by the transaction (receipt).'),
      maybe(p('blockHash', 'bytes', 'Block hash (traceTransaction/traceBlock only).')),
      maybe(p('txIndex', 'number', 'Transaction index (traceTransaction/traceBlock only).')),
      maybe(p('txHash', 'bytes', 'Transaction hash (traceTransaction/traceBlock only).')),
    ],
  },
  frame: {
    tsName: 'CallFrame',
    label: 'the call frame (enter)',
    doc: 'A call frame passed to `enter(frame)` (depth ≥ 1).',
    members: [
      m('getType', 'frameType', 'CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2 or SELFDESTRUCT.'),
      m('getFrom', 'bytes', 'Caller (20 bytes).'),
      m('getTo', 'bytes', 'Callee, new contract or selfdestruct beneficiary (20 bytes).'),
      m('getInput', 'bytes', 'Calldata or init code.'),
      m('getGas', 'number', 'Gas given to the callee.'),
      maybe(m('getValue', 'bigInt', 'Call value; undefined only for STATICCALL.')),
    ],
  },
  frameResult: {
    tsName: 'FrameResult',
    label: 'the frame result (exit)',
    doc: 'The result of a call frame, passed to `exit(frameResult)`.',
    members: [
      m('getGasUsed', 'number', 'Gas used by the frame.'),
      m('getOutput', 'bytes', 'Return or revert data (code for CREATE).'),
      maybe(m('getError', 'goString', 'VM error of the frame, if any.')),
    ],
  },
  bigInt: {
    tsName: 'BigInteger',
    label: 'a bigInt value',
    doc: 'An arbitrary-precision integer (BigInteger.js, the `bigInt` geth bundles).',
    members: bigIntMembers,
  },
  // The statics of the global `bigInt` function (declared in the `.d.ts` as a function only).
  bigIntStatic: {
    label: 'bigInt',
    members: [
      p('zero', 'bigInt'),
      p('one', 'bigInt'),
      p('minusOne', 'bigInt'),
      m('max', 'bigInt'),
      m('min', 'bigInt'),
      m('gcd', 'bigInt'),
      m('lcm', 'bigInt'),
      m('isInstance', 'boolean'),
      m('randBetween', 'bigInt'),
      m('fromArray', 'bigInt'),
    ],
  },
};

/** The global helper functions geth defines for tracers (reference §6.1). */
export const globalHelpers: readonly ModelMember[] = [
  m('toHex', 'goString', '`0x` + lowercase hex of the bytes (strings are rejected).', [buf('bytes')]),
  m('toWord', 'bytes', '32 bytes: left-padded, or the last 32 bytes if longer.', [bufOrHex('value')]),
  m('toAddress', 'bytes', '20 bytes: left-padded, or the last 20 bytes if longer.', [bufOrHex('value')]),
  m('toContract', 'bytes', 'The CREATE address for `from` and `nonce`.', [bufOrHex('from'), num('nonce')]),
  m('toContract2', 'bytes', 'The CREATE2 address.', [
    bufOrHex('from'),
    { name: 'salt', type: 'string', doc: 'Hex string, `0x` optional' },
    bufOrHex('initcode'),
  ]),
  m('isPrecompiled', 'boolean', 'True if the address is an active precompile.', [bufOrHex('address')]),
  m('slice', 'bytes', 'bytes[start:end] (no padding; out of range is an uncatchable error).', [
    buf('bytes'),
    num('start'),
    num('end'),
  ]),
  m('bigInt', 'bigInt', 'Makes a BigInteger (BigInteger.js).', [
    { name: 'value', type: 'number | string | BigInteger' },
    { name: 'radix', type: 'number', optional: true },
  ]),
];

/** One member of an object type, as the lint sees it. */
export interface MemberInfo {
  kind: 'method' | 'property';
  type: ValueType;
}

const objectTypes = Object.keys(apiModel) as ObjectType[];

/** Members of every object type (the lint's view of {@link apiModel}). */
export const members: Readonly<Record<ObjectType, Readonly<Record<string, MemberInfo>>>> = Object.fromEntries(
  objectTypes.map((t) => [
    t,
    Object.fromEntries(apiModel[t].members.map((mm) => [mm.name, { kind: mm.kind, type: mm.type }])),
  ]),
) as Record<ObjectType, Record<string, MemberInfo>>;

/** How a type is named in messages. */
export const typeLabel: Readonly<Record<ObjectType, string>> = Object.fromEntries(
  objectTypes.map((t) => [t, apiModel[t].label]),
) as Record<ObjectType, string>;

/** Return types of geth's global helper functions. */
export const globalFunctions: Readonly<Record<string, ValueType>> = Object.fromEntries(
  globalHelpers.map((g) => [g.name, g.type]),
);

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

/** A documented method or property of a tracer API type (or a global helper), as the editor declares it. */
export interface ApiMember {
  name: string;
  kind: 'method' | 'property';
  /** Method parameters. */
  params?: ApiParam[];
  /** Property type or method return type: a type name of {@link tracerApiTypes} or a primitive. */
  type: string;
  doc: string;
  /** A short example of its use (src/core/tracer/apiExamples.ts). */
  example?: string;
}

/** A type of the geth JavaScript tracer API, as the editor declares it. */
export interface ApiType {
  name: string;
  doc: string;
  members: ApiMember[];
}

/** The TypeScript type of a value type in the editor's declarations. */
export function declaredType(t: ValueType): string {
  if (isObjectType(t)) return apiModel[t].tsName ?? 'unknown';
  switch (t) {
    case 'bytes':
      return 'Uint8Array';
    case 'number':
    case 'boolean':
    case 'unknown':
      return t;
    case 'config':
      return 'any';
    default:
      return 'string';
  }
}

// `key`: where apiExamples keeps its example (`Type.member`, or a global's name).
function toApiMember(mm: ModelMember & { doc: string }, key: string): ApiMember {
  const type = declaredType(mm.type) + (mm.orUndefined ? ' | undefined' : '');
  const example = apiExamples[key];
  return mm.kind === 'method'
    ? // Stryker disable next-line ArrayDeclaration: every method of the model is built by m(), which defaults params to []
      { name: mm.name, kind: mm.kind, params: mm.params ?? [], type, doc: mm.doc, example }
    : { name: mm.name, kind: mm.kind, type, doc: mm.doc, example };
}

const documented = (mm: ModelMember): mm is ModelMember & { doc: string } => !!mm.doc;

/** The types of the geth JS tracer API the editor declares, by name (its documented members only). */
export const tracerApiTypes: Record<string, ApiType> = Object.fromEntries(
  objectTypes.flatMap((t) => {
    const { tsName, doc, members: list } = apiModel[t];
    return tsName
      ? [
          [
            tsName,
            {
              name: tsName,
              // Stryker disable next-line StringLiteral: every declared type has a doc (tracerApiDtsDocs.test.ts checks none is empty)
              doc: doc ?? '',
              members: list.filter(documented).map((mm) => toApiMember(mm, `${tsName}.${mm.name}`)),
            },
          ],
        ]
      : [];
  }),
);

/** The global helper functions geth defines for tracers, as the editor declares them. */
export const tracerGlobals: ApiMember[] = globalHelpers
  .filter(documented)
  .map((mm) => toApiMember(mm, mm.name));

/** The declared parameter types of each tracer hook, by position (`any` for setup's config). */
export const hookParamTypes: Record<string, string[]> = Object.fromEntries(
  Object.entries(hookParams).map(([hook, types]) => [hook, types.map(declaredType)]),
);

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
