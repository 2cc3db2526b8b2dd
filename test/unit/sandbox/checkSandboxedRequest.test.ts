import { describe, expect, it } from 'vitest';
import { checkSandboxedRequest } from '../../../src/devserver/checkSandboxedRequest.ts';

// Header sets as Chromium sends them (seen in test/e2e-dev/dev-sandbox.spec.ts).
const page = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

describe('checkSandboxedRequest', () => {
  it.each([
    ['a request without fetch metadata (curl, an old browser)', {}],
    ['the page fetching the worker code', page],
    ['the page loading a module', { ...page, 'sec-fetch-dest': 'script', origin: 'http://127.0.0.1:5173' }],
    [
      'the page starting a module worker',
      { ...page, 'sec-fetch-dest': 'worker', 'sec-fetch-mode': 'same-origin' },
    ],
    [
      'the page navigating the sandbox iframe to sandbox.html',
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
    ],
    [
      'typing the URL',
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ],
    [
      'a link from another site',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ],
  ])('serves %s', (_what, headers) => {
    expect(checkSandboxedRequest(headers)).toBeNull();
  });

  it.each([
    ['an opaque origin (the sandbox) fetching', { origin: 'null', ...page, 'sec-fetch-site': 'cross-site' }],
    ['Origin: null without fetch metadata', { origin: 'null' }],
    ['Origin: null in another case and padded', { origin: ' NULL ' }],
    ['Origin: null given twice', { origin: ['null', 'null'] }],
    [
      'a cross-site script',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
    ],
    [
      'a same-site fetch (another port)',
      { ...page, 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:9' },
    ],
    [
      'a cross-site worker',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'same-origin', 'sec-fetch-dest': 'worker' },
    ],
    [
      'a cross-site font',
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'font' },
    ],
    ['cross-site without a mode', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s', (_what, headers) => {
    expect(checkSandboxedRequest(headers)).toMatch(/^the dev server serves/);
  });

  it('names what it refused', () => {
    expect(checkSandboxedRequest({ origin: 'null' })).toContain('Origin: null');
    expect(
      checkSandboxedRequest({
        'sec-fetch-site': 'same-site',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
      }),
    ).toBe('the dev server serves its files to this page only, not to a same-site empty request');
  });
});
