import { describe, expect, it } from 'vitest';
import { demoFields } from '../../../src/state/demoFields.ts';

describe('demoFields', () => {
  it.each([
    [
      { txHash: '0xaa', blockNumber: '0x3', blockHash: '0xbb', call: { to: '0x01', data: '0x' } },
      { txHash: '0xaa', block: '0x3', blockHash: '0xbb', call: '{\n  "to": "0x01",\n  "data": "0x"\n}' },
    ],
    [{ blockNumber: 5 }, { block: '0x5' }],
    [null, { block: 'latest' }],
    ['junk', { block: 'latest' }],
  ])('maps %j', (input, expected) => {
    expect(demoFields(input)).toEqual(expected);
  });
});
