/** A parameter of a tracer API method. */
export interface ApiParam {
  name: string;
  type: string;
  doc?: string;
  optional?: boolean;
}

/** A method or property of a tracer API type (or a global helper). */
export interface ApiMember {
  name: string;
  kind: 'method' | 'property';
  /** Method parameters. */
  params?: ApiParam[];
  /** Property type or method return type: a type name of {@link tracerApiTypes} or a primitive. */
  type: string;
  doc: string;
}

/** A type of the geth JavaScript tracer API. */
export interface ApiType {
  name: string;
  doc: string;
  members: ApiMember[];
}

const m = (name: string, type: string, doc: string, params: ApiParam[] = []): ApiMember => ({
  name,
  kind: 'method',
  params,
  type,
  doc,
});
const p = (name: string, type: string, doc: string): ApiMember => ({ name, kind: 'property', type, doc });
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

const bigIntMembers: ApiMember[] = [
  ...['add', 'plus'].map((n) => m(n, 'BigInteger', 'Sum.', [other()])),
  ...['subtract', 'minus'].map((n) => m(n, 'BigInteger', 'Difference.', [other()])),
  ...['multiply', 'times'].map((n) => m(n, 'BigInteger', 'Product.', [other()])),
  ...['divide', 'over'].map((n) => m(n, 'BigInteger', 'Integer quotient, rounded toward zero.', [other()])),
  m('mod', 'BigInteger', 'Remainder (sign of the dividend).', [other()]),
  m('pow', 'BigInteger', 'Power.', [other('exponent')]),
  m('modPow', 'BigInteger', 'Modular power.', [other('exponent'), other('modulus')]),
  m('shiftLeft', 'BigInteger', 'Shifts left by n bits.', [num('n')]),
  m('shiftRight', 'BigInteger', 'Shifts right by n bits.', [num('n')]),
  m('and', 'BigInteger', 'Bitwise AND.', [other()]),
  m('or', 'BigInteger', 'Bitwise OR.', [other()]),
  m('xor', 'BigInteger', 'Bitwise XOR.', [other()]),
  m('not', 'BigInteger', 'Bitwise NOT.'),
  m('abs', 'BigInteger', 'Absolute value.'),
  m('negate', 'BigInteger', 'Negation.'),
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
];

/** The types of the geth JS tracer API, from the tracer reference §2–§6. */
export const tracerApiTypes: Record<string, ApiType> = {
  Log: {
    name: 'Log',
    doc: 'The step log passed to `step(log, db)` and `fault(log, db)`. One reused object: values are those of the current step.',
    members: [
      p('op', 'Op', 'The current opcode.'),
      p('stack', 'Stack', 'The EVM stack.'),
      p('memory', 'Memory', 'The EVM memory (before this op expands it).'),
      p('contract', 'Contract', 'The executing call frame.'),
      m('getPC', 'number', 'Program counter of the op.'),
      m('getGas', 'number', 'Gas left before the op.'),
      m('getCost', 'number', 'Constant + dynamic gas of the op (includes gas forwarded by CALL*).'),
      m('getDepth', 'number', 'Call depth: 1 for the top-level frame.'),
      m('getRefund', 'number', 'Refund counter so far (before the refund cap).'),
      m(
        'getError',
        'string | undefined',
        'The error of a failing step (in `fault` and on a step with error), else undefined.',
      ),
    ],
  },
  Op: {
    name: 'Op',
    doc: 'An opcode.',
    members: [
      m('toNumber', 'number', 'The opcode byte.'),
      m(
        'toString',
        'string',
        "geth's opcode name (`PUSH1`, `KECCAK256`, …); an undefined byte gives `opcode 0xNN not defined`.",
      ),
      m('isPush', 'boolean', 'True for PUSH0…PUSH32.'),
    ],
  },
  Stack: {
    name: 'Stack',
    doc: 'The EVM stack.',
    members: [
      m('peek', 'BigInteger', 'The i-th item from the top (0 = top). Out of range is an uncatchable error.', [
        num('i', 'Index from the top of the stack'),
      ]),
      m('length', 'number', 'Stack size.'),
    ],
  },
  Memory: {
    name: 'Memory',
    doc: 'The EVM memory.',
    members: [
      m(
        'slice',
        'Uint8Array',
        'A copy of memory[start:end], zero-padded past the end (at most 1 MiB of padding).',
        [num('start'), num('end')],
      ),
      m('getUint', 'BigInteger', '32 bytes big-endian at `offset` (no padding: out of range is an error).', [
        num('offset'),
      ]),
      m('length', 'number', 'Memory size in bytes.'),
    ],
  },
  Contract: {
    name: 'Contract',
    doc: 'The executing call frame.',
    members: [
      m('getCaller', 'Uint8Array', 'msg.sender of this frame (20 bytes).'),
      m(
        'getAddress',
        'Uint8Array',
        'Storage context address (20 bytes); for DELEGATECALL the caller’s address.',
      ),
      m('getValue', 'BigInteger', 'Call value of the frame.'),
      m('getInput', 'Uint8Array', 'Calldata of the frame (empty for CREATE frames).'),
    ],
  },
  DB: {
    name: 'DB',
    doc: 'Live state of the traced transaction. Arguments must be bytes (a hex string is rejected: wrap it with toAddress).',
    members: [
      m('getBalance', 'BigInteger', 'Balance of an account.', [buf('address')]),
      m('getNonce', 'number', 'Nonce of an account.', [buf('address')]),
      m('getCode', 'Uint8Array', 'Code of an account.', [buf('address')]),
      m('getState', 'Uint8Array', 'A 32-byte storage slot value.', [buf('address'), buf('slot')]),
      m('exists', 'boolean', 'True if the account exists.', [buf('address')]),
    ],
  },
  Context: {
    name: 'Context',
    doc: 'The transaction context passed to `result(ctx, db)`. Key order is random.',
    members: [
      p('type', 'string', '"CALL" or "CREATE".'),
      p('from', 'Uint8Array', 'Transaction sender (20 bytes).'),
      p('to', 'Uint8Array', 'Callee, or the new contract address for CREATE (20 bytes).'),
      p('input', 'Uint8Array', 'Transaction data.'),
      p('value', 'BigInteger', 'Transaction value.'),
      p('block', 'number', 'Block number.'),
      p('gas', 'number', 'Transaction gas limit.'),
      p('gasPrice', 'BigInteger', 'Effective gas tip (geth ≥ 1.15); the gas price before.'),
      p('coinbase', 'Uint8Array', 'Block coinbase (20 bytes).'),
      p('output', 'Uint8Array', 'Return (or revert) data of the top frame.'),
      p('error', 'string | undefined', 'Top-frame error; absent on success.'),
      p('gasUsed', 'number', 'Gas used by the transaction (receipt).'),
      p('blockHash', 'Uint8Array | undefined', 'Block hash (traceTransaction/traceBlock only).'),
      p('txIndex', 'number | undefined', 'Transaction index (traceTransaction/traceBlock only).'),
      p('txHash', 'Uint8Array | undefined', 'Transaction hash (traceTransaction/traceBlock only).'),
    ],
  },
  CallFrame: {
    name: 'CallFrame',
    doc: 'A call frame passed to `enter(frame)` (depth ≥ 1).',
    members: [
      m('getType', 'string', 'CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2 or SELFDESTRUCT.'),
      m('getFrom', 'Uint8Array', 'Caller (20 bytes).'),
      m('getTo', 'Uint8Array', 'Callee, new contract or selfdestruct beneficiary (20 bytes).'),
      m('getInput', 'Uint8Array', 'Calldata or init code.'),
      m('getGas', 'number', 'Gas given to the callee.'),
      m('getValue', 'BigInteger | undefined', 'Call value; undefined only for STATICCALL.'),
    ],
  },
  FrameResult: {
    name: 'FrameResult',
    doc: 'The result of a call frame, passed to `exit(frameResult)`.',
    members: [
      m('getGasUsed', 'number', 'Gas used by the frame.'),
      m('getOutput', 'Uint8Array', 'Return or revert data (code for CREATE).'),
      m('getError', 'string | undefined', 'VM error of the frame, if any.'),
    ],
  },
  BigInteger: {
    name: 'BigInteger',
    doc: 'An arbitrary-precision integer (BigInteger.js, the `bigInt` geth bundles).',
    members: bigIntMembers,
  },
};

/** The global helper functions geth defines for tracers (reference §6.1). */
export const tracerGlobals: ApiMember[] = [
  m('toHex', 'string', '`0x` + lowercase hex of the bytes (strings are rejected).', [buf('bytes')]),
  m('toWord', 'Uint8Array', '32 bytes: left-padded, or the last 32 bytes if longer.', [bufOrHex('value')]),
  m('toAddress', 'Uint8Array', '20 bytes: left-padded, or the last 20 bytes if longer.', [bufOrHex('value')]),
  m('toContract', 'Uint8Array', 'The CREATE address for `from` and `nonce`.', [
    bufOrHex('from'),
    num('nonce'),
  ]),
  m('toContract2', 'Uint8Array', 'The CREATE2 address.', [
    bufOrHex('from'),
    { name: 'salt', type: 'string', doc: 'Hex string, `0x` optional' },
    bufOrHex('initcode'),
  ]),
  m('isPrecompiled', 'boolean', 'True if the address is an active precompile.', [bufOrHex('address')]),
  m('slice', 'Uint8Array', 'bytes[start:end] (no padding; out of range is an uncatchable error).', [
    buf('bytes'),
    num('start'),
    num('end'),
  ]),
  m('bigInt', 'BigInteger', 'Makes a BigInteger (BigInteger.js).', [
    { name: 'value', type: 'number | string | BigInteger' },
    { name: 'radix', type: 'number', optional: true },
  ]),
];

/** The parameter types of each tracer hook, by position. */
export const hookParamTypes: Record<string, string[]> = {
  step: ['Log', 'DB'],
  fault: ['Log', 'DB'],
  result: ['Context', 'DB'],
  enter: ['CallFrame'],
  exit: ['FrameResult'],
  setup: ['any'],
};

/** ES5.1 global names offered in completions (nothing from ES2015+: no Map, Promise, Symbol…). */
export const es5Globals = [
  'Array',
  'Boolean',
  'Date',
  'Error',
  'EvalError',
  'Infinity',
  'JSON',
  'Math',
  'NaN',
  'Number',
  'Object',
  'RangeError',
  'ReferenceError',
  'RegExp',
  'String',
  'SyntaxError',
  'TypeError',
  'URIError',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'undefined',
  'Uint8Array',
];

/** ES5.1 keywords offered in completions. */
export const es5Keywords = [
  'break',
  'case',
  'catch',
  'continue',
  'default',
  'delete',
  'do',
  'else',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
];
