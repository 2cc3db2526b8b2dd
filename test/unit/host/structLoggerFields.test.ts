import { bytesToHex } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { traceWithStructLogger, type StructLoggerConfig } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { addr, makeRun, target } from './evmHarness.ts';

// Expected values follow geth's default logger (eth/tracers/logger/logger.go: StructLogger.OnOpcode and
// StructLog.toLegacyJSON, v1.14+): empty memory, return data and storage are omitted, `error` and `refund` are
// omitempty, storage keys/values are 64 hex digits without 0x, stack items are 0x-quantities.

type Log = Record<string, unknown>;
type Result = { gas: number; failed: boolean; returnValue: string; structLogs: Log[] };

const word = (n: number) => n.toString(16).padStart(64, '0');

async function trace(code: string, config: StructLoggerConfig = {}, storage?: Record<string, string>) {
  const alloc = storage ? { [target]: { code: bytesToHex(asm(code)), storage } } : {};
  return (await traceWithStructLogger(await makeRun({ code: asm(code), alloc }), config)) as Result;
}

describe('struct logger: storage, refund, stack (geth StructLogger.OnOpcode)', () => {
  // slot 5 holds 7 before the tx (SLOAD reads the state, not a prior SSTORE); slot 1 holds 1 and is cleared (refund).
  const code = 'PUSH1 5 SLOAD POP PUSH1 0x10 PUSH1 2 SSTORE PUSH1 0 PUSH1 1 SSTORE STOP';
  const pre = { ['0x' + word(5)]: '0x' + word(7), ['0x' + word(1)]: '0x' + word(1) };
  const s5 = { [word(5)]: word(7) };
  const s52 = { ...s5, [word(2)]: word(0x10) };
  const s521 = { ...s52, [word(1)]: word(0) };

  it('logs exactly geth’s fields for every op', async () => {
    const res = await trace(code, {}, pre);
    // Cancun: cold SLOAD 2100, SSTORE 0→0x10 cold 22100, 1→0 cold 5000 with refund 4800 (EIP-3529), added by
    // geth's gas function before OnOpcode, so the SSTORE's own log shows it.
    expect(res.structLogs).toStrictEqual([
      { pc: 0, op: 'PUSH1', gas: 79000, gasCost: 3, depth: 1, stack: [] },
      { pc: 2, op: 'SLOAD', gas: 78997, gasCost: 2100, depth: 1, stack: ['0x5'], storage: s5 },
      { pc: 3, op: 'POP', gas: 76897, gasCost: 2, depth: 1, stack: ['0x7'] },
      { pc: 4, op: 'PUSH1', gas: 76895, gasCost: 3, depth: 1, stack: [] },
      { pc: 6, op: 'PUSH1', gas: 76892, gasCost: 3, depth: 1, stack: ['0x10'] },
      { pc: 8, op: 'SSTORE', gas: 76889, gasCost: 22100, depth: 1, stack: ['0x10', '0x2'], storage: s52 },
      { pc: 9, op: 'PUSH1', gas: 54789, gasCost: 3, depth: 1, stack: [] },
      { pc: 11, op: 'PUSH1', gas: 54786, gasCost: 3, depth: 1, stack: ['0x0'] },
      {
        pc: 13,
        op: 'SSTORE',
        gas: 54783,
        gasCost: 5000,
        depth: 1,
        stack: ['0x0', '0x1'],
        storage: s521,
        refund: 4800,
      },
      { pc: 14, op: 'STOP', gas: 49783, gasCost: 0, depth: 1, stack: [], refund: 4800 },
    ]);
    // receipt gas: 21000 + 29217 execution − 4800 refund
    expect(res).toMatchObject({ gas: 45417, failed: false, returnValue: '0x' });
  });

  // geth checks the stack before OnOpcode and logs the failing op with the error (an INVALID op, by contrast, fails
  // while executing: its log has no error).
  it('only SLOAD and SSTORE show storage, not other ops with two stack items', async () => {
    const res = await trace('PUSH1 1 PUSH1 2 ADD PUSH1 3 PUSH1 4 MSTORE STOP', {}, pre);
    expect(res.structLogs.filter((l) => 'storage' in l)).toStrictEqual([]);
  });

  it('an op failing before it runs carries geth’s error text, the others no error key', async () => {
    const res = await trace('PUSH1 1 ADD');
    expect(res.structLogs.map((l) => ('error' in l ? l.error : '-'))).toStrictEqual([
      '-',
      'stack underflow (1 <=> 2)',
    ]);
    expect(res).toMatchObject({ failed: true, returnValue: '0x' });
  });
});

describe('struct logger limit (geth: Limit != 0 && Limit <= len(logs) stops logging)', () => {
  it.each([
    [undefined, 4],
    [0, 4],
    [1, 1],
    [3, 3],
    [4, 4],
    [9, 4],
    [-1, 0],
  ])('limit %s → %i logs', async (limit, count) => {
    const res = await trace('PUSH1 1 PUSH1 2 ADD STOP', { limit });
    expect(res.structLogs).toHaveLength(count);
  });
});

describe('struct logger memory (geth toLegacyJSON: 32-byte words as lowercase hex, none while memory is empty)', () => {
  it('shows memory words only once memory exists', async () => {
    const res = await trace('PUSH1 0x10 PUSH1 0 MSTORE8 PUSH1 0x0f PUSH1 33 MSTORE8 STOP', {
      enableMemory: true,
      disableStack: true,
    });
    const w0 = '10' + '00'.repeat(31);
    expect(res.structLogs.map((l) => ('memory' in l ? l.memory : '-'))).toStrictEqual([
      '-',
      '-',
      '-',
      [w0],
      [w0],
      [w0],
      [w0, '000f' + '00'.repeat(30)],
    ]);
  });
});

describe('struct logger returnData (geth: the last call’s return data, omitted while empty)', () => {
  it('shows the callee’s return data after the CALL, in the caller only', async () => {
    const callee = addr(0xbeef);
    const code = `PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH2 0xbeef GAS CALL POP STOP`;
    const run = await makeRun({
      code: asm(code),
      alloc: { [callee]: { code: bytesToHex(asm('PUSH1 0x10 PUSH1 0 MSTORE8 PUSH1 2 PUSH1 0 RETURN')) } },
    });
    const res = (await traceWithStructLogger(run, { enableReturnData: true, disableStack: true })) as Result;
    expect(res.structLogs.map((l) => [l.op, l.depth, 'returnData' in l ? l.returnData : '-'])).toStrictEqual([
      ['PUSH1', 1, '-'],
      ['PUSH1', 1, '-'],
      ['PUSH1', 1, '-'],
      ['PUSH1', 1, '-'],
      ['PUSH1', 1, '-'],
      ['PUSH2', 1, '-'],
      ['GAS', 1, '-'],
      ['CALL', 1, '-'],
      ['PUSH1', 2, '-'],
      ['PUSH1', 2, '-'],
      ['MSTORE8', 2, '-'],
      ['PUSH1', 2, '-'],
      ['PUSH1', 2, '-'],
      ['RETURN', 2, '-'],
      ['POP', 1, '0x1000'],
      ['STOP', 1, '0x1000'],
    ]);
  });

  it('leaves returnData out unless enableReturnData', async () => {
    const callee = addr(0xbeef);
    const run = await makeRun({
      code: asm('PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH1 0 PUSH2 0xbeef GAS CALL STOP'),
      alloc: { [callee]: { code: bytesToHex(asm('PUSH1 1 PUSH1 0 RETURN')) } },
    });
    const res = (await traceWithStructLogger(run)) as Result;
    expect(res.structLogs.filter((l) => 'returnData' in l)).toStrictEqual([]);
  });
});

describe('struct logger storage of failing SLOAD/SSTORE (geth: captured when stackLen >= 1 / >= 2, error or not)', () => {
  const stored = { [word(1)]: word(0x2a) };
  it.each([
    // SLOAD / SSTORE without their operands: stack underflow, nothing captured, so no storage at all
    ['PUSH1 0x2a PUSH1 1 SSTORE SLOAD', 'SLOAD', 'stack underflow (0 <=> 1)', undefined],
    ['PUSH1 0x2a PUSH1 1 SSTORE PUSH1 1 SSTORE', 'SSTORE', 'stack underflow (1 <=> 2)', undefined],
  ])('%s: the last op', async (code, op, error, storage) => {
    const logs = (await trace(code)).structLogs;
    expect(logs[2].storage).toStrictEqual(stored);
    const last = logs.at(-1)!;
    expect([last.op, last.error, 'storage' in last ? last.storage : undefined]).toStrictEqual([
      op,
      error,
      storage,
    ]);
  });

  it('an SSTORE out of gas (EIP-2200 sentry: 2300 gas left) still shows the slot it would write', async () => {
    const run = await makeRun({ code: asm('PUSH1 0x2a PUSH1 1 SSTORE'), gasLimit: 21_000n + 6n + 2300n });
    const res = (await traceWithStructLogger(run)) as Result;
    expect(res.structLogs.at(-1)).toStrictEqual({
      pc: 4,
      op: 'SSTORE',
      gas: 2300,
      gasCost: 0,
      depth: 1,
      stack: ['0x2a', '0x1'],
      storage: stored,
      error: 'out of gas: not enough gas for reentrancy sentry',
    });
  });
});
