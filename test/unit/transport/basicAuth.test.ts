import { describe, expect, it } from 'vitest';
import { basicAuthHeader, splitUrlCredentials } from '../../../src/io/transport/basicAuth.ts';

describe('splitUrlCredentials (the transports’ use of splitUserInfo)', () => {
  it.each<[string, string, { url: string; user?: string; password?: string }]>([
    ['no userinfo', 'https://h.example/rpc', { url: 'https://h.example/rpc' }],
    [
      'user and password, percent-decoded',
      'http://alice:p%C3%A4%3Ass@h.example:8545/',
      { url: 'http://h.example:8545/', user: 'alice', password: 'pä:ss' },
    ],
    ['a user alone', 'wss://alice@h.example/ws', { url: 'wss://h.example/ws', user: 'alice', password: '' }],
    // an empty userinfo is taken out of the URL but sends no Authorization header
    ['an empty userinfo', 'https://@h.example/', { url: 'https://h.example/' }],
    // Where the transports and splitUserInfo disagreed (the transports decoded with decodeURIComponent and threw
    // URIError): a malformed escape is now sent as written.
    [
      'a malformed escape is sent as written',
      'https://u%zz:p%E2%82@h.example',
      { url: 'https://h.example', user: 'u%zz', password: 'p%E2%82' },
    ],
    // ... and the URL is no longer normalized by URL (no trailing '/' added, case kept).
    ['the rest as written', 'https://u:p@H.example', { url: 'https://H.example', user: 'u', password: 'p' }],
  ])('%s', (_name, url, expected) => {
    expect(splitUrlCredentials(url)).toStrictEqual(expected);
  });
});

describe('basicAuthHeader', () => {
  it.each([
    ['alice', 'pw', 'Basic YWxpY2U6cHc='],
    ['', '', 'Basic Og=='],
    // UTF-8, as browsers and curl send it
    ['ä', '€', 'Basic w6Q64oKs'],
  ])('%s / %s', (user, password, header) => {
    expect(basicAuthHeader(user, password)).toBe(header);
  });
});
