import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { type TransportOutcome, textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

const response = (
  bodyText: string,
  status: number | null = 200,
  headers: Record<string, string> = {},
): TransportOutcome => textResponse(bodyText, { status, headers, durationMs: 5 });

describe('classifyResponse', () => {
  it('returns the result', () => {
    expect(
      classifyResponse(response('{"jsonrpc":"2.0","id":1,"result":"n123"}'), { expectedId: 1 }),
    ).toMatchObject({ kind: 'ok', result: 'n123', txErrors: [], httpStatus: 200 });
  });

  it('finds per-transaction errors in a block trace (geth strings and Erigon objects)', () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: [
        { txHash: '0x01', result: [] },
        {
          txHash: '0x02',
          error: "TypeError: x at step (<eval>:1:10(3))    in server-side tracer function 'step'",
        },
        { txHash: '0x03', result: null, error: { code: -32000, message: 'tracer not found' } },
      ],
    });
    const r = classifyResponse(response(body), { expectedId: 1, method: 'debug_traceBlockByNumber' });
    expect(r.kind).toBe('ok');
    expect(r.message).toBe('Success, but 2 transactions of the block failed to trace');
    if (r.kind !== 'ok') return;
    expect(r.txErrors.map((e) => [e.index, e.txHash, e.error.category])).toEqual([
      [1, '0x02', 'tracer-runtime'],
      [2, '0x03', 'js-unsupported'],
    ]);
  });

  // A flat call trace of a reverting transaction is an array of frames with `error`: the tracer's output, not a
  // list of failed transactions; only block traces are per-transaction lists.
  it.each([
    ['debug_traceTransaction', 0],
    ['debug_traceCall', 0],
    ['eth_call', 0],
    ['debug_traceBlockByNumber', 1],
    ['debug_traceBlockByHash', 1],
  ])('an array of objects with error from %s has %i per-transaction errors', (method, count) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: [
        { type: 'CALL', from: '0x01', to: '0x02', error: 'execution reverted' },
        { type: 'CALL', from: '0x02', to: '0x03', result: { gasUsed: '0x0' } },
      ],
    });
    const r = classifyResponse(response(body), { expectedId: 1, method });
    expect(r.kind === 'ok' && [r.txErrors.length, r.message]).toEqual([
      count,
      count ? 'Success, but 1 transaction of the block failed to trace' : 'Success',
    ]);
  });

  it('accepts a Bitcoin-style answer with error null', () => {
    expect(
      classifyResponse(response('{"result":"0200","error":null,"id":"1"}'), { expectedId: '1' }),
    ).toMatchObject({ kind: 'ok', result: '0200' });
  });

  it('accepts a parse error with id null', () => {
    expect(
      classifyResponse(
        response('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}'),
        { expectedId: 3 },
      ).kind,
    ).toBe('rpc-error');
  });

  it('decodes a JSON-RPC error sent with HTTP 400 (Alchemy style)', () => {
    const r = classifyResponse(
      response('{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"invalid tracer value"}}', 400),
      { expectedId: 1 },
    );
    expect(r).toMatchObject({ kind: 'rpc-error', httpStatus: 400, error: { category: 'js-unsupported' } });
  });

  it('repairs Erigon "result":{…}null,"error"', () => {
    const r = classifyResponse(
      response(
        '{"jsonrpc":"2.0","id":7,"result":{"structLogs":[]}null,"error":{"code":-32000,"message":"execution timeout"}}',
      ),
      { expectedId: 7 },
    );
    expect(r).toMatchObject({
      kind: 'rpc-error',
      error: { category: 'timeout' },
      recovered: 'malformed body (as Erigon streams it) with an error object',
    });
  });

  it.each([
    [response(''), 'invalid-json', 'The response body is empty'],
    [
      response('{"jsonrpc":"2.0","id":1}'),
      'invalid-json',
      'The body is JSON but has neither result nor error: not a JSON-RPC response',
    ],
    [response('"hello"'), 'invalid-json', 'The body is JSON but not a JSON-RPC response object'],
    [
      response('<!DOCTYPE html><html><head><title>Sign in</title></head></html>'),
      'invalid-json',
      'The server sent an HTML page ("Sign in") instead of JSON-RPC: wrong URL, or a login/captcha page in between',
    ],
    [response('Bad Request', 400), 'http-error', 'HTTP 400: Bad Request'],
    [response('{"jsonrpc":"2.0","id":1,"result":"0x1"}', null), 'ok', 'Success'],
    [
      {
        kind: 'no-response',
        reason: 'network',
        message: 'No response from h.example: Failed to fetch',
        durationMs: 1,
        maybeCors: true,
      } as TransportOutcome,
      'unreachable',
      // The transport words the failure, CORS included (createHttpTransport): the classifier adds nothing.
      'No response from h.example: Failed to fetch',
    ],
  ])('%j → %s', (outcome, kind, message) => {
    const r = classifyResponse(outcome, { expectedId: 1 });
    expect(r.kind).toBe(kind);
    expect(r.message).toBe(message);
  });
});

describe('classifyResponse, whole results', () => {
  const meta = (status: number | null, body: string) => ({
    httpStatus: status,
    durationMs: 5,
    sizeBytes: new TextEncoder().encode(body).byteLength,
  });
  const boom = {
    category: 'generic',
    code: -32000,
    rpcMessage: 'boom',
    message: 'The node returned an error: -32000 "boom"',
  };
  const htmlWithError =
    '<html><head><title>Bad Gateway</title></head><body><pre>{"id":1,"error":{"code":-32000,"message":"boom"}}</pre></body></html>';
  // [name, body, status, headers, expected]
  const cases: [string, string, number, Record<string, string>, Record<string, unknown>][] = [
    [
      'a batch answer to a single request',
      '[{"jsonrpc":"2.0","id":1,"result":"0x1"}]',
      200,
      {},
      {
        kind: 'batch-instead-of-object',
        items: [{ jsonrpc: '2.0', id: 1, result: '0x1' }],
        message: 'The node answered with a batch (an array of 1) to a single request',
      },
    ],
    [
      'another id',
      '{"jsonrpc":"2.0","id":2,"result":"0x1"}',
      200,
      {},
      {
        kind: 'id-mismatch',
        expectedId: 1,
        receivedId: 2,
        message: 'The response id 2 does not match the request id 1: a proxy mixed up responses',
      },
    ],
    [
      'id null with a result (only an error may have id null)',
      '{"jsonrpc":"2.0","id":null,"result":"0x1"}',
      200,
      {},
      {
        kind: 'id-mismatch',
        expectedId: 1,
        receivedId: null,
        message: 'The response id null does not match the request id 1: a proxy mixed up responses',
      },
    ],
    [
      'another id with an error',
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32000,"message":"boom"}}',
      200,
      {},
      {
        kind: 'id-mismatch',
        expectedId: 1,
        receivedId: 5,
        message: 'The response id 5 does not match the request id 1: a proxy mixed up responses',
      },
    ],
    [
      'both a result and an error',
      '{"jsonrpc":"2.0","id":1,"result":"0x1","error":{"code":-32000,"message":"boom"}}',
      200,
      {},
      {
        kind: 'rpc-error',
        error: boom,
        recovered: 'both result and error',
        message:
          'The node returned an error: -32000 "boom" (the node sent both a result and an error; the error is shown)',
      },
    ],
    [
      'result null beside an error is just the error',
      '{"jsonrpc":"2.0","id":1,"result":null,"error":{"code":-32000,"message":"boom"}}',
      200,
      {},
      { kind: 'rpc-error', error: boom, message: 'The node returned an error: -32000 "boom"' },
    ],
    [
      'an Erigon body names its repair',
      '{"jsonrpc":"2.0","id":1,"result":nullnull,"error":{"code":-32000,"message":"boom"}}',
      200,
      {},
      {
        kind: 'rpc-error',
        error: boom,
        recovered: 'malformed body (as Erigon streams it) with an error object',
        message:
          'The node returned an error: -32000 "boom" (recovered from a malformed body (as Erigon streams it) with an error object)',
      },
    ],
    [
      'an HTML page without a title',
      '<html><body>hi</body></html>',
      200,
      {},
      {
        kind: 'invalid-json',
        bodyPreview: '<html><body>hi</body></html>',
        message:
          'The server sent an HTML page instead of JSON-RPC: wrong URL, or a login/captcha page in between',
      },
    ],
    // A gateway's HTML error page quoting a JSON-RPC error is the gateway's failure, not the node's error.
    [
      'a 502 HTML page holding an error object',
      htmlWithError,
      502,
      {},
      {
        kind: 'http-error',
        status: 502,
        bodyPreview: htmlWithError,
        message:
          'HTTP 502: the server sent an HTML page ("Bad Gateway"), not JSON-RPC: a proxy or gateway error, or the wrong URL',
      },
    ],
    [
      'a 300 HTML page holding an error object',
      htmlWithError,
      300,
      {},
      {
        kind: 'http-error',
        status: 300,
        bodyPreview: htmlWithError,
        message:
          'HTTP 300: the server sent an HTML page ("Bad Gateway"), not JSON-RPC: a proxy or gateway error, or the wrong URL',
      },
    ],
    [
      'a 199 HTML page holding an error object',
      htmlWithError,
      199,
      {},
      {
        kind: 'http-error',
        status: 199,
        bodyPreview: htmlWithError,
        message:
          'HTTP 199: the server sent an HTML page ("Bad Gateway"), not JSON-RPC: a proxy or gateway error, or the wrong URL',
      },
    ],
    [
      'a 300 with plain text',
      'Multiple Choices',
      300,
      {},
      {
        kind: 'http-error',
        status: 300,
        bodyPreview: 'Multiple Choices',
        message: 'HTTP 300: Multiple Choices',
      },
    ],
    [
      'a 400 with plain text',
      'Bad Request',
      400,
      {},
      { kind: 'http-error', status: 400, bodyPreview: 'Bad Request', message: 'HTTP 400: Bad Request' },
    ],
    [
      'a 199 with plain text',
      'Early',
      199,
      {},
      { kind: 'http-error', status: 199, bodyPreview: 'Early', message: 'HTTP 199: Early' },
    ],
    [
      'a 500 with JSON that is no JSON-RPC answer',
      '{"jsonrpc":"2.0","id":1}',
      500,
      {},
      {
        kind: 'http-error',
        status: 500,
        bodyPreview: '{"jsonrpc":"2.0","id":1}',
        message: 'HTTP 500: the server failed ({"jsonrpc":"2.0","id":1})',
      },
    ],
    [
      'a 300 with JSON that is no JSON-RPC answer',
      '{"jsonrpc":"2.0","id":1}',
      300,
      {},
      {
        kind: 'http-error',
        status: 300,
        bodyPreview: '{"jsonrpc":"2.0","id":1}',
        message: 'HTTP 300: {"jsonrpc":"2.0","id":1}',
      },
    ],
    [
      'a 199 with JSON that is no JSON-RPC answer',
      '{"jsonrpc":"2.0","id":1}',
      199,
      {},
      {
        kind: 'http-error',
        status: 199,
        bodyPreview: '{"jsonrpc":"2.0","id":1}',
        message: 'HTTP 199: {"jsonrpc":"2.0","id":1}',
      },
    ],
    [
      'a 299 with JSON that is no JSON-RPC answer is a 2xx',
      '{"jsonrpc":"2.0","id":1}',
      299,
      {},
      {
        kind: 'invalid-json',
        bodyPreview: '{"jsonrpc":"2.0","id":1}',
        message: 'The body is JSON but has neither result nor error: not a JSON-RPC response',
      },
    ],
    [
      'a result with HTTP 500 is still the result',
      '{"jsonrpc":"2.0","id":1,"result":"0x1"}',
      500,
      {},
      { kind: 'ok', result: '0x1', txErrors: [], message: 'Success' },
    ],
  ];
  it.each(cases)('%s', (_name, body, status, headers, expected) => {
    expect(classifyResponse(response(body, status, headers), { expectedId: 1 })).toStrictEqual({
      ...expected,
      ...meta(status, body),
    });
  });

  it('skips block entries that are not objects or have no error, and keeps only string tx hashes', () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: [null, 'x', 5, { txHash: 7, error: 'boom' }, { txHash: '0x02', result: {} }, { error: 'boom' }],
    });
    const r = classifyResponse(response(body), { expectedId: 1, method: 'debug_traceBlockByNumber' });
    const decoded = {
      category: 'generic',
      code: null,
      rpcMessage: 'boom',
      message: 'The node returned an error: no code "boom"',
    };
    expect(r.kind === 'ok' && r.txErrors).toStrictEqual([
      { index: 3, error: decoded },
      { index: 5, error: decoded },
    ]);
  });
});
