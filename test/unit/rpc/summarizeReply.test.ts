import { describe, expect, it } from 'vitest';
import { largeReplyBytes, summarizeReply } from '../../../src/core/rpc/summarizeReply.ts';
import { textResponse } from '../../../src/core/rpc/transportOutcome.ts';

const reply = (bodyText: string, status = 200) =>
  textResponse(bodyText, { status, headers: { 'content-type': 'application/json' }, durationMs: 12 });

describe('summarizeReply', () => {
  it('keeps a small result whole', () => {
    const r = summarizeReply(reply('{"jsonrpc":"2.0","id":1,"result":"0x10"}'), { expectedId: 1 });
    expect(r).toMatchObject({ kind: 'ok', value: '0x10', httpStatus: 200, durationMs: 12, txErrors: [] });
    expect(r.preview).toBeUndefined();
  });

  it('lists per-transaction errors of a block trace', () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: [
        { txHash: '0xaa', result: {} },
        { txHash: '0xbb', error: "TypeError: x is undefined in server-side tracer function 'step'" },
      ],
    });
    const r = summarizeReply(reply(text), { method: 'debug_traceBlockByNumber' });
    expect(r.txErrors.map((t) => t.txHash)).toEqual(['0xbb']);
    expect(r.txErrors[0].error).toContain('TypeError: x is undefined');
  });

  it('gives a preview of a large result', () => {
    const r = summarizeReply(
      reply(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'x'.repeat(largeReplyBytes) })),
    );
    expect(r.kind).toBe('ok');
    expect(r.value).toBeUndefined();
    expect(r.preview!.length).toBeLessThan(70_000);
  });

  it('keeps the tracer error text for mapping', () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'SyntaxError: (anonymous): Line 1:40 Unexpected token' },
    });
    const r = summarizeReply(reply(text));
    expect(r.kind).toBe('rpc-error');
    expect(r.tracerErrorText).toBe('SyntaxError: (anonymous): Line 1:40 Unexpected token');
  });

  it('does not treat a missing method as a tracer error', () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method debug_traceCall does not exist/is not available' },
    });
    const r = summarizeReply(reply(text), { method: 'debug_traceCall' });
    expect(r.kind).toBe('rpc-error');
    expect(r.tracerErrorText).toBeUndefined();
    expect(r.message).toMatch(/does not offer debug_traceCall/);
  });
});
