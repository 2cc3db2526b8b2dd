import { describe, expect, it } from 'vitest';
import { layoutFlame, prepareCallTree } from '../../../src/core/result/prepareCallTree.ts';
import { prepareCounts, sumCounts } from '../../../src/core/result/prepareCounts.ts';
import { prepareResultViews } from '../../../src/core/result/prepareResultViews.ts';
import { prepareStateDiff } from '../../../src/core/result/prepareStateDiff.ts';
import {
  compareCells,
  prepareFlatCalls,
  prepareRecords,
  sortRows,
} from '../../../src/core/result/prepareTables.ts';
import { compactHex, formatWei, toBigInt } from '../../../src/core/result/quantities.ts';
import type { Cell } from '../../../src/core/result/viewData.ts';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const C = '0x00000000000000000000000000000000000000cc';
const word = (n: number) => '0x' + n.toString(16).padStart(64, '0');
const hex = (n: number) => '0x' + n.toString(16);
const call = (type: string, to: string, gasUsed: number, more: Record<string, unknown> = {}) => ({
  type,
  from: A,
  to,
  gas: hex(gasUsed * 2),
  gasUsed: hex(gasUsed),
  input: '0x',
  ...more,
});

describe('quantities', () => {
  const wei: [unknown, string | null][] = [
    ['0x0', '0 ETH'],
    ['0x38d7ea4c68000', '0.001 ETH'],
    ['1000000000000000000000', '1,000 ETH'],
    [1, '0.000000000000000001 ETH'],
    ['-1500000000000000000', '-1.5 ETH'],
    ['0xzz', null],
    [1.5, null],
    [null, null],
  ];
  it.each(wei)('formatWei(%j) = %j', (v, want) => expect(formatWei(v)).toBe(want));
  const compact: [string, string][] = [
    [word(7), '0x7'],
    [word(0), '0x0'],
    ['0x000000000000000000000000263ea7d599a87a395c2964ca4831904d5f965ae4', '0x263ea7d599…5f965ae4'],
    ['0x57ac84e83aeededd938edbd8154d3442ffc597461d02ee20306ab96d8457cdfe', '0x57ac84e83a…8457cdfe'],
    [A, '0x0000000000…000000aa'],
    ['0x38d7ea4c68000', '0x38d7ea4c68000'],
    ['transfer(address,uint256)', 'transfer(address,uint256)'],
  ];
  it.each(compact)('compactHex(%s) = %s', (text, want) => expect(compactHex(text)).toBe(want));
  it('toBigInt reads hex, decimal and safe numbers only', () => {
    expect(toBigInt('0x10')).toBe(16n);
    expect(toBigInt('42')).toBe(42n);
    expect(toBigInt(2 ** 60)).toBeNull();
    expect(toBigInt('4.2')).toBeNull();
  });
});

describe('prepareCallTree', () => {
  const tree = call('CALL', B, 1000, {
    value: '0x38d7ea4c68000',
    input: '0xa9059cbb' + '00'.repeat(64),
    calls: [
      call('DELEGATECALL', C, 300, { input: '0xdeadbeef' }),
      call('STATICCALL', C, 200, {
        error: 'execution reverted',
        revertReason: 'nope',
        calls: [call('CALL', A, 50)],
      }),
    ],
  });

  it('lists frames depth-first with parents, decoded methods, values in ether and errors', () => {
    const { frames, totalFrames, maxDepth } = prepareCallTree(tree);
    expect(totalFrames).toBe(4);
    expect(maxDepth).toBe(2);
    expect(
      frames.map((f) => [f.id, f.parent, f.depth, f.type, f.gasUsed, f.method ?? f.selector, f.childCount]),
    ).toEqual([
      [0, -1, 0, 'CALL', 1000, 'transfer(address,uint256)', 2],
      [1, 0, 1, 'DELEGATECALL', 300, '0xdeadbeef', 0],
      [2, 0, 1, 'STATICCALL', 200, null, 1],
      [3, 2, 2, 'CALL', 50, null, 0],
    ]);
    expect(frames[0].value).toBe('0.001 ETH');
    expect(frames[1].value).toBeNull();
    expect([frames[2].error, frames[2].revertReason]).toEqual(['execution reverted', 'nope']);
  });

  it('stops at the limit and still counts every frame', () => {
    const wide = call('CALL', B, 10, { calls: Array.from({ length: 50 }, () => call('CALL', C, 1)) });
    const data = prepareCallTree(wide, 10);
    expect(data.frames).toHaveLength(10);
    expect(data.totalFrames).toBe(51);
    expect(data.flame).toHaveLength(10);
  });

  it('a creation has no selector (its input is init code)', () => {
    const [, create] = prepareCallTree(
      call('CALL', B, 10, { calls: [call('CREATE2', C, 5, { input: '0xa9059cbb6080' })] }),
    ).frames;
    expect([create.selector, create.method]).toEqual([null, null]);
  });

  it('a non-frame gives nothing', () => {
    expect(prepareCallTree({ foo: 1 }).frames).toEqual([]);
  });
});

describe('layoutFlame', () => {
  const bars = (t: unknown) =>
    layoutFlame(prepareCallTree(t).frames).map((b) => [b.depth, +b.start.toFixed(2), +b.end.toFixed(2)]);
  const cases: [string, unknown, number[][]][] = [
    ['one frame spans its gas used', call('CALL', B, 100), [[0, 0, 100]]],
    [
      'children side by side from the parent left edge',
      call('CALL', B, 100, { calls: [call('CALL', C, 30), call('CALL', C, 20)] }),
      [
        [0, 0, 100],
        [1, 0, 30],
        [1, 30, 50],
      ],
    ],
    [
      'children that report more than the parent are squeezed into it',
      call('CALL', B, 100, { calls: [call('CALL', C, 150), call('CALL', C, 50)] }),
      [
        [0, 0, 100],
        [1, 0, 75],
        [1, 75, 100],
      ],
    ],
    [
      'grandchildren shrink with their squeezed parent',
      call('CALL', B, 100, { calls: [call('CALL', C, 200, { calls: [call('CALL', A, 100)] })] }),
      [
        [0, 0, 100],
        [1, 0, 100],
        [2, 0, 50],
      ],
    ],
    [
      'a top frame without gas takes its children sum',
      { type: 'CALL', from: A, to: B, calls: [call('CALL', C, 10)] },
      [
        [0, 0, 10],
        [1, 0, 10],
      ],
    ],
  ];
  it.each(cases)('%s', (_, t, want) => expect(bars(t)).toEqual(want));
  it('labels with the decoded method and marks failed frames', () => {
    const [bar] = layoutFlame(
      prepareCallTree(call('CALL', B, 1, { input: '0x095ea7b3', error: 'out of gas' })).frames,
    );
    expect(bar.label).toBe('approve 0x0000…00bb');
    expect(bar.failed).toBe(true);
  });
});

describe('prepareFlatCalls', () => {
  it('parity-style entries: trace address, call type, decoded method, gas as numbers', () => {
    const t = prepareFlatCalls([
      {
        action: { callType: 'call', from: A, to: B, gas: '0x100', input: '0x70a08231', value: '0x0' },
        result: { gasUsed: '0x10', output: '0x' },
        traceAddress: [],
        type: 'call',
      },
      {
        action: { from: B, gas: '0x50', init: '0x60', value: '0x1' },
        result: { address: C, gasUsed: '0x5', code: '0x' },
        traceAddress: [0],
        type: 'create',
        error: 'out of gas',
      },
    ]);
    expect(t.columns.map((c) => c.label)).toEqual([
      '#',
      'trace',
      'type',
      'from',
      'to',
      'value',
      'gas',
      'gas used',
      'method',
      'error',
    ]);
    expect(t.rows).toEqual([
      [0, '', 'CALL', A, B, '0x0', 256, 16, 'balanceOf(address)', ''],
      [1, '0', 'CREATE', B, C, '0x1', 80, 5, null, 'out of gas'],
    ]);
  });
  it('arrays of call frames, errors with their reason', () => {
    const t = prepareFlatCalls([call('CALL', B, 5, { error: 'execution reverted', revertReason: 'no' })]);
    expect(t.columns[0].label).toBe('#');
    expect(t.rows[0]).toEqual([0, 'CALL', A, B, null, 10, 5, null, 'execution reverted: no']);
  });
  it('cuts at the limit and keeps the total', () => {
    const t = prepareFlatCalls(
      Array.from({ length: 30 }, () => call('CALL', B, 1)),
      7,
    );
    expect([t.rows.length, t.total]).toEqual([7, 30]);
  });
});

describe('prepareRecords', () => {
  const cases: {
    name: string;
    value: unknown;
    columns: string[];
    first: Cell[];
    timeline: null | { xLabel: string; laneLabel: string; lanes: string[] };
  }[] = [
    {
      name: 'SLOAD/SSTORE: pc gives a timeline, lanes by op',
      value: [
        { op: 'SLOAD', address: A, pc: 269, slot: word(0), value: word(0) },
        { op: 'SSTORE', address: A, pc: 282, slot: word(0), value: word(7) },
      ],
      columns: ['#', 'op', 'address', 'pc', 'slot', 'value'],
      first: [0, 'SLOAD', A, 269, word(0), word(0)],
      timeline: { xLabel: 'record #', laneLabel: 'op', lanes: ['SLOAD', 'SSTORE'] },
    },
    {
      name: 'event logs: topics joined, the event decoded in its own column, lanes by event',
      value: [
        {
          address: A,
          topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', word(1)],
          data: '0x',
          depth: 1,
        },
        { address: B, topics: [word(9)], data: '0x01', depth: 2 },
      ],
      columns: ['#', 'event', 'address', 'topics', 'data', 'depth'],
      first: [
        0,
        'Transfer(address,address,uint256)',
        A,
        `0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef, ${word(1)}`,
        '0x',
        1,
      ],
      timeline: {
        xLabel: 'record #',
        laneLabel: 'event',
        lanes: ['Transfer(address,address,uint256)', '0x00000000…'],
      },
    },
    {
      name: 'ERC-20 transfers: no step, pc or depth, no timeline',
      value: [{ token: C, from: A, to: B, value: '1000000000000000000000' }],
      columns: ['#', 'token', 'from', 'to', 'value'],
      first: [0, C, A, B, '1000000000000000000000'],
      timeline: null,
    },
    {
      name: 'struct logs under a key: step from the position, lanes by depth when ops are too many',
      value: {
        gas: 21000,
        failed: false,
        structLogs: Array.from({ length: 40 }, (_, i) => ({ pc: i, op: `OP${i}`, depth: 1 + (i % 2) })),
      },
      columns: ['#', 'pc', 'op', 'depth'],
      first: [0, 0, 'OP0', 1],
      timeline: { xLabel: 'record #', laneLabel: 'depth', lanes: ['1', '2'] },
    },
    {
      name: 'a step field is the x axis; nested objects become short JSON',
      value: [{ step: 5, kind: 'x', extra: { a: 1 } }],
      columns: ['#', 'step', 'kind', 'extra'],
      first: [0, 5, 'x', '{"a":1}'],
      timeline: { xLabel: 'step', laneLabel: 'kind', lanes: ['x'] },
    },
  ];
  it.each(cases)('$name', ({ value, columns, first, timeline }) => {
    const r = prepareRecords(value);
    expect(r.table.columns.map((c) => c.label)).toEqual(columns);
    expect(r.table.rows[0]).toEqual(first);
    if (timeline === null) expect(r.timeline).toBeNull();
    else expect(r.timeline).toMatchObject(timeline);
  });
  it('keeps the other fields of the object the records were under', () => {
    const r = prepareRecords({ gas: 21000, failed: false, structLogs: [{ pc: 0 }] });
    expect(r.key).toBe('structLogs');
    expect(r.fields).toEqual([
      { key: 'gas', value: '21000' },
      { key: 'failed', value: 'false' },
    ]);
  });
  it('numeric columns are those with numbers only', () => {
    const r = prepareRecords([{ pc: 1, v: 'a' }, { pc: 2 }]);
    expect(r.table.columns.map((c) => c.numeric)).toEqual([true, true, false]);
  });
  it('a timeline uses a step value as x and thins past its limit', () => {
    const r = prepareRecords(Array.from({ length: 100 }, (_, i) => ({ step: i * 10, op: 'SLOAD' })));
    expect(r.timeline!.points.slice(0, 2)).toEqual([
      { x: 0, lane: 0, row: 0 },
      { x: 10, lane: 0, row: 1 },
    ]);
  });
});

describe('sorting', () => {
  const cmp: [Cell, Cell, number][] = [
    [1, 2, -1],
    ['0x10', '0x9', 1],
    ['1000000000000000000000', '999', 1],
    ['0x10', 15, 1],
    ['b', 'a', 1],
    ['a10', 'a9', 1],
    [5, 'abc', -1],
    [null, 1, 1],
    ['', 'a', 1],
    [true, false, 1],
  ];
  it.each(cmp)('compareCells(%j, %j) has sign %i', (a, b, sign) => {
    expect(Math.sign(compareCells(a, b))).toBe(sign);
  });
  it('sortRows is stable and keeps empty cells last in both directions', () => {
    const rows: Cell[][] = [['0x2'], [null], ['0x10'], ['0x2'], ['']];
    expect(sortRows(rows, 0, 'asc')).toEqual([0, 3, 2, 1, 4]);
    expect(sortRows(rows, 0, 'desc')).toEqual([2, 0, 3, 1, 4]);
  });
  it('sorts 50,000 rows of 32-byte hex quickly', () => {
    const rows: Cell[][] = Array.from({ length: 50_000 }, (_, i) => [word((i * 7919) % 50_000)]);
    const t = performance.now();
    const order = sortRows(rows, 0, 'asc');
    expect(performance.now() - t).toBeLessThan(1500);
    expect(rows[order[0]][0]).toBe(word(0));
  });
});

describe('prepareCounts', () => {
  it('opcodes, largest first, ties by name', () => {
    const c = prepareCounts({ PUSH1: 5, ADD: 2, MSTORE: 5, STOP: 1 });
    expect(c.keyKind).toBe('opcode');
    expect(c.entries.map((e) => [e.key, e.count])).toEqual([
      ['MSTORE', 5],
      ['PUSH1', 5],
      ['ADD', 2],
      ['STOP', 1],
    ]);
    expect([c.total, c.distinct]).toEqual([13, 4]);
  });
  it('4byteTracer keys decoded where the table knows them', () => {
    const c = prepareCounts({ '0xa9059cbb-64': 1, '0xdeadbeef-0': 3 });
    expect(c.keyKind).toBe('selector');
    expect(c.entries).toEqual([
      { key: '0xdeadbeef-0', label: null, count: 3 },
      { key: '0xa9059cbb-64', label: 'transfer(address,uint256)', count: 1 },
    ]);
  });
  it('other names, cut at the limit', () => {
    const c = prepareCounts({ alpha: 1, beta: 2, gamma: 3 }, 2);
    expect(c.keyKind).toBe('name');
    expect(c.entries.map((e) => e.key)).toEqual(['gamma', 'beta']);
    expect(c.distinct).toBe(3);
  });
  it('sumCounts adds maps', () => {
    expect(sumCounts([{ A: 1, B: 2 }, { B: 3 }, null])).toEqual({ A: 1, B: 5 });
  });
});

describe('prepareStateDiff', () => {
  const rows = (v: unknown) =>
    prepareStateDiff(v).rows.map((r) => [r.address, r.field, r.pre, r.post, r.change]);
  it('prestate diff mode: changed, added, cleared slots, created and deleted accounts, unchanged counted', () => {
    const d = prepareStateDiff({
      pre: {
        [A]: {
          balance: '0xde0b6b3a7640000',
          nonce: 5,
          code: '0x6000',
          storage: { [word(1)]: word(3), [word(2)]: word(4) },
        },
        [C]: { balance: '0x1', nonce: 1 },
      },
      post: {
        [A]: { balance: '0x6f05b59d3b20000', nonce: 6, storage: { [word(1)]: word(9), [word(5)]: word(1) } },
        [B]: { balance: '0x2', nonce: 1 },
      },
    });
    expect(d.rows.map((r) => [r.address, r.field, r.pre, r.post, r.change])).toEqual([
      [A, 'balance', '1 ETH', '0.5 ETH', 'changed'],
      [A, 'nonce', '5', '6', 'changed'],
      [A, `storage ${word(1)}`, word(3), word(9), 'changed'],
      [A, `storage ${word(2)}`, word(4), word(0), 'removed'],
      [A, `storage ${word(5)}`, word(0), word(1), 'added'],
      [C, 'balance', '0.000000000000000001 ETH', null, 'deleted'],
      [C, 'nonce', '1', null, 'deleted'],
      [B, 'balance', null, '0.000000000000000002 ETH', 'created'],
      [B, 'nonce', null, '1', 'created'],
    ]);
    expect(d.rows[0].delta).toBe('-0.5 ETH');
    expect(d.unchanged).toBe(1);
    expect(d.accounts).toBe(3);
  });
  it('long code is shown by its size', () => {
    const code = '0x' + '60'.repeat(100);
    expect(rows({ pre: { [A]: { code: '0x' } }, post: { [A]: { code } } })[0][3]).toBe(
      '0x6060606060…606060 (100 bytes)',
    );
  });
  it('{address: {slot: {before, after}}}', () => {
    const d = prepareStateDiff({
      [A]: { [word(0)]: { before: word(0), after: word(7) }, [word(1)]: { before: word(1), after: word(1) } },
    });
    expect(d.format).toBe('before-after');
    expect(d.rows.map((r) => [r.field, r.pre, r.post])).toEqual([[`storage ${word(0)}`, word(0), word(7)]]);
    expect(d.unchanged).toBe(1);
  });
});

describe('prepareResultViews', () => {
  const tabs: [string, unknown, string[]][] = [
    ['call tree', call('CALL', B, 1), ['call-tree', 'flame']],
    ['flat calls', [call('CALL', B, 1)], ['calls']],
    ['counts', { PUSH1: 1 }, ['bars']],
    ['records with pc', [{ op: 'SLOAD', pc: 1 }], ['table', 'timeline']],
    ['records without position', [{ token: A, value: '1' }], ['table']],
    ['state diff', { pre: {}, post: {} }, ['diff']],
    ['unknown', ['1', '2'], []],
  ];
  it.each(tabs)('%s → tabs', (_, value, want) => {
    const v = prepareResultViews(value);
    expect(v.tabs).toEqual(want);
    expect(v.block).toBeNull();
  });

  const block = [
    { txHash: word(1), result: call('CALL', B, 1) },
    { txHash: word(2), error: 'TypeError: boom' },
    { txHash: word(3), result: [{ op: 'SLOAD', pc: 3 }] },
  ];
  it('a block trace: its transactions with their shapes, the first with a result selected', () => {
    const v = prepareResultViews(block);
    expect(v.block!.txs).toEqual([
      { index: 0, txHash: word(1), error: null, shape: 'call-tree' },
      { index: 1, txHash: word(2), error: 'TypeError: boom', shape: 'unknown' },
      { index: 2, txHash: word(3), error: null, shape: 'records' },
    ]);
    expect([v.selected, v.shape, v.tabs]).toEqual([0, 'call-tree', ['call-tree', 'flame']]);
    expect(v.block!.canSum).toBe(false);
  });
  it('selects another transaction; a failed one says why it shows nothing', () => {
    expect(prepareResultViews(block, 2).tabs).toEqual(['table', 'timeline']);
    const failed = prepareResultViews(block, 1);
    expect(failed.tabs).toEqual([]);
    expect(failed.notes[0]).toContain('TypeError: boom');
    expect(prepareResultViews(block, 99).selected).toBe(0);
    expect(prepareResultViews(block, 'sum').selected).toBe(0);
  });
  it('count maps of a block can be summed, and are by default', () => {
    const counts = [
      { txHash: word(1), result: { PUSH1: 2 } },
      { txHash: word(2), result: { PUSH1: 1, STOP: 1 } },
    ];
    const v = prepareResultViews(counts);
    expect(v.selected).toBe('sum');
    expect(v.counts!.entries).toEqual([
      { key: 'PUSH1', label: null, count: 3 },
      { key: 'STOP', label: null, count: 1 },
    ]);
    expect(prepareResultViews(counts, 1).counts!.total).toBe(2);
  });
  it('says what a limit left out', () => {
    const many = Array.from({ length: 50_010 }, (_, i) => ({ op: 'SLOAD', pc: i }));
    const v = prepareResultViews(many);
    expect(v.notes).toContain('Showing the first 50,000 of 50,010 records.');
    expect(v.notes).toContain('The timeline draws 1 record in 3.');
  });
});
