import { describe, expect, it } from 'vitest';
import { detectResultShape, type ShapeKind } from '../../../src/core/result/detectResultShape.ts';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const frame = { type: 'CALL', from: A, to: B, gas: '0x5208', gasUsed: '0x100', input: '0x', value: '0x0' };
const flat = {
  action: { callType: 'call', from: A, to: B, gas: '0x5208', input: '0x', value: '0x0' },
  result: { gasUsed: '0x0', output: '0x' },
  subtraces: 0,
  traceAddress: [],
  type: 'call',
};
const word = (n: number) => '0x' + n.toString(16).padStart(64, '0');

describe('detectResultShape', () => {
  const cases: [string, unknown, ShapeKind][] = [
    ['callTracer frame', { ...frame, calls: [{ ...frame, type: 'STATICCALL' }] }, 'call-tree'],
    ['callTracer frame without calls', frame, 'call-tree'],
    ['callTracer CREATE2 in lower case', { type: 'create2', from: A, gas: '0x1' }, 'call-tree'],
    ['a frame needs a sender', { type: 'CALL', to: B, gas: '0x1' }, 'unknown'],
    ['a frame needs a call type', { type: 'TRANSFER', from: A, to: B, gas: '0x1' }, 'unknown'],
    ['parity flat trace', [flat, { ...flat, traceAddress: [0] }], 'flat-calls'],
    ['array of call frames', [frame, { ...frame, type: 'DELEGATECALL' }], 'flat-calls'],
    ['opcode histogram', { PUSH1: 148, MSTORE: 33, STOP: 1 }, 'counts'],
    ['4byteTracer counts', { '0xa9059cbb-64': 1, '0x095ea7b3-64': 2 }, 'counts'],
    ['a map with a string value is no count map', { PUSH1: 1, note: 'x' }, 'unknown'],
    ['empty object', {}, 'unknown'],
    ['SLOAD/SSTORE records', [{ op: 'SLOAD', pc: 1, slot: word(0), value: word(1) }], 'records'],
    ['event logs', [{ address: A, topics: [word(1)], data: '0x', depth: 1 }], 'records'],
    ['ERC-20 transfers', [{ token: A, from: A, to: B, value: '1000' }], 'records'],
    ['revert-finder records (type CALL but no from)', [{ depth: 1, type: 'CALL', address: A }], 'records'],
    [
      'struct logger: records under one key, other fields scalars',
      { gas: 21000, failed: false, returnValue: '', structLogs: [{ pc: 0, op: 'PUSH1', depth: 1 }] },
      'records',
    ],
    ['two lists of records: unknown', { a: [{ x: 1 }], b: [{ y: 1 }] }, 'unknown'],
    ['a list of scalars (call.js) is raw JSON', ['1000', '2000'], 'unknown'],
    ['a mixed list is raw JSON', [{ a: 1 }, 2], 'unknown'],
    ['empty array', [], 'unknown'],
    [
      'prestate diff mode',
      { pre: { [A]: { balance: '0x1' } }, post: { [A]: { balance: '0x2' } } },
      'state-diff',
    ],
    ['prestate (not diff mode) is raw JSON', { [A]: { balance: '0x1', nonce: 1, storage: {} } }, 'unknown'],
    ['storage before/after', { [A]: { [word(0)]: { before: word(0), after: word(7) } } }, 'state-diff'],
    [
      'block trace',
      [
        { txHash: word(1), result: frame },
        { txHash: word(2), error: 'boom' },
      ],
      'block',
    ],
    ['block trace without hashes', [{ result: 1 }], 'block'],
    ['block-like entries with other keys are records', [{ txHash: word(1), result: 1, gas: 2 }], 'records'],
    ['a number', 42, 'unknown'],
    ['a string', 'frame', 'unknown'],
    ['null', null, 'unknown'],
  ];
  it.each(cases)('%s', (_, value, want) => {
    expect(detectResultShape(value)).toBe(want);
  });

  it('looks at a sample only: of a million records, the first 64', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => ({ op: 'SLOAD', pc: i }));
    const read = new Set<number>();
    const watched = new Proxy(many, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    expect(detectResultShape(watched)).toBe('records');
    expect(Math.max(...read)).toBeLessThan(64);
  });
});
