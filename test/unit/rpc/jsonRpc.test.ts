import { describe, expect, it } from 'vitest';
import { buildRequest, contentTypeOf } from '../../../src/core/rpc/protocol/jsonRpc.ts';

describe('buildRequest and contentTypeOf', () => {
  it.each([
    [
      () => buildRequest('eth_blockNumber', []),
      { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 1 },
      'application/json',
    ],
    [
      () => buildRequest('eth_chainId', [], 'ethereum', 7),
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 7 },
      'application/json',
    ],
    [
      () => buildRequest('getblockcount', [], 'bitcoin', 3),
      { jsonrpc: '1.0', method: 'getblockcount', params: [], id: '3' },
      'text/plain',
    ],
  ])('%#: %j', (build, expected, contentType) => {
    const request = build();
    expect(request).toStrictEqual(expected);
    expect(contentTypeOf(request)).toBe(contentType);
  });
});
