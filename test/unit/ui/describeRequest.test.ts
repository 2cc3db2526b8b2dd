import { describe, expect, it } from 'vitest';
import {
  describeEndpoint,
  describeTarget,
  type HeadingPart,
} from '../../../src/ui/result/describeRequest.ts';

const tx = '0x5c1e2f' + '0'.repeat(54) + '9a2f';
const to = '0x' + '1'.repeat(36) + 'beef';

describe('describeTarget', () => {
  it.each<[string, unknown[], HeadingPart | undefined]>([
    ['debug_traceTransaction', [tx, { tracer: '{}' }], { text: 'transaction 0x5c1e2f…9a2f', title: tx }],
    ['debug_traceBlockByHash', [tx], { text: 'block 0x5c1e2f…9a2f', title: tx }],
    ['debug_traceBlockByNumber', ['0x1a', { tracer: '{}' }], { text: 'block 0x1a (26)' }],
    ['debug_traceBlockByNumber', ['latest'], { text: 'block latest' }],
    [
      'debug_traceCall',
      [{ to, data: '0x' }, 'latest', {}],
      { text: 'call to 0x111111…beef at latest', title: to },
    ],
    ['debug_traceCall', [{ data: '0x60' }, '0x10'], { text: 'contract creation at 0x10 (16)' }],
    ['eth_blockNumber', [], undefined],
    ['eth_getBalance', [to, 'latest'], { text: '0x111111…beef, latest', title: `${to}, latest` }],
    ['getblockhash', [5], { text: '5' }],
  ])('%s %j', (method, params, expected) => {
    expect(describeTarget(method, params)).toEqual(expected);
  });
});

describe('describeEndpoint', () => {
  it.each([
    [
      { name: 'Embedded node (in this page)', kind: 'embedded' as const, url: '' },
      'Embedded node (in this page)',
    ],
    [{ name: 'Local', kind: 'http' as const, url: 'http://127.0.0.1:8545' }, 'Local (http://127.0.0.1:8545)'],
    [
      {
        name: 'Infura',
        kind: 'http' as const,
        url: 'https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef',
      },
      'Infura (https://mainnet.infura.io/v3/••••)',
    ],
  ])('%j', (endpoint, text) => {
    expect(describeEndpoint(endpoint).text).toBe(text);
  });
});
