import { describe, expect, it } from 'vitest';
import { validateCallObject } from '../../../src/core/rpc/methods/validateCallObject.ts';

const a = '0x' + '11'.repeat(20);
const b = '0x' + '22'.repeat(20);

describe('validateCallObject', () => {
  it.each([
    [{ to: b }],
    [{ from: a, to: b, gas: '0x7a120', gasPrice: '0x0', value: '0x1', data: '0xf00d4b5d' }],
    [{ from: a, to: null, input: '0x6000' }],
    [{ to: b, maxFeePerGas: '0x10', maxPriorityFeePerGas: '0x1', nonce: '0x5' }],
    [{ to: b, data: '0xAB', input: '0xab' }],
    [{}],
  ])('accepts %j', (call) => expect(validateCallObject(call)).toEqual({ ok: true, value: call }));

  it.each([
    [
      { to: b, gasLimit: '0x1' },
      'call.gasLimit',
      'unknown field "gasLimit" (allowed: from, to, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, value, nonce, data, input)',
    ],
    [{ to: '0x1234' }, 'call.to', 'to must be 20 bytes (0x + 40 hex digits), got 2 bytes'],
    [
      { to: b, gas: 21000 },
      'call.gas',
      'gas must be a hex string, not a JSON number: use hex, e.g. "0x5208"',
    ],
    [{ to: b, gas: '0x1' + '0'.repeat(16) }, 'call.gas', 'gas is larger than 64 bits'],
    [{ to: b, value: '1000' }, 'call.value', 'value "1000" is decimal: use hex, e.g. 0x3e8'],
    [
      { to: b, data: '0x123' },
      'call.data',
      'data must have an even number of hex digits (whole bytes), got 3',
    ],
    [
      { to: b, data: '0x12', input: '0x34' },
      'call.input',
      'data and input are both set and differ; geth rejects that: keep one',
    ],
    [
      { to: b, gasPrice: '0x1', maxFeePerGas: '0x2' },
      'call.gasPrice',
      'gasPrice cannot be combined with maxFeePerGas/maxPriorityFeePerGas: use one fee style',
    ],
  ])('rejects %j', (call, path, message) => {
    const r = validateCallObject(call);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.errors).toEqual([{ path, message }]);
    expect(r.ok ? '' : r.message).toBe(`${path}: ${message}`);
  });

  it('reports every problem at once', () => {
    const r = validateCallObject({ to: 'x', foo: 1, gas: '0x00' });
    expect(r.ok ? [] : r.errors?.map((e) => e.path)).toEqual(['call.to', 'call.foo', 'call.gas']);
  });

  it.each([[null], [[]], ['0x12'], [7]])('rejects non-object %j', (v) => {
    expect(validateCallObject(v).ok).toBe(false);
    expect((validateCallObject(v) as { message: string }).message).toMatch(/^call must be an object like/);
  });
});

describe('validateCallObject, whole failures', () => {
  it.each([
    [
      'gasPrice with maxFeePerGas alone',
      { to: b, gasPrice: '0x1', maxFeePerGas: '0x2' },
      [
        {
          path: 'call.gasPrice',
          message: 'gasPrice cannot be combined with maxFeePerGas/maxPriorityFeePerGas: use one fee style',
        },
      ],
    ],
    [
      'gasPrice with maxPriorityFeePerGas alone',
      { to: b, gasPrice: '0x1', maxPriorityFeePerGas: '0x2' },
      [
        {
          path: 'call.gasPrice',
          message: 'gasPrice cannot be combined with maxFeePerGas/maxPriorityFeePerGas: use one fee style',
        },
      ],
    ],
    [
      'two problems, joined by "; " in the message',
      { to: 'x', gas: '0x00' },
      [
        { path: 'call.to', message: 'to must start with 0x' },
        { path: 'call.gas', message: 'gas must not have leading zeros: write 0x0' },
      ],
    ],
  ])('%s', (_name, call, errors) => {
    expect(validateCallObject(call)).toStrictEqual({
      ok: false,
      message: errors.map((e) => `${e.path}: ${e.message}`).join('; '),
      errors,
    });
  });
});
