import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@ethereumjs/util';
import { asm } from './assemble.ts';
import { addr, makeRun, type RunSpec } from './evmHarness.ts';
import { traceWithJsTracer } from './tracePlain.ts';
import { costRecorder as recorder } from './recordErrors.ts';

// The instruction-error audit (issue #14): for every failure geth words itself, the exact text a tracer sees, and
// where: a pre-log error reaches `step` (log.getError(), with the cost geth's log shows) and never `fault`; an error
// of the instruction itself reaches `fault` (log fields of the preceding step, memory as the op grew it); both end
// the frame with that text as frameResult.getError() (exit) or ctx.error (top frame). Each row cites the geth
// function (go-ethereum at the reference's HEAD, v1.17.5-49) that produces the text.

const W = addr(0xabab);
const cold = addr(0xc01d);
/** The callee W runs `code` in a static context (the caller STATICCALLs it with 50000 gas). */
const inStatic = (code: string): RunSpec & { code: Uint8Array } => ({
  code: asm(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${W} PUSH3 50000 STATICCALL STOP`),
  alloc: { [W]: { code: bytesToHex(asm(code)) } },
});
const top = (code: string, spec: RunSpec = {}): RunSpec & { code: Uint8Array } => ({
  code: asm(code),
  ...spec,
});
/** Gas limit that leaves `left` gas when the op after `pushGas` gas of pushes starts. */
const leaving = (left: number, pushGas: number) => BigInt(21_000 + pushGas + left);
const memFee = (words: bigint) => words * 3n + (words * words) / 512n;
const args5 = 'PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0';

type Row = [name: string, geth: string, run: RunSpec & { code: Uint8Array }, events: string[]];

const wp = 'out of gas: write protection';
const rows: Row[] = [
  // (*EVM).Run (core/vm/interpreter.go): stack validation, constant gas, memory size, dynamic gas; all pre-log.
  [
    'ADD on an empty stack',
    'Run: ErrStackUnderflow (errors.go)',
    top('ADD'),
    ['step ADD cost=3 err=stack underflow (0 <=> 2)', 'ctx stack underflow (0 <=> 2)'],
  ],
  [
    'PUSH0 onto 1024 items',
    'Run: ErrStackOverflow (errors.go)',
    top('PUSH0 '.repeat(1025)),
    ['step PUSH0 cost=2 err=stack limit reached 1024 (1023)', 'ctx stack limit reached 1024 (1023)'],
  ],
  [
    'PUSH1 without gas for it',
    'Run: constant gas, ErrOutOfGas',
    top('PUSH1 1 STOP', { gasLimit: leaving(2, 0) }),
    ['step PUSH1 cost=3 err=out of gas', 'ctx out of gas'],
  ],
  [
    'MSTORE at 2^64',
    'Run: memorySize overflow, ErrGasUintOverflow (not wrapped)',
    top('PUSH1 1 PUSH9 0x010000000000000000 MSTORE'),
    ['step MSTORE cost=3 err=gas uint64 overflow', 'ctx gas uint64 overflow'],
  ],
  [
    'MSTORE at 2^40',
    'memoryGasCost (gas_table.go): size > 0x1FFFFFFFE0, wrapped by Run',
    top('PUSH1 1 PUSH6 0x010000000000 MSTORE'),
    ['step MSTORE cost=3 err=out of gas: gas uint64 overflow', 'ctx out of gas: gas uint64 overflow'],
  ],
  [
    'MSTORE at 0xffffff',
    'Run: dynamic gas charged, ErrOutOfGas (cost = constant + memory gas)',
    top('PUSH1 1 PUSH4 0xffffff MSTORE'),
    [`step MSTORE cost=${3n + memFee((0xffffffn + 32n + 31n) / 32n)} err=out of gas`, 'ctx out of gas'],
  ],
  [
    'RETURNDATACOPY of 2^64 bytes',
    'Run: memoryReturnDataCopy overflow (memory_table.go)',
    top('PUSH9 0x010000000000000000 PUSH1 0 PUSH1 0 RETURNDATACOPY'),
    ['step RETURNDATACOPY cost=3 err=gas uint64 overflow', 'ctx gas uint64 overflow'],
  ],
  [
    'SSTORE with 2300 gas left',
    'makeGasSStoreFunc (operations_acl.go): reentrancy sentry',
    top('PUSH1 1 PUSH1 0 SSTORE', { gasLimit: leaving(2300, 6) }),
    [
      'step SSTORE cost=0 err=out of gas: not enough gas for reentrancy sentry',
      'ctx out of gas: not enough gas for reentrancy sentry',
    ],
  ],
  [
    'CREATE of 49153 bytes of init code',
    'gasCreateEip3860 (gas_table.go) → CheckMaxInitCodeSize (common.go)',
    top('PUSH3 49153 PUSH1 0 PUSH1 0 CREATE', { gasLimit: 121_000n }),
    [
      'step CREATE cost=32000 err=out of gas: max initcode size exceeded: code size 49153 limit 49152',
      'ctx out of gas: max initcode size exceeded: code size 49153 limit 49152',
    ],
  ],
  [
    'CALL to a cold account without gas for the cold access',
    'makeCallVariantGasCallEIP2929 (operations_acl.go): ErrOutOfGas wrapped by Run',
    top(`${args5} PUSH1 0 PUSH20 ${cold} PUSH1 0 CALL`, { gasLimit: leaving(2000, 21) }),
    ['step CALL cost=100 err=out of gas: out of gas', 'ctx out of gas: out of gas'],
  ],
  [
    'CALL with value without gas for the transfer',
    'gasCallIntrinsic (gas_table.go): ErrOutOfGas wrapped by Run',
    top(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 1 PUSH20 ${target()} PUSH1 0 CALL`, {
      gasLimit: leaving(5000, 21),
      value: 1n,
    }),
    ['step CALL cost=100 err=out of gas: out of gas', 'ctx out of gas: out of gas'],
  ],
  [
    'SELFDESTRUCT to a cold account without gas for the cold access',
    'makeSelfdestructGasFn (operations_acl.go): ErrOutOfGas wrapped by Run',
    top(`PUSH20 ${cold} SELFDESTRUCT`, { gasLimit: leaving(7000, 3) }),
    ['step SELFDESTRUCT cost=5000 err=out of gas: out of gas', 'ctx out of gas: out of gas'],
  ],
  // Write protection: checked first in the dynamic gas functions of these ops, so pre-log and wrapped.
  [
    'SSTORE in a static call',
    'makeGasSStoreFunc (operations_acl.go): ErrWriteProtection',
    inStatic('PUSH1 1 PUSH1 0 SSTORE'),
    [`step SSTORE cost=0 err=${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  [
    'SSTORE in a static call with 2300 gas left',
    'makeGasSStoreFunc: the write check comes before the sentry',
    {
      code: asm(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${W} PUSH2 2306 STATICCALL STOP`),
      alloc: { [W]: { code: bytesToHex(asm('PUSH1 1 PUSH1 0 SSTORE')) } },
    },
    [`step SSTORE cost=0 err=${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  [
    'CALL with value in a static call',
    'gasCallIntrinsic (gas_table.go): ErrWriteProtection',
    inStatic(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 1 PUSH20 ${cold} PUSH2 0xffff CALL`),
    [`step CALL cost=100 err=${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  [
    'SELFDESTRUCT in a static call',
    'makeSelfdestructGasFn (operations_acl.go): ErrWriteProtection',
    inStatic('PUSH1 0 SELFDESTRUCT'),
    [`step SELFDESTRUCT cost=5000 err=${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  [
    'CREATE in a static call',
    'gasCreateEip3860 (gas_table.go): ErrWriteProtection',
    inStatic('PUSH1 0 PUSH1 0 PUSH1 0 CREATE'),
    [`step CREATE cost=32000 err=${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  [
    'CREATE2 in a static call',
    'gasCreate2Eip3860 (gas_table.go): ErrWriteProtection',
    inStatic('PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 CREATE2'),
    [`step CREATE2 cost=32000 err=${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  // Errors of the instruction itself (core/vm/instructions.go, eips.go): the op is logged, then `fault`.
  [
    'RETURNDATACOPY of 1 byte, no return data',
    'opReturnDataCopy: ErrReturnDataOutOfBounds',
    top('PUSH1 1 PUSH1 0 PUSH1 0 RETURNDATACOPY'),
    ['fault RETURNDATACOPY cost=9 mem=32 return data out of bounds', 'ctx return data out of bounds'],
  ],
  [
    'RETURNDATACOPY of 0 bytes at offset 2^255',
    'opReturnDataCopy: offset overflows a uint64',
    top(
      'PUSH1 0 PUSH32 0x8000000000000000000000000000000000000000000000000000000000000000 PUSH1 0 RETURNDATACOPY',
    ),
    ['fault RETURNDATACOPY cost=3 mem=0 return data out of bounds', 'ctx return data out of bounds'],
  ],
  [
    'RETURNDATACOPY of 2 bytes after a call returned 1',
    'opReturnDataCopy: end > len(returnData)',
    top(
      `PUSH1 1 PUSH1 0 PUSH1 1 PUSH1 0 PUSH20 ${addr(4)} GAS STATICCALL POP PUSH1 2 PUSH1 0 PUSH1 64 RETURNDATACOPY`,
    ),
    ['fault RETURNDATACOPY cost=12 mem=96 return data out of bounds', 'ctx return data out of bounds'],
  ],
  [
    'LOG0 in a static call',
    'makeLog: ErrWriteProtection (makeGasLog does not check)',
    inStatic('PUSH1 1 PUSH1 0 LOG0'),
    ['fault LOG0 cost=386 mem=32 write protection', 'exit write protection', 'ctx undefined'],
  ],
  [
    'TSTORE in a static call',
    'opTstore (eips.go): ErrWriteProtection',
    inStatic('PUSH1 1 PUSH1 0 TSTORE'),
    ['fault TSTORE cost=100 mem=0 write protection', 'exit write protection', 'ctx undefined'],
  ],
  [
    'JUMP to a non-JUMPDEST',
    'opJump: ErrInvalidJump',
    top('PUSH1 5 JUMP'),
    ['fault JUMP cost=8 mem=0 invalid jump destination', 'ctx invalid jump destination'],
  ],
  [
    'JUMPI into PUSH data',
    'opJumpi: ErrInvalidJump (validJumpdest skips PUSH data)',
    top('PUSH2 0x5b00 PUSH1 1 PUSH1 1 JUMPI'),
    ['fault JUMPI cost=10 mem=0 invalid jump destination', 'ctx invalid jump destination'],
  ],
  [
    'INVALID (0xfe)',
    'opUndefined: ErrInvalidOpCode, OpCode.String() (opcodes.go)',
    top('INVALID'),
    ['fault INVALID cost=0 mem=0 invalid opcode: INVALID', 'ctx invalid opcode: INVALID'],
  ],
  [
    'an undefined byte (0xef)',
    'opUndefined: ErrInvalidOpCode',
    top('0xef'),
    [
      'fault opcode 0xef not defined cost=0 mem=0 invalid opcode: opcode 0xef not defined',
      'ctx invalid opcode: opcode 0xef not defined',
    ],
  ],
  [
    'DUPN (0xe6) at Prague',
    'opUndefined: opCodeToString names EIP-8024 and EOF bytes though no fork here enables them',
    top('0xe6', { hardfork: 'prague' }),
    ['fault DUPN cost=0 mem=0 invalid opcode: DUPN', 'ctx invalid opcode: DUPN'],
  ],
  [
    'DATALOAD (0xd0)',
    'opUndefined: an EOF opcode in legacy code',
    top('0xd0'),
    ['fault DATALOAD cost=0 mem=0 invalid opcode: DATALOAD', 'ctx invalid opcode: DATALOAD'],
  ],
  [
    'PUSH0 before Shanghai',
    'opUndefined: the name comes from opCodeToString, whatever the fork',
    top('PUSH0', { hardfork: 'london' }),
    ['fault PUSH0 cost=0 mem=0 invalid opcode: PUSH0', 'ctx invalid opcode: PUSH0'],
  ],
  [
    'REVERT',
    'opRevert: ErrExecutionReverted',
    top('PUSH1 0 PUSH1 0 REVERT'),
    ['fault REVERT cost=0 mem=0 execution reverted', 'ctx execution reverted'],
  ],
  // Failures of a frame, not of an op (core/vm/evm.go): exit / ctx only.
  [
    'CALL with more value than the balance',
    '(*EVM).Call: ErrInsufficientBalance',
    top(`${args5} PUSH2 1000 PUSH20 ${cold} PUSH2 1000 CALL POP STOP`),
    ['exit insufficient balance for transfer', 'ctx undefined'],
  ],
  [
    'CREATE2 twice with the same salt',
    '(*EVM).create: ErrContractAddressCollision',
    top('PUSH1 7 PUSH1 0 PUSH1 0 PUSH1 0 CREATE2 POP PUSH1 7 PUSH1 0 PUSH1 0 PUSH1 0 CREATE2 POP STOP', {
      gasLimit: 200_000n,
    }),
    ['exit contract address collision', 'ctx undefined'],
  ],
  [
    'CREATE whose init code returns 24577 bytes',
    'initNewContract (evm.go): ErrMaxCodeSizeExceeded',
    top(
      `PUSH6 ${initCode('PUSH2 24577 PUSH1 0 RETURN')} PUSH1 0 MSTORE PUSH1 6 PUSH1 26 PUSH1 0 CREATE STOP`,
    ),
    ['exit max code size exceeded', 'ctx undefined'],
  ],
  [
    'CREATE whose init code returns code starting with 0xef',
    'initNewContract (evm.go): ErrInvalidCode',
    top(
      `PUSH10 ${initCode('PUSH1 0xef PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 RETURN')} PUSH1 0 MSTORE PUSH1 10 PUSH1 22 PUSH1 0 CREATE STOP`,
    ),
    ['exit invalid code: must not begin with 0xef', 'ctx undefined'],
  ],
  // The same failure worded by fork: Cancun's gas function charges the new account after its out-of-gas check
  // (the final charge fails: plain out of gas, full cost), Prague's charges it inside (ErrOutOfGas, wrapped).
  [
    'CALL with value to a new account without gas for it (Cancun)',
    'makeCallVariantGasCallEIP2929 → gasCallIntrinsic, then the charge in Run',
    top(`${args5} PUSH1 1 PUSH20 ${cold} PUSH1 0 CALL`, { gasLimit: leaving(20_000, 21), value: 1n }),
    ['step CALL cost=36600 err=out of gas', 'ctx out of gas'],
  ],
  [
    'CALL with value to a new account without gas for it (Prague)',
    'makeCallVariantGasCallEIP7702: chargeExecution(intrinsic) fails, ErrOutOfGas wrapped by Run',
    top(`${args5} PUSH1 1 PUSH20 ${cold} PUSH1 0 CALL`, {
      gasLimit: leaving(20_000, 21),
      value: 1n,
      hardfork: 'prague',
    }),
    ['step CALL cost=100 err=out of gas: out of gas', 'ctx out of gas: out of gas'],
  ],
];

function target() {
  return addr(0xc0de);
}

/** Init code as one PUSHn immediate. */
function initCode(code: string): string {
  return bytesToHex(asm(code));
}

describe('instruction errors: geth texts and hooks', () => {
  it.each(rows)('%s (%s)', async (_name, _geth, spec, events) => {
    expect(await traceWithJsTracer(await makeRun(spec), { tracer: recorder })).toEqual(events);
  });
});
