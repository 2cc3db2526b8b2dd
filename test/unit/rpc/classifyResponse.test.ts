import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../src/core/rpc/classifyResponse.ts';
import { type TransportOutcome, textResponse } from '../../../src/core/rpc/transportOutcome.ts';

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
