import bigInt from 'big-integer';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { describe, expect, it } from 'vitest';
import { evalTemplate, fromHex, toHex } from './evalTemplate.ts';

describe('prestate.js keccak256 (codeHash)', () => {
  const tracer = evalTemplate('prestate.js');
  // Block-boundary lengths of Keccak-256 (rate 136 bytes) and a maximum-size contract.
  it.each([0, 1, 55, 135, 136, 137, 271, 272, 273, 24576])('%i bytes', (n) => {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255);
    expect(tracer.keccak256(bytes)).toBe(toHex(keccak256(bytes)));
  });

  it('hashes the empty code to the well-known empty code hash', () => {
    expect(tracer.keccak256(new Uint8Array(0))).toBe(
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
  });
});

const FROM = '0x00000000000000000000000000000000000000f0';
const TO = '0x00000000000000000000000000000000000000aa';
const COINBASE = '0x00000000000000000000000000000000000000c0';
const EMPTY = '0x00000000000000000000000000000000000000ee';
const slot = (n: number) => '0x' + n.toString(16).padStart(64, '0');

interface Account {
  balance: number;
  nonce: number;
  code: string;
  storage: Record<string, string>;
}

/** A fake db over a mutable state; the test mutates it between "steps" like execution would. */
function fakeDb(state: Record<string, Account>) {
  const get = (a: Uint8Array) => state[toHex(a)] ?? { balance: 0, nonce: 0, code: '0x', storage: {} };
  return {
    getBalance: (a: Uint8Array) => bigInt(get(a).balance),
    getNonce: (a: Uint8Array) => get(a).nonce,
    getCode: (a: Uint8Array) => fromHex(get(a).code),
    getState: (a: Uint8Array, s: Uint8Array) => fromHex(get(a).storage[toHex(s)] ?? slot(0)),
  };
}

function stepOf(op: string, stack: (number | string)[]) {
  return {
    op: { toString: () => op },
    getError: () => undefined,
    stack: {
      length: () => stack.length,
      peek: (i: number) => bigInt(String(stack[i]).replace(/^0x/, ''), 16),
    },
    contract: { getAddress: () => fromHex(TO), getCaller: () => fromHex(FROM) },
  };
}

/**
 * A legacy (pre-London) call: gas limit 100, used 60, price 2, value 10. The first step sees the sender after buying
 * gas (200) and paying value; the end state has the refund (80) back and the coinbase paid 120.
 */
function scenario(config: object, withCoinbase = true) {
  const state: Record<string, Account> = {
    [FROM]: { balance: 1000 - 200 - 10, nonce: 6, code: '0x', storage: {} },
    [TO]: { balance: 5 + 10, nonce: 1, code: '0x6001', storage: { [slot(1)]: slot(9) } },
    [COINBASE]: { balance: 0, nonce: 0, code: '0x', storage: {} },
  };
  const db = fakeDb(state);
  const t = evalTemplate('prestate.js');
  t.setup(JSON.stringify(config));
  t.step(stepOf('SLOAD', [1]), db);
  t.step(stepOf('SSTORE', [2, 3]), db);
  state[TO].storage[slot(2)] = slot(3);
  t.step(stepOf('BALANCE', [EMPTY]), db);
  state[FROM].balance += 80;
  state[COINBASE].balance += 120;
  const ctx = {
    type: 'CALL',
    from: fromHex(FROM),
    to: fromHex(TO),
    coinbase: withCoinbase ? fromHex(COINBASE) : undefined,
    value: bigInt(10),
    gas: 100,
    gasUsed: 60,
    gasPrice: bigInt(2),
    block: 100,
  };
  return t.result(ctx, db);
}

const codeHash = toHex(keccak256(fromHex('0x6001')));

describe('prestate.js (synthetic hooks)', () => {
  it('rebuilds the pre-state and leaves out empty accounts', () => {
    expect(scenario({})).toEqual({
      [FROM]: { balance: '0x3e8', nonce: 5 },
      [TO]: {
        balance: '0x5',
        nonce: 1,
        code: '0x6001',
        codeHash,
        storage: { [slot(1)]: slot(9), [slot(2)]: slot(0) },
      },
    });
  });

  it('includeEmpty keeps the empty accounts; disableCode and disableStorage drop those fields', () => {
    expect(scenario({ includeEmpty: true, disableCode: true, disableStorage: true })).toEqual({
      [FROM]: { balance: '0x3e8', nonce: 5 },
      [TO]: { balance: '0x5', nonce: 1, codeHash },
      [COINBASE]: { balance: '0x0' },
      [EMPTY]: { balance: '0x0' },
    });
  });

  it('diffMode keeps only what changed, without zero or unchanged slots in pre', () => {
    expect(scenario({ diffMode: true })).toEqual({
      pre: {
        [FROM]: { balance: '0x3e8', nonce: 5 },
        [TO]: { balance: '0x5', nonce: 1, code: '0x6001', codeHash },
      },
      post: {
        [FROM]: { balance: '0x366', nonce: 6 },
        [TO]: { balance: '0xf', storage: { [slot(2)]: slot(3) } },
        [COINBASE]: { balance: '0x78' },
      },
    });
  });

  it('works without ctx.coinbase (clients before geth 1.14.9): the coinbase is then not listed', () => {
    const r = scenario({ includeEmpty: true }, false) as Record<string, unknown>;
    expect(Object.keys(r).sort()).toEqual([FROM, TO, EMPTY].sort());
  });
});
