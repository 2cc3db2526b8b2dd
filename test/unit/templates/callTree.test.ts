import bigInt from 'big-integer';
import { describe, expect, it } from 'vitest';
import { evalTemplate, fromHex } from './evalTemplate.ts';

/** ABI-encodes Error(string) from raw UTF-8 bytes (hex, no 0x). */
function errorString(hexBytes: string): Uint8Array {
  const len = hexBytes.length / 2;
  const word = (n: number) => n.toString(16).padStart(64, '0');
  const data = hexBytes.padEnd(Math.ceil(len / 32) * 64, '0');
  return fromHex('08c379a0' + word(32) + word(len) + data);
}

const panic = (code: number) => fromHex('4e487b71' + code.toString(16).padStart(64, '0'));

// Revert data taken from geth's fixtures (call_tracer/revert_reason.json, inner_revert_reason.json) and ABI rules.
const reasons: [string, Uint8Array, string | undefined][] = [
  [
    'fixture revert_reason',
    fromHex(
      '08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001e53656c662d64656c65676174696f6e20697320646973616c6c6f7765642e0000',
    ),
    'Self-delegation is disallowed.',
  ],
  [
    'fixture inner_revert_reason',
    fromHex(
      '08c379a000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000012546869732063616c6c6564206661696c65640000000000000000000000000000',
    ),
    'This called failed',
  ],
  ['two-byte UTF-8', errorString('c3a9'), 'é'],
  ['four-byte UTF-8', errorString('f09f9880'), '😀'],
  ['invalid UTF-8 byte', errorString('41ff42'), 'A\ufffdB'],
  ['overlong encoding', errorString('c0af'), '\ufffd\ufffd'],
  ['encoded surrogate', errorString('eda080'), '\ufffd\ufffd\ufffd'],
  ['empty string', errorString(''), ''],
  ['panic 0x11', panic(0x11), 'arithmetic underflow or overflow'],
  ['panic 0x01', panic(1), 'assert(false)'],
  ['unknown panic', panic(0x99), 'unknown panic code: 0x99'],
  ['too short', fromHex('08c379a0' + '00'.repeat(31)), undefined],
  ['length past the end', fromHex('08c379a0' + '20'.padStart(64, '0') + 'ff'.padStart(64, '0')), undefined],
  ['offset past the end', fromHex('08c379a0' + '40'.padStart(64, '0') + '00'.repeat(32)), undefined],
  ['huge offset', fromHex('08c379a0' + 'ff'.repeat(32) + '00'.repeat(32)), undefined],
  ['custom error selector', fromHex('deadbeef' + '00'.repeat(64)), undefined],
];

describe('call-tree.js revertReason (geth abi.UnpackRevert rules)', () => {
  const tracer = evalTemplate('call-tree.js');
  it.each(reasons)('%s', (_, output, want) => {
    expect(tracer.revertReason(output)).toBe(want);
  });
});

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const C = '0x00000000000000000000000000000000000000cc';
const ORIGIN = '0x00000000000000000000000000000000000000f0';

function frame(type: string, from: string, to: string, gas: number, value?: number) {
  return {
    getType: () => type,
    getFrom: () => fromHex(from),
    getTo: () => fromHex(to),
    getInput: () => new Uint8Array(0),
    getGas: () => gas,
    getValue: () => (value === undefined ? undefined : bigInt(value)),
  };
}

function exitOf(gasUsed: number, error?: string, output: Uint8Array = new Uint8Array(0)) {
  return { getGasUsed: () => gasUsed, getOutput: () => output, getError: () => error };
}

/** A LOG1 step at `depth` by `address`, topic 7, 2 bytes of data 0xabcd at memory offset 0. */
function log1(depth: number, address: string) {
  const memory = fromHex('abcd');
  const stack = [bigInt(0), bigInt(2), bigInt(7)];
  return {
    op: { toNumber: () => 0xa1, toString: () => 'LOG1' },
    getError: () => undefined,
    getDepth: () => depth,
    stack: { peek: (i: number) => stack[i] },
    memory: { slice: (s: number, e: number) => memory.slice(s, e) },
    contract: { getAddress: () => fromHex(address) },
  };
}

const ctx = {
  type: 'CALL',
  from: fromHex(ORIGIN),
  to: fromHex(A),
  input: new Uint8Array(0),
  value: bigInt(0),
  gas: 100000,
  gasUsed: 50000,
  output: new Uint8Array(0),
};
const db = { getCode: () => new Uint8Array(0) };
const topic = '0x' + '7'.padStart(64, '0');
const logAt = (address: string, position: string) => ({ address, topics: [topic], data: '0xabcd', position });

function runScenario(config: string) {
  const t = evalTemplate('call-tree.js');
  t.setup(config);
  t.step(log1(1, A), db);
  t.enter(frame('CALL', A, B, 3000, 0));
  t.step(log1(2, B), db);
  t.exit(exitOf(100));
  t.enter(frame('STATICCALL', A, C, 2000));
  t.step(log1(2, C), db);
  t.exit(exitOf(2000, 'write protection'));
  t.step(log1(1, A), db);
  return t.result(ctx, db);
}

describe('call-tree.js frames and logs (synthetic hooks)', () => {
  it('nests frames, keeps logs of successful frames with their position, drops failed frames’ logs', () => {
    expect(runScenario('{"withLog":true}')).toEqual({
      from: ORIGIN,
      gas: '0x186a0',
      gasUsed: '0xc350',
      to: A,
      input: '0x',
      calls: [
        {
          from: A,
          gas: '0xbb8',
          gasUsed: '0x64',
          to: B,
          input: '0x',
          logs: [logAt(B, '0x0')],
          value: '0x0',
          type: 'CALL',
        },
        {
          from: A,
          gas: '0x7d0',
          gasUsed: '0x7d0',
          to: C,
          input: '0x',
          error: 'write protection',
          type: 'STATICCALL',
        },
      ],
      logs: [logAt(A, '0x0'), logAt(A, '0x2')],
      value: '0x0',
      type: 'CALL',
    });
  });

  it('collects no logs without withLog', () => {
    const r = runScenario('{}') as { logs?: unknown; calls: { logs?: unknown }[] };
    expect(r.logs).toBeUndefined();
    expect(r.calls[0].logs).toBeUndefined();
  });

  it('onlyTopCall keeps the top frame and its own logs only', () => {
    expect(runScenario('{"withLog":true,"onlyTopCall":true}')).toEqual({
      from: ORIGIN,
      gas: '0x186a0',
      gasUsed: '0xc350',
      to: A,
      input: '0x',
      logs: [logAt(A, '0x0'), logAt(A, '0x0')],
      value: '0x0',
      type: 'CALL',
    });
  });

  it('a reverted top frame drops every log and keeps output and reason', () => {
    const t = evalTemplate('call-tree.js');
    t.setup('{"withLog":true}');
    t.step(log1(1, A), db);
    const output = reasons[0][1];
    const r = t.result({ ...ctx, error: 'execution reverted', output }, db);
    expect(r).toEqual({
      from: ORIGIN,
      gas: '0x186a0',
      gasUsed: '0xc350',
      to: A,
      input: '0x',
      output: '0x' + Buffer.from(output).toString('hex'),
      error: 'execution reverted',
      revertReason: 'Self-delegation is disallowed.',
      value: '0x0',
      type: 'CALL',
    });
  });

  it('a failed CREATE loses its to and, for non-revert errors, its output', () => {
    const t = evalTemplate('call-tree.js');
    t.setup('{}');
    t.enter(frame('CREATE', A, B, 5000, 1));
    t.exit(exitOf(5000, 'out of gas', fromHex('6000')));
    const r = t.result(ctx, db) as { calls: unknown[] };
    expect(r.calls).toEqual([
      {
        from: A,
        gas: '0x1388',
        gasUsed: '0x1388',
        input: '0x',
        error: 'out of gas',
        value: '0x1',
        type: 'CREATE',
      },
    ]);
  });
});
