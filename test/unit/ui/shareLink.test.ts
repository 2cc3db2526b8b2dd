import { describe, expect, it } from 'vitest';
import { decodeShareHash, encodeShareHash, type SharePayload } from '../../../src/state/shareLink.ts';

const payload: SharePayload = {
  tracer: {
    name: 'Counter',
    source:
      '{count: 0, step: function (log) { this.count++ }, result: function () { return this.count }, fault: function () {}}',
  },
  request: {
    method: 'debug_traceTransaction',
    fields: { txHash: '0x' + 'ab'.repeat(32) },
    tracerConfig: '{"x":1}',
    timeout: '5s',
    rawMode: false,
    rawParams: '[]',
  },
};

describe('share links', () => {
  it('round-trips a tracer and a request', () => {
    const hash = encodeShareHash(payload);
    expect(hash.startsWith('#v1=')).toBe(true);
    expect(decodeShareHash(hash)).toEqual({ kind: 'ok', payload });
  });

  it.each([
    ['', { kind: 'none' }],
    ['#section-2', { kind: 'none' }],
    [
      '#v2=abc',
      {
        kind: 'error',
        message: 'This share link was made by a newer version of the playground (v2); it was not opened.',
      },
    ],
    ['#v0=abc', { kind: 'error', message: 'Unknown share link version v0; it was not opened.' }],
    [
      '#v1=%%%',
      {
        kind: 'error',
        message: 'This share link is damaged or incomplete (was it cut off when copied?); it was not opened.',
      },
    ],
  ])('reads %j', (hash, expected) => {
    expect(decodeShareHash(hash)).toEqual(expected);
  });

  it('rejects a truncated link with a message', () => {
    const hash = encodeShareHash(payload);
    const r = decodeShareHash(hash.slice(0, Math.floor(hash.length / 2)));
    expect(r.kind).toBe('error');
  });

  it('never carries endpoint data', () => {
    const hash = encodeShareHash(payload);
    const decoded = decodeShareHash(hash);
    expect(JSON.stringify(decoded)).not.toMatch(/url|password|user/i);
  });
});
