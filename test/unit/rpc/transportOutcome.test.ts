import { describe, expect, it } from 'vitest';
import { responseText, textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

describe('textResponse', () => {
  it.each([
    [{}, 200, {}, 0],
    [{ status: null, headers: { a: 'b' }, durationMs: 4 }, null, { a: 'b' }, 4],
    [{ status: 404 }, 404, {}, 0],
  ])('%j', (meta, status, headers, durationMs) => {
    const r = textResponse('héllo', meta);
    expect({ ...r, body: responseText(r) }).toStrictEqual({
      kind: 'response',
      status,
      headers,
      body: 'héllo',
      durationMs,
    });
    expect(r.body.byteLength).toBe(6);
  });
});

describe('responseText', () => {
  it('decodes a body once and still answers after the body was handed to a worker (transferred)', () => {
    const body = new TextEncoder().encode('{"a":"é"}').buffer as ArrayBuffer;
    const r = { body };
    expect(responseText(r)).toBe('{"a":"é"}');
    structuredClone(body, { transfer: [body] });
    expect(body.byteLength).toBe(0);
    expect(responseText(r)).toBe('{"a":"é"}');
  });

  it('keeps the text of a text response after its body was transferred', () => {
    const r = textResponse('abc');
    structuredClone(r.body, { transfer: [r.body] });
    expect(responseText(r)).toBe('abc');
  });
});
