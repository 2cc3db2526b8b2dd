import { describe, expect, it } from 'vitest';
import {
  hasEmbeddedSecret,
  isPlainWord,
  maskEndpoint,
  validateEndpoint,
} from '../../../src/core/rpc/endpoint/maskEndpoint.ts';

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

describe('isPlainWord limits', () => {
  it.each([
    ['', false],
    ['abcdefghijkl-abcdefghijkl-abcdef', true], // 32 characters
    ['abcdefghijkl-abcdefghijkl-abcdefg', false], // 33
    ['a-b-c-d', true], // 4 parts
    ['a-b-c-d-e', false], // 5
    ['a--b', true], // an empty part between separators is allowed
    ['a-', true],
    ['-', false], // but not only empty parts
    ['.', false],
    ['%zz', false], // not a valid escape: read as typed
  ])('%j → %s', (text, plain) => expect(isPlainWord(text)).toBe(plain));
});

describe('maskEndpoint edges', () => {
  it.each([
    ['https://h.example/%zz', 'https://h.example/••••'],
    // an IP literal in brackets (here the IPvFuture form) is kept as typed, whatever its labels look like
    ['http://[v1.abcdef0123456789abc.x]:8545/', 'http://[v1.abcdef0123456789abc.x]:8545/'],
    ['https://abcdef0123456789ab:8545/', 'https://••••:8545/'],
    ['https://x-abcdef0123456789.example/', 'https://x-abcdef0123456789.example/'],
    ['https://abcdef0123456789-x.example/', 'https://abcdef0123456789-x.example/'],
    ['https://abcdefghijklmnopq.example/', 'https://abcdefghijklmnopq.example/'], // letters only
    ['https://12345678901234567.example/', 'https://12345678901234567.example/'], // digits only
    ['https://abcdefgh12345678.example/', 'https://••••.example/'], // 16, mixed
    ['https://user:@h.example/', 'https://••••:@h.example/'],
    ['https://:pass@h.example/', 'https://••••:••••@h.example/'],
    ['https://h.example/#', 'https://h.example/#'],
    ['https://h.example/#a', 'https://h.example/#••••'],
    ['https://h.example/rpc', 'https://h.example/rpc'],
  ])('%s → %s', (url, masked) => expect(maskEndpoint(url)).toBe(masked));

  it.each([
    ['https://h.example/#', false],
    ['https://h.example/#a', true],
    ['https://••••@h.example/', false],
  ])('hasEmbeddedSecret(%s) is %s', (url, secret) => expect(hasEmbeddedSecret(url)).toBe(secret));
});

describe('validateEndpoint edges', () => {
  it.each([
    ['   ', 'endpoint URL is empty'],
    [5, 'endpoint URL is empty'],
    [
      '127.0.0.1:8545/?r=http://x',
      'endpoint "127.0.0.1:8545/?r=••••" has no scheme: write http://127.0.0.1:8545/?r=•••• (or https://, ws://, wss://)',
    ],
  ])('%j: %s', (url, message) => expect(validateEndpoint(url)).toStrictEqual({ ok: false, message }));

  it('trims the text around a URL', () => {
    const r = validateEndpoint('  http://127.0.0.1:8545 \n');
    expect(r.ok && r.value.href).toBe('http://127.0.0.1:8545/');
  });
});
