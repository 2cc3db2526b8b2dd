import { describe, expect, it } from 'vitest';
import { hasEmbeddedSecret, maskEndpoint, validateEndpoint } from '../../../src/core/rpc/maskEndpoint.ts';

describe('maskEndpoint', () => {
  it.each([
    ['https://eth-mainnet.g.alchemy.com/v2/AbCdEfGh12345678', 'https://eth-mainnet.g.alchemy.com/v2/••••'],
    ['https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', 'https://mainnet.infura.io/v3/••••'],
    [
      'https://nd-123-456-789.p2pify.com/3c6e0b8a9c15224a8228b9a98ca1531d',
      'https://nd-123-456-789.p2pify.com/••••',
    ],
    ['wss://ws-nd-123.p2pify.com/3c6e0b8a9c15224a8228b9a98ca1531d/ws', 'wss://ws-nd-123.p2pify.com/••••/ws'],
    ['https://x.quiknode.pro/aB3dE5gH7jK9mN1pQ3sT5vW7yZ9/', 'https://x.quiknode.pro/••••/'],
    ['https://api.example.com/rpc?apikey=SECRET&chain=1', 'https://api.example.com/rpc?apikey=••••&chain=1'],
    ['https://api.example.com/rpc?key=SECRET', 'https://api.example.com/rpc?key=••••'],
    ['https://api.example.com/?token=abc', 'https://api.example.com/?token=••••'],
    ['https://user:pass@node.example.com/', 'https://••••:••••@node.example.com/'],
    ['https://user@node.example.com/', 'https://••••@node.example.com/'],
  ])('%s → %s', (url, masked) => {
    expect(maskEndpoint(url)).toBe(masked);
    expect(hasEmbeddedSecret(url)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:8545',
    'https://rpc.ankr.com/eth',
    'https://ethereum-mainnet-archive.example.com/rpc',
    'wss://node.example.com/ws',
    'https://api.example.com/rpc?chain=1',
    'not a url',
  ])('leaves %s alone', (url) => {
    expect(maskEndpoint(url)).toBe(url);
    expect(hasEmbeddedSecret(url)).toBe(false);
  });
});

describe('validateEndpoint', () => {
  it.each(['http://127.0.0.1:8545', 'https://a.example/x', 'ws://127.0.0.1:1', 'wss://a.example/ws'])(
    'accepts %s',
    (u) => {
      expect(validateEndpoint(u).ok).toBe(true);
    },
  );
  it.each([
    ['', 'endpoint URL is empty'],
    [
      '127.0.0.1:8545',
      'endpoint "127.0.0.1:8545" has no scheme: write http://127.0.0.1:8545 (or https://, ws://, wss://)',
    ],
    [
      'localhost:8545',
      'endpoint "localhost:8545" has no scheme: write http://localhost:8545 (or https://, ws://, wss://)',
    ],
    ['http://exa mple.com/', 'endpoint "http://exa mple.com/" is not a valid URL'],
    ['ftp://a.example/', 'endpoint must use http, https, ws or wss, not ftp'],
  ])('rejects %j', (u, message) => expect(validateEndpoint(u)).toEqual({ ok: false, message }));
});
