import { describe, expect, it } from 'vitest';
import { explainRpcError, largeReplyChars, summarizeReply } from '../../../src/io/summarizeReply.ts';

describe('summarizeReply', () => {
  it.each([
    [
      '{"jsonrpc":"2.0","id":1,"result":"0x10"}',
      { kind: 'result', value: '0x10', large: false, txErrors: [] },
    ],
    [
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method debug_traceCall does not exist/is not available"}}',
      {
        kind: 'rpc-error',
        code: -32601,
        message: 'the method debug_traceCall does not exist/is not available',
        data: undefined,
      },
    ],
    ['<html>502</html>', { kind: 'not-json', preview: '<html>502</html>' }],
    ['{"foo":1}', { kind: 'not-json', preview: '{"foo":1}' }],
  ])('reads %s', (text, expected) => {
    expect(summarizeReply(text)).toEqual(expected);
  });

  it('lists per-transaction errors of a block trace', () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: [
        { txHash: '0xaa', result: {} },
        { txHash: '0xbb', error: 'TypeError: x is undefined at step' },
      ],
    });
    const r = summarizeReply(text);
    expect(r.kind === 'result' && r.txErrors).toEqual([
      { txHash: '0xbb', error: 'TypeError: x is undefined at step' },
    ]);
  });

  it('gives a preview of a large result', () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'x'.repeat(largeReplyChars) });
    const r = summarizeReply(big);
    expect(r.kind === 'result' && r.large).toBe(true);
    expect(r.kind === 'result' && r.value).toBeUndefined();
    expect(r.kind === 'result' && r.preview!.length).toBeLessThan(250_000);
  });

  it.each([
    [
      -32700,
      'The method debug_traceCall does not exist/is not available',
      'The node does not offer debug_traceCall',
    ],
    [
      -32602,
      'Hardhat currently only supports the default tracer, so no tracer parameter should be passed.',
      'The node does not run JavaScript tracers',
    ],
    [-32000, 'execution timeout', 'The tracer ran out of time on the node'],
    [-32000, 'SyntaxError: (anonymous): Line 1:40 Unexpected token', 'The tracer failed on the node'],
    [-1, 'odd', 'Error -1'],
  ])('explains %i %s', (code, message, title) => {
    expect(explainRpcError(code, message, 'debug_traceCall').title).toBe(title);
  });
});
