import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@ethereumjs/util';
import { asm } from './assemble.ts';
import { addr, makeRun, senderHex, type RunSpec } from './evmHarness.ts';
import { traceWithJsTracer } from './tracePlain.ts';
import { costRecorder as recorder } from './recordErrors.ts';

// gethDynamicGas.ts for the ops other than the CALL family's gas: the memory each op needs (memory_table.go), the
// checks in (*EVM).Run (core/vm/interpreter.go: constant gas, memory size as a uint64, dynamic gas, then the log)
// and the gas functions of gas_table.go / operations_acl.go, at go-ethereum's HEAD. A pre-log error reaches `step`
// with the cost geth's log shows (constant gas, plus the dynamic gas when only the final charge fails); an error of
// the instruction reaches `fault` with the memory as Run resized it (never smaller than before). Each row's label
// names the geth rule and, in brackets, the gethDynamicGas.ts mutants (line:col) it tells apart.

type Spec = RunSpec & { code: Uint8Array };
const top = (code: string, spec: RunSpec = {}): Spec => ({ code: asm(code), ...spec });
const W = addr(0xabab);
const cold = addr(0xc01d);
/** The callee W runs `code` in a static context with exactly `gas` gas (STATICCALL passes no stipend). */
const inStatic = (code: string, gas: number): Spec => ({
  code: asm(`PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${W} PUSH3 ${gas} STATICCALL STOP`),
  alloc: { [W]: { code: bytesToHex(asm(code)) } },
});
/** Gas limit that leaves `left` gas when the op after `pushGas` gas of pushes starts. */
const leaving = (left: number, pushGas: number) => BigInt(21_000 + pushGas + left);
/** memoryGasCost's formula for a memory of `words` words (gas_table.go). */
const memFee = (words: bigint) => words * 3n + (words * words) / 512n;

const pow64 = '0x010000000000000000';
const pow40 = '0x010000000000';
const zeros4 = 'PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0';
const u64 = 'gas uint64 overflow';
const wrappedU64 = `out of gas: ${u64}`;
const wp = 'write protection';
const rdoob = 'return data out of bounds';

type Row = [name: string, spec: Spec, events: string[]];

const memoryRows: Row[] = [
  // Run rounds the size up to words within a uint64: 2^64 − 32 does, 2^64 − 31 does not (memSize's overflow and the
  // rounding are one check here).
  [
    'MSTORE at 2^64 − 64 (size 2^64 − 32): rounds, then memoryGasCost, wrapped',
    top('PUSH1 1 PUSH8 0xffffffffffffffc0 MSTORE'),
    [`step MSTORE cost=3 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'MSTORE at 2^64 − 63 (size 2^64 − 31): does not round, Run',
    top('PUSH1 1 PUSH8 0xffffffffffffffc1 MSTORE'),
    [`step MSTORE cost=3 err=${u64}`, `ctx ${u64}`],
  ],
  // calcMemSize64WithUint: a zero length needs no memory, whatever the offset.
  ['RETURN of 0 bytes at 2^64: no memory', top(`PUSH1 0 PUSH9 ${pow64} RETURN`), ['ctx undefined']],
  // REVERT (no constant gas): memoryRevert needs back(0)+back(1), then gasRevert = memoryGasCost [102:5].
  [
    'REVERT of 1 byte at 2^64: memoryRevert overflows, Run',
    top(`PUSH1 1 PUSH9 ${pow64} REVERT`),
    [`step REVERT cost=0 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'REVERT of 1 byte at 2^40: gasRevert → memoryGasCost, wrapped',
    top(`PUSH1 1 PUSH6 ${pow40} REVERT`),
    [`step REVERT cost=0 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  // MSTORE needs offset+32: at 0x1fffffffc1 that rounds past 0x1FFFFFFFE0, 1 byte would not [107:5].
  [
    'MSTORE at 0x1fffffffc1: memoryGasCost ErrGasUintOverflow, wrapped',
    top('PUSH1 1 PUSH6 0x1fffffffc1 MSTORE'),
    [`step MSTORE cost=3 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  // MSTORE8 needs offset+1 (memoryMStore8) [109:5: its stack has no third item to take as a length].
  [
    'MSTORE8 at 2^64: memoryMStore8 overflows, Run',
    top(`PUSH1 1 PUSH9 ${pow64} MSTORE8`),
    [`step MSTORE8 cost=3 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'MSTORE8 at 2^40: memoryGasCost, wrapped',
    top(`PUSH1 1 PUSH6 ${pow40} MSTORE8`),
    [`step MSTORE8 cost=3 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'MSTORE8 at 0x1fffffffdf: 0xffffffff words fit memoryGasCost, the charge fails',
    top('PUSH1 1 PUSH6 0x1fffffffdf MSTORE8'),
    [`step MSTORE8 cost=${3n + memFee(0xffffffffn)} err=out of gas`, 'ctx out of gas'],
  ],
  // MCOPY needs max(dst, src)+length (memoryMcopy) [111:5, 112:22].
  [
    'MCOPY to 2^64: memoryMcopy overflows',
    top(`PUSH1 1 PUSH1 0 PUSH9 ${pow64} MCOPY`),
    [`step MCOPY cost=3 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'MCOPY from 2^64: memoryMcopy overflows',
    top(`PUSH1 1 PUSH9 ${pow64} PUSH1 0 MCOPY`),
    [`step MCOPY cost=3 err=${u64}`, `ctx ${u64}`],
  ],
  // EXTCODECOPY: memory at back(1) for back(3) bytes (memoryExtCodeCopy); constant gas 100 from Berlin (enable2929),
  // 700 before (EIP-150) [104:5].
  [
    'EXTCODECOPY to 2^64: memoryExtCodeCopy overflows after the 100 constant',
    top(`PUSH1 1 PUSH1 0 PUSH9 ${pow64} PUSH20 ${cold} EXTCODECOPY`),
    [`step EXTCODECOPY cost=100 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'EXTCODECOPY to 2^40: gasExtCodeCopyEIP2929 → memoryCopierGas, wrapped',
    top(`PUSH1 1 PUSH1 0 PUSH6 ${pow40} PUSH20 ${cold} EXTCODECOPY`),
    [`step EXTCODECOPY cost=100 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'EXTCODECOPY with 99 gas left: the constant charge fails',
    top(`PUSH1 1 PUSH1 0 PUSH1 0 PUSH20 ${cold} EXTCODECOPY`, { gasLimit: leaving(99, 12) }),
    ['step EXTCODECOPY cost=100 err=out of gas', 'ctx out of gas'],
  ],
  [
    'EXTCODECOPY to 2^64 at Istanbul: constant 700',
    top(`PUSH1 1 PUSH1 0 PUSH9 ${pow64} PUSH20 ${cold} EXTCODECOPY`, { hardfork: 'istanbul' }),
    [`step EXTCODECOPY cost=700 err=${u64}`, `ctx ${u64}`],
  ],
  // CREATE/CREATE2: memory at back(1) for back(2) bytes (memoryCreate, memoryCreate2) [114:5, 207:11, 207:52].
  [
    'CREATE from 2^64: memoryCreate overflows',
    top(`PUSH1 1 PUSH9 ${pow64} PUSH1 0 CREATE`),
    [`step CREATE cost=32000 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'CREATE from 2^40: gasCreateEip3860 → memoryGasCost, wrapped',
    top(`PUSH1 1 PUSH6 ${pow40} PUSH1 0 CREATE`),
    [`step CREATE cost=32000 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'CREATE2 from 2^40: gasCreate2Eip3860 → memoryGasCost, wrapped',
    top(`PUSH1 0 PUSH1 1 PUSH6 ${pow40} PUSH1 0 CREATE2`),
    [`step CREATE2 cost=32000 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  // Below the limit CheckMaxInitCodeSize passes [210:11].
  ['CREATE of empty init code: no error', top('PUSH1 0 PUSH1 0 PUSH1 0 CREATE STOP'), ['ctx undefined']],
];

// memoryCall / memoryCallCode: the larger of back(5)+back(6) (out) and back(3)+back(4) (in); memoryDelegateCall /
// memoryStaticCall: back(4)+back(5) and back(2)+back(3). A null (overflow) on either side wins. The callee (the
// identity precompile) is warm, so gasCall's memoryGasCost is what fails; the constant is 100.
const P = addr(4);
const callRows: Row[] = [
  [
    'CALL, out 2^40 bytes [89:66, 90:44 false/<=, 117:5]',
    top(`PUSH6 ${pow40} PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${P} PUSH1 0 CALL`),
    [`step CALL cost=100 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'CALL, in 2^40 bytes [90:44 true]',
    top(`PUSH1 0 PUSH1 0 PUSH6 ${pow40} PUSH1 0 PUSH1 0 PUSH20 ${P} PUSH1 0 CALL`),
    [`step CALL cost=100 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'CALL, out at 2^64, in empty [90:10 false, ||→&&]',
    top(`PUSH1 1 PUSH9 ${pow64} PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${P} PUSH1 0 CALL`),
    [`step CALL cost=100 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'CALL, in at 2^64, out 1 byte [90:24 false]',
    top(`PUSH1 1 PUSH1 0 PUSH1 1 PUSH9 ${pow64} PUSH1 0 PUSH20 ${P} PUSH1 0 CALL`),
    [`step CALL cost=100 err=${u64}`, `ctx ${u64}`],
  ],
  [
    'STATICCALL, out 2^40 bytes [120:5]',
    top(`PUSH6 ${pow40} PUSH1 0 PUSH1 0 PUSH1 0 PUSH20 ${P} PUSH1 0 STATICCALL`),
    [`step STATICCALL cost=100 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'CALL with 50 gas left: the constant (100) charge fails [187:34]',
    top(`${zeros4} PUSH1 0 PUSH20 ${cold} PUSH1 0 CALL`, { gasLimit: leaving(50, 21) }),
    ['step CALL cost=100 err=out of gas', 'ctx out of gas'],
  ],
];

// enable2929: BALANCE, EXTCODESIZE, EXTCODEHASH charge 100 as constant gas, the cold surcharge (2500) dynamically.
const accountRows: Row[] = ['BALANCE', 'EXTCODESIZE', 'EXTCODEHASH'].flatMap((op): Row[] => [
  [
    `${op} of a cold account with 99 gas left: the constant charge fails`,
    top(`PUSH20 ${cold} ${op}`, { gasLimit: leaving(99, 3) }),
    [`step ${op} cost=100 err=out of gas`, 'ctx out of gas'],
  ],
  [
    `${op} of a cold account with 2599 gas left: the dynamic charge fails`,
    top(`PUSH20 ${cold} ${op}`, { gasLimit: leaving(2599, 3) }),
    [`step ${op} cost=2600 err=out of gas`, 'ctx out of gas'],
  ],
]);

const rangeRows: Row[] = [
  // Only LOG0–LOG4 take memory from back(0), back(1) [123:7, 123:21].
  ['SSTORE at key 2^64: no memory, no error', top(`PUSH1 1 PUSH9 ${pow64} SSTORE STOP`), ['ctx undefined']],
  [
    'SELFDESTRUCT above a 2^64 item: no memory, no error',
    top(`PUSH9 ${pow64} PUSH20 ${cold} SELFDESTRUCT`),
    ['ctx undefined'],
  ],
  [
    'LOG4 from 2^64: memoryLog overflows, LOG has no constant gas',
    top(`${zeros4} PUSH1 1 PUSH9 ${pow64} LOG4`),
    [`step LOG4 cost=0 err=${u64}`, `ctx ${u64}`],
  ],
];

// makeSelfdestructGasFn: a cold beneficiary needs 2600 left after the 5000 constant [217:11, 217:52].
const selfdestructRows: Row[] = [
  [
    'SELFDESTRUCT to a cold account with exactly 2600 after the constant',
    top(`PUSH20 ${cold} SELFDESTRUCT`, { gasLimit: leaving(7600, 3) }),
    ['ctx undefined'],
  ],
  // The cold charge needs EIP-2929 and a cold beneficiary: before Berlin, or to the (warm) sender, 100 is enough.
  [
    'SELFDESTRUCT to a cold account with 100 after the constant (Istanbul)',
    top(`PUSH20 ${cold} SELFDESTRUCT`, { hardfork: 'istanbul', gasLimit: leaving(5100, 3) }),
    ['ctx undefined'],
  ],
  [
    'SELFDESTRUCT to the warm sender with 100 after the constant',
    top(`PUSH20 ${senderHex} SELFDESTRUCT`, { gasLimit: leaving(5100, 3) }),
    ['ctx undefined'],
  ],
  [
    'SELFDESTRUCT to a cold account with 2599 after the constant',
    top(`PUSH20 ${cold} SELFDESTRUCT`, { gasLimit: leaving(7599, 3) }),
    ['step SELFDESTRUCT cost=5000 err=out of gas: out of gas', 'ctx out of gas: out of gas'],
  ],
];

// makeGasLog has no write check: in a static call the charge decides between a pre-log out of gas (cost = 375 +
// 375 per topic + memory + 8 per byte) and makeLog's write protection fault [127:38, 154:10, 236, 237].
const log1024 = 'PUSH2 1024 PUSH1 0 LOG0';
const log1024Cost = 375n + memFee(32n) + 8n * 1024n;
const logRows: Row[] = [
  [
    'LOG0 of 1024 bytes, 1 gas short',
    inStatic(log1024, Number(log1024Cost) + 5),
    [`step LOG0 cost=${log1024Cost} err=out of gas`, 'exit out of gas', 'ctx undefined'],
  ],
  [
    'LOG0 of 1024 bytes, exactly enough gas',
    inStatic(log1024, Number(log1024Cost) + 6),
    [`fault LOG0 cost=${log1024Cost} mem=1024 ${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
  [
    'LOG2 without data with 1000 gas left',
    inStatic('PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 LOG2', 1012),
    ['step LOG2 cost=1125 err=out of gas', 'exit out of gas', 'ctx undefined'],
  ],
  [
    'LOG0 of 1 byte after memory grew to 3 words: the fault shows 96 bytes',
    inStatic('PUSH1 0 PUSH1 64 MSTORE PUSH1 1 PUSH1 0 LOG0', 50_000),
    [`fault LOG0 cost=383 mem=96 ${wp}`, `exit ${wp}`, 'ctx undefined'],
  ],
];

// RETURNDATACOPY: memoryCopierGas (memory, then 3 per word), then opReturnDataCopy's bound [222, 225, 227].
const rdc1 = 'PUSH1 1 PUSH1 0 PUSH1 0 RETURNDATACOPY';
const returnDataRows: Row[] = [
  [
    'RETURNDATACOPY to 2^40: memoryCopierGas → memoryGasCost, wrapped',
    top(`PUSH1 1 PUSH1 0 PUSH6 ${pow40} RETURNDATACOPY`),
    [`step RETURNDATACOPY cost=3 err=${wrappedU64}`, `ctx ${wrappedU64}`],
  ],
  [
    'RETURNDATACOPY of 1 byte past the end, 1 gas short of 9',
    top(rdc1, { gasLimit: leaving(8, 9) }),
    ['step RETURNDATACOPY cost=9 err=out of gas', 'ctx out of gas'],
  ],
  [
    'RETURNDATACOPY of 1 byte past the end, exactly 9 gas',
    top(rdc1, { gasLimit: leaving(9, 9) }),
    [`fault RETURNDATACOPY cost=9 mem=32 ${rdoob}`, `ctx ${rdoob}`],
  ],
  [
    'RETURNDATACOPY of 1 byte past the end after memory grew to 3 words',
    top(`PUSH1 0 PUSH1 64 MSTORE ${rdc1}`),
    [`fault RETURNDATACOPY cost=6 mem=96 ${rdoob}`, `ctx ${rdoob}`],
  ],
  [
    'RETURNDATACOPY of all the return data: no error',
    top(
      `PUSH1 0 PUSH1 0 PUSH1 1 PUSH1 0 PUSH20 ${P} GAS STATICCALL POP PUSH1 1 PUSH1 0 PUSH1 0 RETURNDATACOPY STOP`,
    ),
    ['ctx undefined'],
  ],
];

describe('gethDynamicGas: memory sizes, constant gas and the ops checked before the log', () => {
  it.each([
    ...memoryRows,
    ...callRows,
    ...accountRows,
    ...rangeRows,
    ...selfdestructRows,
    ...logRows,
    ...returnDataRows,
  ])('%s', async (_name, spec, events) => {
    expect(await traceWithJsTracer(await makeRun(spec), { tracer: recorder })).toEqual(events);
  });
});
