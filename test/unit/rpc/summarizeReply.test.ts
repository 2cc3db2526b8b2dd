import { describe, expect, it } from 'vitest';
import { flattenTracer, flatTracerOf } from '../../../src/core/flatten/flattenTracer.ts';
import {
  largeReplyBytes,
  placeTracerError,
  summarizeReply,
} from '../../../src/core/rpc/protocol/summarizeReply.ts';
import { textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

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
    expect(r.tracerError).toEqual({
      text: 'SyntaxError: (anonymous): Line 1:40 Unexpected token',
      sentAt: { line: 1, column: 39 },
    });
  });

  it('does not treat a missing method as a tracer error', () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method debug_traceCall does not exist/is not available' },
    });
    const r = summarizeReply(reply(text), { method: 'debug_traceCall' });
    expect(r.kind).toBe('rpc-error');
    expect(r.tracerError).toBeUndefined();
    expect(r.message).toMatch(/does not offer debug_traceCall/);
  });
});

describe('summarizeReply, whole summaries', () => {
  const size = (t: string) => new TextEncoder().encode(t).byteLength;
  const ws = (t: string) => textResponse(t, { status: null, durationMs: 3 });
  const boomText = '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"boom"}}';
  const timeoutText = '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"execution timeout"}}';
  const block = JSON.stringify({ jsonrpc: '2.0', id: 1, result: [{ result: {} }, { error: 'boom' }] });
  const cases: [string, () => unknown, unknown][] = [
    [
      'a WebSocket result has no HTTP status',
      () => summarizeReply(ws('{"jsonrpc":"2.0","id":1,"result":"0x1"}')),
      {
        kind: 'ok',
        message: 'Success',
        durationMs: 3,
        sizeBytes: size('{"jsonrpc":"2.0","id":1,"result":"0x1"}'),
        httpStatus: undefined,
        txErrors: [],
        value: '0x1',
      },
    ],
    [
      'a block entry without a hash is named by its position',
      () => summarizeReply(reply(block), { method: 'debug_traceBlockByNumber' }),
      {
        kind: 'ok',
        method: 'debug_traceBlockByNumber',
        message: 'Success, but 1 transaction of the block failed to trace',
        // The first failed transaction's words, for the editor's mark.
        tracerError: { text: 'boom' },
        durationMs: 12,
        sizeBytes: size(block),
        httpStatus: 200,
        txErrors: [
          { txHash: 'transaction #1', error: 'The node returned an error: no code "boom"', index: 1 },
        ],
        value: [{ result: {} }, { error: 'boom' }],
      },
    ],
    [
      "a node error that is not the tracer's",
      () => summarizeReply(reply(boomText)),
      {
        kind: 'rpc-error',
        message: 'The node returned an error: -32000 "boom"',
        durationMs: 12,
        sizeBytes: size(boomText),
        httpStatus: 200,
        txErrors: [],
        detail: 'boom',
      },
    ],
    [
      'a timeout is a tracer error',
      () => summarizeReply(reply(timeoutText)),
      {
        kind: 'rpc-error',
        message:
          'The tracer ran out of time (-32000 "execution timeout"): pass a longer timeout such as "30s", trace less, or do less work per step',
        durationMs: 12,
        sizeBytes: size(timeoutText),
        httpStatus: 200,
        txErrors: [],
        detail: 'execution timeout',
        tracerError: { text: 'execution timeout' },
      },
    ],
    [
      'an HTTP error keeps the body preview',
      () => summarizeReply(reply('upstream down', 502)),
      {
        kind: 'http-error',
        message: 'HTTP 502: the server failed (upstream down)',
        durationMs: 12,
        sizeBytes: 13,
        httpStatus: 502,
        txErrors: [],
        detail: 'upstream down',
      },
    ],
    [
      'an invalid body keeps the body preview',
      () => summarizeReply(reply('nope')),
      {
        kind: 'invalid-json',
        message: `The response is not valid JSON (${(() => {
          try {
            JSON.parse('nope');
          } catch (e) {
            return (e as Error).message;
          }
        })()})`,
        durationMs: 12,
        sizeBytes: 4,
        httpStatus: 200,
        txErrors: [],
        detail: 'nope',
      },
    ],
    [
      'no response: no size, no status',
      () => summarizeReply({ kind: 'no-response', reason: 'refused', message: 'refused', durationMs: 7 }),
      {
        kind: 'unreachable',
        message: 'refused',
        durationMs: 7,
        sizeBytes: 0,
        httpStatus: undefined,
        txErrors: [],
      },
    ],
    [
      'a batch answer',
      () => summarizeReply(reply('[1]')),
      {
        kind: 'batch-instead-of-object',
        message: 'The node answered with a batch (an array of 1) to a single request',
        durationMs: 12,
        sizeBytes: 3,
        httpStatus: 200,
        txErrors: [],
      },
    ],
  ];
  it.each(cases)('%s', (_name, summary, expected) => expect(summary()).toStrictEqual(expected));

  it('keeps a result of exactly the large-reply size whole, and previews one byte more', () => {
    const head = '{"jsonrpc":"2.0","id":1,"result":"';
    const body = (n: number) => head + 'x'.repeat(n - head.length - 2) + '"}';
    const atLimit = summarizeReply(reply(body(largeReplyBytes)));
    expect([atLimit.sizeBytes, typeof atLimit.value, atLimit.preview]).toEqual([
      largeReplyBytes,
      'string',
      undefined,
    ]);
    const over = summarizeReply(reply(body(largeReplyBytes + 1)));
    expect([over.sizeBytes, over.value, over.preview]).toEqual([
      largeReplyBytes + 1,
      undefined,
      body(largeReplyBytes + 1).slice(0, 2000) + '…',
    ]);
  });
});

describe('placeTracerError: the reply names the place in the source of the tracer that was sent', () => {
  const source =
    '{\n  step: function (log) {\n    this.n = log.stack.peek(99);\n  },\n  result: function () { return 1; },\n  fault: function () {}\n}';
  const sent = flatTracerOf(flattenTracer(source), source)!;
  const col = sent.code.indexOf('log.stack.peek') + 2;
  const failure = (text: string) =>
    summarizeReply(reply(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: text } })));
  it.each([
    [
      'a goja frame: line 3, column 14 (log of log.stack)',
      `tracer accessed out of bound stack: size 0, index 99 at step (<eval>:1:${col}(12))`,
      { line: 3, column: 14, message: 'tracer accessed out of bound stack: size 0, index 99' },
    ],
    [
      'no position, a named function: its key',
      "RangeError: too much    in server-side tracer function 'result'",
      { line: 5, column: 3, message: "RangeError: too much in server-side tracer function 'result'" },
    ],
    ['no position at all', 'Error: boom at step', null],
  ])('%s', (_name, text, expected) => {
    const placed = placeTracerError(failure(text), sent).tracerError?.place;
    const got = placed && { ...placed.range.start, message: placed.message };
    expect(got === null ? null : { line: got?.line, column: got?.column, message: got?.message }).toEqual(
      expected,
    );
  });

  it('leaves a reply without a tracer error, or without a sent tracer, as it was', () => {
    const ok = summarizeReply(reply(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 1 })));
    expect(placeTracerError(ok, sent)).toBe(ok);
    const failed = failure('TypeError: x at step (<eval>:1:3(2))');
    expect(placeTracerError(failed, null)).toBe(failed);
  });
});
