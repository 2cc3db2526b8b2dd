import { describe, expect, it } from 'vitest';
import { buildTraceOptions } from '../../../src/core/rpc/methods/buildTraceOptions.ts';
import { classifyResponse, findBlockTxErrors } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { decodeRpcError } from '../../../src/core/rpc/protocol/decodeRpcError.ts';
import type { JsonRpcRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { probeNode } from '../../../src/core/rpc/probe/probe.ts';
import { type TransportOutcome, textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

// Rules of src/core/rpc that no test pinned down (issue #14): each table states the input and the exact answer.

const response = (status: number, text: string, headers: Record<string, string> = {}): TransportOutcome =>
  textResponse(text, { status, headers, durationMs: 1 });

const rpcError = (request: JsonRpcRequest, code: number, message: string) =>
  response(200, JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code, message } }));
const rpcResult = (request: JsonRpcRequest, result: unknown) =>
  response(200, JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));

describe('decodeRpcError: -32005 alone means rate limiting', () => {
  it.each([
    [
      -32005,
      'slow down',
      'rate-limit',
      'The provider is rate-limiting requests (-32005 "slow down"): wait and retry',
    ],
    [-32005, '', 'rate-limit', 'The provider is rate-limiting requests (-32005 ""): wait and retry'],
    [
      -32000,
      'Too Many Requests',
      'rate-limit',
      'The provider is rate-limiting requests (-32000 "Too Many Requests"): wait and retry',
    ],
    [-32000, 'slow down', 'generic', 'The node returned an error: -32000 "slow down"'],
  ])('%i %j → %s', (code, message, category, text) => {
    expect(decodeRpcError({ code, message }, 'debug_traceCall')).toMatchObject({ category, message: text });
  });
});

describe('decodeRpcError: "not allowed" is a missing method whatever the code', () => {
  const said = (code: number | null, m: string) =>
    `The provider does not allow debug_traceCall on this endpoint (${code ?? 'no code'} "${m}")`;
  it.each([
    [-32000, 'method debug_traceCall is not allowed'],
    [-32603, 'Method Not Allowed'],
    [1, 'debug namespace not allowed for this plan'],
    [null, 'not allowed'],
  ])('%s %j', (code, message) => {
    const error = code === null ? { message } : { code, message };
    expect(decodeRpcError(error, 'debug_traceCall')).toMatchObject({
      category: 'method-missing',
      code,
      message: said(code, message),
    });
  });
});

describe('block traces: an entry with error: null is a success', () => {
  const result = [
    { txHash: '0xa1', result: 1, error: null },
    { txHash: '0xa2', result: 2 },
    { txHash: '0xa3', error: 'execution timeout' },
    { txHash: '0xa4', result: null, error: undefined },
  ];
  it('only the entry with an error text is reported', () => {
    expect(findBlockTxErrors(result, 'debug_traceBlockByNumber')).toEqual([
      {
        index: 2,
        txHash: '0xa3',
        error: expect.objectContaining({ category: 'timeout', rpcMessage: 'execution timeout' }),
      },
    ]);
  });
  it('the answer says one transaction failed', () => {
    const r = classifyResponse(response(200, JSON.stringify({ jsonrpc: '2.0', id: 1, result })), {
      expectedId: 1,
      method: 'debug_traceBlockByNumber',
    });
    expect(r).toMatchObject({
      kind: 'ok',
      message: 'Success, but 1 transaction of the block failed to trace',
    });
    const allNull = classifyResponse(
      response(
        200,
        JSON.stringify({ jsonrpc: '2.0', id: 1, result: [{ txHash: '0xa1', result: 1, error: null }] }),
      ),
      { expectedId: 1 },
    );
    expect(allNull).toMatchObject({ kind: 'ok', message: 'Success', txErrors: [] });
  });
});

describe('probe verdicts for refusals and rate limits', () => {
  const forbidden =
    'HTTP 403: access forbidden: the credentials or API key are rejected, or this origin/IP/method is not allowed';
  const node =
    (trace: (request: JsonRpcRequest) => TransportOutcome) =>
    async (method: string, _params: unknown[], request: JsonRpcRequest): Promise<TransportOutcome> => {
      if (method === 'web3_clientVersion')
        return rpcResult(request, 'Geth/v1.17.5-stable/linux-amd64/go1.24.0');
      if (method === 'eth_blockNumber') return rpcResult(request, '0x10');
      if (method === 'debug_traceCall') return trace(request);
      return rpcError(request, -32601, `the method ${method} does not exist/is not available`);
    };

  it.each([
    [
      'an endpoint that answers HTTP 403 to everything',
      async () => response(403, 'Forbidden'),
      'auth-required',
      forbidden,
      ['web3_clientVersion'],
    ],
    [
      'an endpoint that answers HTTP 403 to debug_traceCall only',
      node(() => response(403, '{"message":"forbidden"}')),
      'auth-required',
      forbidden,
      ['web3_clientVersion', 'eth_blockNumber', 'debug_traceCall'],
    ],
    [
      'a canary rate-limited with -32005',
      node((request) => rpcError(request, -32005, 'request rate exceeded')),
      'ambiguous',
      'The provider is rate-limiting requests (-32005 "request rate exceeded"): wait and retry',
      ['web3_clientVersion', 'eth_blockNumber', 'debug_traceCall'],
    ],
    [
      'a canary rate-limited with HTTP 429',
      node(() => response(429, 'Too Many Requests', { 'retry-after': '3' })),
      'ambiguous',
      'debug_traceCall: HTTP 429: rate limit reached; the server asks to wait 3 s',
      ['web3_clientVersion', 'eth_blockNumber', 'debug_traceCall'],
    ],
  ])('%s → %s', async (_name, send, verdict, summary, methods) => {
    const report = await probeNode(send, { nonce: 'probe-test-nonce' });
    expect(report).toMatchObject({ jsTracing: verdict, summary });
    expect(report.evidence.map((e) => e.request.method)).toEqual(methods);
  });
});

describe('tracerConfig must be finite JSON: NaN and Infinity are refused', () => {
  const refused = {
    ok: false,
    errors: [
      {
        path: 'options.tracerConfig',
        message: 'tracerConfig must be plain JSON (no functions, undefined, NaN, Infinity or cycles)',
      },
    ],
  };
  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['{a: NaN}', { a: NaN }],
    ['{a: -Infinity}', { a: -Infinity }],
    ['[1, Infinity]', [1, Infinity]],
    ['{a: {b: [NaN]}}', { a: { b: [NaN] } }],
  ])('%s is refused', (_name, tracerConfig) => {
    expect(buildTraceOptions({ tracerConfig })).toEqual(refused);
  });
  it.each([
    ['1e308', 1e308],
    ['{a: -0, b: 1.5, c: [null, "x", true]}', { a: -0, b: 1.5, c: [null, 'x', true] }],
  ])('%s is kept', (_name, tracerConfig) => {
    expect(buildTraceOptions({ tracerConfig })).toEqual({ ok: true, value: { tracerConfig } });
  });
});
