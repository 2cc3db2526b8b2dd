import { describe, expect, it } from 'vitest';
import { traceWithStructLogger } from '../../../src/evm/host/traceTransaction.ts';
import { asm } from './assemble.ts';
import { makeRun } from './evmHarness.ts';

describe('struct logger', () => {
  const code = asm('PUSH1 0x2a PUSH1 1 SSTORE PUSH1 1 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN');

  it('logs every op with stack, storage and refund like geth', async () => {
    const res = (await traceWithStructLogger(await makeRun({ code }))) as {
      gas: number;
      failed: boolean;
      returnValue: string;
      structLogs: Array<Record<string, unknown>>;
    };
    expect(res.failed).toBe(false);
    expect(res.returnValue).toBe('0x' + '00'.repeat(31) + '2a');
    expect(res.structLogs.map((l) => l.op)).toEqual([
      'PUSH1',
      'PUSH1',
      'SSTORE',
      'PUSH1',
      'SLOAD',
      'PUSH1',
      'MSTORE',
      'PUSH1',
      'PUSH1',
      'RETURN',
    ]);
    const slot = '00'.repeat(31) + '01';
    const value = '00'.repeat(31) + '2a';
    expect(res.structLogs[2]).toEqual({
      pc: 4,
      op: 'SSTORE',
      gas: 78994,
      gasCost: 22100,
      depth: 1,
      stack: ['0x2a', '0x1'],
      storage: { [slot]: value },
    });
    expect(res.structLogs[4]).toMatchObject({
      op: 'SLOAD',
      gasCost: 100,
      stack: ['0x1'],
      storage: { [slot]: value },
    });
    // 21000 intrinsic + 3+3+22100+3+100+3+3(+3 memory)+3+3+0
    expect(res.gas).toBe(21000 + 3 + 3 + 22100 + 3 + 100 + 3 + 6 + 3 + 3);
  });

  // geth v1.14+ (StructLog.toLegacyJSON) leaves `memory` out while memory is empty.
  it('honours disableStack, disableStorage, enableMemory and limit', async () => {
    const res = (await traceWithStructLogger(await makeRun({ code }), {
      disableStack: true,
      disableStorage: true,
      enableMemory: true,
      limit: 9,
    })) as { structLogs: Array<Record<string, unknown>> };
    expect(res.structLogs).toHaveLength(9);
    expect(res.structLogs[2]).toEqual({
      pc: 4,
      op: 'SSTORE',
      gas: 78994,
      gasCost: 22100,
      depth: 1,
    });
    expect(res.structLogs[7].memory).toEqual(['00'.repeat(31) + '2a']);
  });

  it('reports failure and revert data', async () => {
    const res = (await traceWithStructLogger(
      await makeRun({ code: asm('PUSH1 0xaa PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 REVERT') }),
    )) as { failed: boolean; returnValue: string };
    expect(res).toMatchObject({ failed: true, returnValue: '0xaa' });
  });
});
