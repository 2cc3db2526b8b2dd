import { describe, expect, it } from 'vitest';
import {
  bitcoinHex,
  callParam,
  defineMethod,
  one,
  verbosity,
} from '../../../src/core/rpc/methods/defineMethod.ts';

describe('bitcoinHex', () => {
  it.each([
    [undefined, 5, { ok: false, message: 'txid must be a hex string, got the number 5' }],
    [undefined, '0xab', { ok: false, message: 'txid is written without 0x in Bitcoin-style calls' }],
    [undefined, '0Xab', { ok: false, message: 'txid is written without 0x in Bitcoin-style calls' }],
    // 0x after the start is just a non-hex letter
    [undefined, 'ab0x', { ok: false, message: 'txid must contain only hex digits' }],
    [undefined, 'abzz', { ok: false, message: 'txid must contain only hex digits' }],
    [undefined, 'zzab', { ok: false, message: 'txid must contain only hex digits' }],
    [undefined, '', { ok: false, message: 'txid must be a non-empty even number of hex digits' }],
    [undefined, 'abc', { ok: false, message: 'txid must be a non-empty even number of hex digits' }],
    [undefined, 'aBcD', { ok: true, value: 'aBcD' }],
    [2, 'abc', { ok: false, message: 'txid must be 2 bytes (4 hex digits), got 3 hex digits' }],
    [2, 'abcd', { ok: true, value: 'abcd' }],
  ])('bytes %s, %j', (bytes, value, expected) =>
    expect(bitcoinHex(bytes)(value, 'txid')).toStrictEqual(expected),
  );
});

describe('verbosity', () => {
  it.each([true, false, 0, 1, 2])('accepts %j', (v) =>
    expect(verbosity(v, 'verbose')).toStrictEqual({ ok: true, value: v }),
  );
  it.each([
    [3, 'the number 3'],
    [-1, 'the number -1'],
    ['1', 'the string "1"'],
  ])('rejects %j', (v, got) =>
    expect(verbosity(v, 'verbose')).toStrictEqual({
      ok: false,
      message: `verbose must be true or false (or verbosity 0, 1, 2), got ${got}`,
    }),
  );
});

describe('callParam', () => {
  it.each([
    [{}, []],
    [
      5,
      [
        {
          path: 'params[0]',
          message: 'params[0] must be an object like {"to":"0x…","data":"0x…"}, got the number 5',
        },
      ],
    ],
    [
      { to: '0x12' },
      [{ path: 'params[0].to', message: 'to must be 20 bytes (0x + 40 hex digits), got 1 byte' }],
    ],
  ])('%j', (value, errors) => expect(callParam(value, 'params[0]')).toStrictEqual(errors));
});

describe('defineMethod buildParams', () => {
  const param = (name: string) => ({
    name,
    description: `the ${name}`,
    required: true,
    example: 'ab',
    check: one(name, bitcoinHex(undefined)),
  });
  const traced = defineMethod({
    name: 'debug_x',
    family: 'ethereum',
    description: 'x',
    params: [param('a')],
    takesTraceOptions: true,
  });
  const plain = defineMethod({
    name: 'plain_y',
    family: 'ethereum',
    description: 'y',
    params: [param('a'), param('b')],
    takesTraceOptions: false,
  });
  const hint = ': leave out the options object, it is built from the tracer, tracerConfig and timeout';
  it.each([
    [
      'not an array',
      traced,
      'ab',
      [{ path: 'params', message: 'params must be a JSON array, got the string "ab"' }],
    ],
    [
      "an options object after a traced method's params",
      traced,
      ['ab', {}],
      [{ path: 'params[1]', message: `debug_x takes at most 1 param here${hint}` }],
    ],
    [
      'null after them',
      traced,
      ['ab', null],
      [{ path: 'params[1]', message: 'debug_x takes at most 1 param here' }],
    ],
    [
      'a number after them',
      traced,
      ['ab', 5],
      [{ path: 'params[1]', message: 'debug_x takes at most 1 param here' }],
    ],
    [
      "an object after an untraced method's params",
      plain,
      ['ab', 'cd', {}],
      [{ path: 'params[2]', message: 'plain_y takes at most 2 params here' }],
    ],
    [
      "null after an untraced method's params",
      plain,
      ['ab', 'cd', null],
      [{ path: 'params[2]', message: 'plain_y takes at most 2 params here' }],
    ],
  ])('%s', (_name, m, params, errors) =>
    expect(m.buildParams(params as unknown[])).toStrictEqual({ ok: false, errors }),
  );
});
