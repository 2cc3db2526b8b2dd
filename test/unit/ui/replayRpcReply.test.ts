import { describe, expect, it } from 'vitest';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { type TransportOutcome, textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';
import { checkPrestateResult, readRpcReply } from '../../../src/ui/replay/readRpcReply.ts';

function reply(
  body: string,
  status: number | null = 200,
  contentType = 'application/json',
): TransportOutcome {
  return textResponse(body, { status, headers: { 'content-type': contentType }, durationMs: 3 });
}
const rpcError = (code: number, message: string, id: number | null = 1) =>
  reply(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));

function messageOf(r: TransportOutcome, method: string, id = 1): string {
  try {
    readRpcReply(r, method, id);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('readRpcReply did not throw');
}

describe('readRpcReply', () => {
  it('gives the result of a real embedded-node answer', async () => {
    const node = await createEmbeddedNode();
    const answer = await node.request({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    // The demo chain's id is 1337.
    expect(readRpcReply(reply(JSON.stringify(answer), null), 'eth_chainId', 7)).toBe('0x539');
  });

  it('names the method and what capturing needs when the node lacks debug_traceTransaction', async () => {
    const node = await createEmbeddedNode();
    const answer = await node.request({ jsonrpc: '2.0', id: 1, method: 'debug_nope', params: [] });
    const text = JSON.stringify(answer).replace('debug_nope', 'debug_traceTransaction');
    const message = messageOf(reply(text, null), 'debug_traceTransaction');
    expect(message).toMatch(/^debug_traceTransaction failed: /);
    expect(message).toContain('debug_traceTransaction does not exist/is not available');
    expect(message).toContain(
      'Capturing needs debug_traceTransaction with the built-in prestateTracer (geth, or a node that offers the debug API with it)',
    );
  });

  const cases: [string, TransportOutcome, string, RegExp, boolean][] = [
    [
      'unknown tracer',
      rpcError(-32000, 'tracer not found'),
      'debug_traceTransaction',
      /tracer not found/,
      true,
    ],
    [
      'raw tx method missing',
      rpcError(-32601, 'the method eth_getRawTransactionByHash does not exist/is not available'),
      'eth_getRawTransactionByHash',
      /Capturing needs eth_getRawTransactionByHash \(the signed transaction bytes\)/,
      true,
    ],
    [
      'other method missing: no capture hint',
      rpcError(-32601, 'the method eth_getBlockByNumber does not exist/is not available'),
      'eth_getBlockByNumber',
      /eth_getBlockByNumber does not exist/,
      false,
    ],
    [
      'a tracing error that is not a missing feature',
      rpcError(-32000, 'transaction not found'),
      'debug_traceTransaction',
      /transaction not found/,
      false,
    ],
    [
      'unreachable',
      { kind: 'no-response', reason: 'refused', message: 'Connection refused by 127.0.0.1:9', durationMs: 1 },
      'eth_chainId',
      /^eth_chainId failed: Connection refused by 127\.0\.0\.1:9$/,
      false,
    ],
    [
      'hardhat: raw tx method not supported',
      rpcError(-32004, 'Method eth_getRawTransactionByHash is not supported'),
      'eth_getRawTransactionByHash',
      /Method eth_getRawTransactionByHash is not supported/,
      true,
    ],
    [
      'hardhat: only the default tracer',
      rpcError(
        -32603,
        'Hardhat currently only supports the default tracer, so no tracer parameter should be passed.',
      ),
      'debug_traceTransaction',
      /only supports the default tracer/,
      true,
    ],
    ['HTTP 401', reply('unauthorized', 401, 'text/plain'), 'eth_chainId', /401/, false],
    [
      'id mismatch',
      reply('{"jsonrpc":"2.0","id":99,"result":"0x1"}'),
      'eth_chainId',
      /response id 99 does not match the request id 1/,
      false,
    ],
    ['not JSON', reply('<<garbage>>'), 'eth_chainId', /^eth_chainId failed: /, false],
  ];
  it.each(cases)('%s', (_name, r, method, pattern, hint) => {
    const message = messageOf(r, method);
    expect(message.startsWith(`${method} failed: `)).toBe(true);
    expect(message).toMatch(pattern);
    expect(message.includes('Capturing needs')).toBe(hint);
  });
});

describe('checkPrestateResult', () => {
  const hint =
    'Capturing needs debug_traceTransaction with the built-in prestateTracer (geth, or a node that offers the debug API with it)';
  it.each([
    [
      'struct logs (ganache ignores the tracer name)',
      { gas: '0x0', structLogs: [], returnValue: '', storage: {} },
      'The node ignored the tracer "prestateTracer" and answered with struct logs (ganache does this), so it cannot give the pre-state. ' +
        hint,
    ],
    ['null', null, `debug_traceTransaction with prestateTracer gave null, not a pre-state object. ${hint}`],
    [
      'a list',
      [],
      `debug_traceTransaction with prestateTracer gave an array, not a pre-state object. ${hint}`,
    ],
    [
      'a string',
      'x',
      `debug_traceTransaction with prestateTracer gave the string "x", not a pre-state object. ${hint}`,
    ],
  ])('rejects %s', (_name, value, message) => {
    expect(() => checkPrestateResult(value)).toThrow(message);
  });

  it('passes a real pre-state through', async () => {
    const node = await createEmbeddedNode();
    const txHash = (node.demoDefaults as { txHash: string }).txHash;
    const answer = (await node.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceTransaction',
      params: [txHash, { tracer: 'prestateTracer' }],
    })) as { result: Record<string, unknown> };
    expect(checkPrestateResult(answer.result)).toBe(answer.result);
    expect(Object.keys(answer.result).length).toBeGreaterThan(1);
  });
});
