import { describe, expect, it } from 'vitest';
import {
  createResultTree,
  formatPath,
  type ResultTree,
  type TreePath,
  type TreeRow,
} from '../../../src/core/result/createResultTree.ts';

// One row as text: indentation, ▾/▸ for open/closed containers, key, kind and preview.
const show = (r: TreeRow) =>
  `${'  '.repeat(r.depth)}${r.childCount ? (r.expanded ? '▾' : '▸') : '·'} ${r.key === null ? '' : `${r.key}: `}${r.kind} ${r.preview}`;
const all = (t: ResultTree) => t.rows(0, 1000).map(show);

const block = [
  { txHash: '0xaa', result: { gas: 21000, structLogs: [{ op: 'PUSH1' }, { op: 'STOP' }] } },
  { txHash: '0xbb', error: 'TypeError: boom' },
];

describe('createResultTree rows', () => {
  const cases: { name: string; value: unknown; open: TreePath[]; rows: string[] }[] = [
    { name: 'a scalar root', value: 42, open: [], rows: ['· number 42'] },
    { name: 'a string root is JSON-quoted', value: 'a"b', open: [], rows: ['· string "a\\"b"'] },
    { name: 'an empty array', value: [], open: [], rows: ['· array [0 items]'] },
    {
      name: 'the root starts expanded, its children collapsed',
      value: block,
      open: [],
      rows: [
        '▾ array [2 items]',
        '  ▸ 0: object {txHash: "0xaa", result: {…}}',
        '  ▸ 1: object {txHash: "0xbb", error: "TypeError: boom"}',
      ],
    },
    {
      name: 'expanding nested nodes',
      value: block,
      open: [[0], [0, 'result'], [0, 'result', 'structLogs']],
      rows: [
        '▾ array [2 items]',
        '  ▾ 0: object {txHash: "0xaa", result: {…}}',
        '    · txHash: string "0xaa"',
        '    ▾ result: object {gas: 21000, structLogs: [2]}',
        '      · gas: number 21000',
        '      ▾ structLogs: array [2 items]',
        '        ▸ 0: object {op: "PUSH1"}',
        '        ▸ 1: object {op: "STOP"}',
        '  ▸ 1: object {txHash: "0xbb", error: "TypeError: boom"}',
      ],
    },
    {
      name: 'a node inside a collapsed parent stays hidden',
      value: block,
      open: [[0, 'result']],
      rows: [
        '▾ array [2 items]',
        '  ▸ 0: object {txHash: "0xaa", result: {…}}',
        '  ▸ 1: object {txHash: "0xbb", error: "TypeError: boom"}',
      ],
    },
    {
      name: 'null, booleans and odd keys',
      value: { 'a b': null, t: true },
      open: [],
      rows: ['▾ object {a b: null, t: true}', '  · a b: null null', '  · t: boolean true'],
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const t = createResultTree(c.value);
      for (const p of c.open) t.toggle(p, true);
      expect(all(t)).toEqual(c.rows);
      expect(t.size()).toBe(c.rows.length);
    });

  it('gives a window of rows from any start, also past the end', () => {
    const t = createResultTree(block);
    t.toggle([0], true);
    expect(t.rows(2, 2).map((r) => r.path)).toEqual([
      [0, 'txHash'],
      [0, 'result'],
    ]);
    expect(t.rows(4, 10).map((r) => r.path)).toEqual([[1]]);
    expect(t.rows(9, 10)).toEqual([]);
  });

  it('windows into a large collapsed array without walking it', () => {
    const t = createResultTree({ logs: Array.from({ length: 100_000 }, (_, i) => ({ pc: i })) });
    expect(t.toggle(['logs'], true)).toBe(100_002);
    expect(t.rows(90_002, 2).map(show)).toEqual([
      '    ▸ 90000: object {pc: 90000}',
      '    ▸ 90001: object {pc: 90001}',
    ]);
    t.toggle(['logs', 5], true);
    expect(t.size()).toBe(100_003);
    expect(t.rows(8, 3).map((r) => r.path)).toEqual([
      ['logs', 5, 'pc'],
      ['logs', 6],
      ['logs', 7],
    ]);
    expect(t.indexOf(['logs', 90_000])).toBe(90_003);
  });

  it('collapses and toggles', () => {
    const t = createResultTree(block);
    expect(t.toggle([0])).toBe(5);
    expect(t.toggle([0])).toBe(3);
    expect(t.toggle([])).toBe(1);
    expect(t.toggle(['nope'])).toBe(1);
  });
});

describe('createResultTree search and values', () => {
  it('finds keys and values in document order, expands ancestors, then wraps', () => {
    const t = createResultTree(block);
    expect(t.findNext('stop')).toEqual({
      path: [0, 'result', 'structLogs', 1, 'op'],
      index: 8,
      wrapped: false,
    });
    expect(t.rows(8, 1).map(show)).toEqual(['          · op: string "STOP"']);
    expect(t.findNext('STOP')).toEqual({
      path: [0, 'result', 'structLogs', 1, 'op'],
      index: 8,
      wrapped: true,
    });
    expect(t.findNext('OP')?.path).toEqual([0, 'result', 'structLogs', 0, 'op']);
    expect(t.findNext('op')?.path).toEqual([0, 'result', 'structLogs', 1, 'op']);
    expect(t.findNext('gas')?.path).toEqual([0, 'result', 'gas']);
    expect(t.findNext('21000')?.path).toEqual([0, 'result', 'gas']);
    expect(t.findNext('nowhere')).toBeNull();
    expect(t.findNext('')).toBeNull();
  });

  it('takes the query literally and matches numbers, booleans and null as printed', () => {
    const t = createResultTree({ 'a.b': 'x(y', n: 1.5e21, f: false, z: null, s: 'axb' });
    expect(t.findNext('a.b')?.path).toEqual(['a.b']);
    expect(t.findNext('a.b')?.path).toEqual(['a.b']); // only one: '.' is not a wildcard
    expect(t.findNext('(')?.path).toEqual(['a.b']);
    expect(t.findNext('e+21')?.path).toEqual(['n']);
    expect(t.findNext('FALSE')?.path).toEqual(['f']);
    expect(t.findNext('null')?.path).toEqual(['z']);
  });

  it('gives the value at a path as JSON, with a clear error for a missing path', () => {
    const t = createResultTree(block);
    expect(t.valueText([1])).toBe('{\n  "txHash": "0xbb",\n  "error": "TypeError: boom"\n}');
    expect(t.valueText([0, 'result', 'gas'])).toBe('21000');
    expect(() => t.valueText([0, 'missing'])).toThrow('No value at [0].missing');
    expect(t.indexOf([0, 'missing'])).toBe(-1);
    expect(t.indexOf([0, 'txHash'])).toBe(-1);
  });

  it('formats paths', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath([3, 'result', 'structLogs', 12])).toBe('[3].result.structLogs[12]');
    expect(formatPath(['a b', 'x'])).toBe('["a b"].x');
  });
});
