import { describe, expect, it } from 'vitest';
import { decodeRpcError } from '../../../src/core/rpc/decodeRpcError.ts';

// Error texts as documented in node-support-and-pitfalls.md §1–2 and toolchain-notes.md.
const table: [string, number | null, string, string][] = [
  ['geth debug off', -32601, 'the method debug_traceCall does not exist/is not available', 'method-missing'],
  [
    'ganache missing method',
    -32700,
    'The method debug_traceCall does not exist/is not available',
    'method-missing',
  ],
  ['reth jsonrpsee', -32601, 'Method not found', 'method-missing'],
  ['provider policy', -32601, 'This method is not whitelisted', 'method-missing'],
  [
    'hardhat 2',
    -32602,
    'Hardhat currently only supports the default tracer, so no tracer parameter should be passed.',
    'js-unsupported',
  ],
  ['hardhat 3 / reth without feature', -32602, 'JS Tracer is not enabled', 'js-unsupported'],
  ['alchemy', -32600, 'invalid tracer value', 'js-unsupported'],
  ['alchemy old', -32602, "invalid 2nd argument: options 'tracer': invalid tracer value", 'js-unsupported'],
  [
    'besu',
    -32602,
    "Invalid TracerType: {n:'x'}. Valid values are: '', 'callTracer', 'flatCallTracer', 'prestateTracer'",
    'js-unsupported',
  ],
  ['anvil without feature', -32602, 'unsupported tracer type', 'js-unsupported'],
  ['anvil 2023', -32603, 'non-default tracer not supported yet', 'js-unsupported'],
  ['old geth / erigon', -32000, 'tracer not found', 'js-unsupported'],
  [
    'geth syntax',
    -32000,
    'SyntaxError: SyntaxError: (anonymous): Line 1:14 Unexpected token ; (and 2 more errors)',
    'tracer-syntax',
  ],
  ['reth syntax', -32602, 'failed to evaluate JS code: SyntaxError: unexpected token', 'tracer-syntax'],
  ['missing fault', -32000, 'trace object must expose a function fault()', 'tracer-shape'],
  [
    'enter without exit',
    -32000,
    'trace object must expose either both or none of enter() and exit()',
    'tracer-shape',
  ],
  [
    'runtime',
    -32000,
    "TypeError: Cannot read property 'toString' of undefined at step (<eval>:1:53(13))    in server-side tracer function 'step'",
    'tracer-runtime',
  ],
  [
    'goja member',
    -32000,
    "TypeError: Object has no member 'String' at result (<eval>:1:120(5))    in server-side tracer function 'result'",
    'tracer-runtime',
  ],
  ['memory bound', -32000, 'tracer accessed out of bound memory: offset -1, end -2', 'tracer-runtime'],
  ['timeout', -32000, 'execution timeout', 'timeout'],
  [
    'memory limit (embedded node, serve)',
    -32000,
    "tracer exceeded its memory limit at step (<eval>:1:55(0))    in server-side tracer function 'step'",
    'tracer-runtime',
  ],
  [
    'timeout in bigInt',
    -32000,
    "execution timeout at parseStringValue (bigInt:1:25261(161)) at step (<eval>:64:31(40))    in server-side tracer function 'step'",
    'timeout',
  ],
  [
    'tracing failed',
    -32000,
    'tracing failed: max fee per gas less than block base fee: address 0x0, maxFeePerGas: 1, baseFee: 7',
    'tracing-failed',
  ],
  ['rate limit', -32005, 'daily request count exceeded, request rate limited', 'rate-limit'],
  ['not found', -32000, 'transaction not found', 'generic'],
  ['nethermind', -32603, 'Internal error', 'generic'],
];

describe('decodeRpcError categories', () => {
  it.each(table)('%s', (_name, code, message, category) => {
    const d = decodeRpcError({ code, message }, 'debug_traceCall');
    expect(d.category).toBe(category);
    expect(d.code).toBe(code);
    expect(d.rpcMessage).toBe(message);
    expect(d.message).toContain(`${code} "${message}"`);
  });
});

describe('decodeRpcError details', () => {
  it('extracts the JS error, the function and the position (line 1 corrected for the wrapping parenthesis)', () => {
    const d = decodeRpcError({
      code: -32000,
      message:
        "TypeError: Cannot read property 'toString' of undefined at step (<eval>:1:53(13))    in server-side tracer function 'step'",
    });
    expect(d).toMatchObject({
      category: 'tracer-runtime',
      tracerFunction: 'step',
      jsError: "TypeError: Cannot read property 'toString' of undefined",
      reportedPosition: { line: 1, column: 53 },
      position: { line: 1, column: 52 },
    });
    expect(d.message).toBe(
      `The tracer threw an error while running (-32000 "TypeError: Cannot read property 'toString' of undefined at step (<eval>:1:53(13))    in server-side tracer function 'step'") in function 'step' (tracer line 1, column 52)`,
    );
  });

  it('takes the <eval> frame, not the bigInt library frame, and keeps lines after 1 as reported', () => {
    const d = decodeRpcError({
      code: -32000,
      message:
        "execution timeout at parseStringValue (bigInt:1:25261(161)) at step (<eval>:64:31(40))    in server-side tracer function 'step'",
    });
    expect(d).toMatchObject({
      category: 'timeout',
      tracerFunction: 'step',
      position: { line: 64, column: 31 },
    });
  });

  it('reads the syntax error position', () => {
    const d = decodeRpcError({
      code: -32000,
      message: 'SyntaxError: SyntaxError: (anonymous): Line 1:14 Unexpected token ; (and 2 more errors)',
    });
    expect(d).toMatchObject({ reportedPosition: { line: 1, column: 14 }, position: { line: 1, column: 13 } });
  });

  it('keeps data and names it in the message', () => {
    const d = decodeRpcError({ code: -32603, message: 'Internal error', data: { trace: 'x' } });
    expect(d.data).toEqual({ trace: 'x' });
    expect(d.message).toBe('The node returned an error: -32603 "Internal error"; data: {"trace":"x"}');
  });

  it('says what a memory limit means and how to stay under it', () => {
    const d = decodeRpcError({
      code: -32000,
      message: "tracer exceeded its memory limit    in server-side tracer function 'result'",
    });
    expect(d.message).toBe(
      "The tracer used more memory than the node allows (-32000 \"tracer exceeded its memory limit    in server-side tracer function 'result'\"): keep less in the tracer's own state (count or summarize instead of storing every step), or trace less in function 'result'",
    );
  });

  it('accepts a bare string error (geth block trace entries)', () => {
    expect(decodeRpcError('execution timeout')).toMatchObject({
      category: 'timeout',
      code: null,
      rpcMessage: 'execution timeout',
    });
  });

  it.each([
    [
      'debug_traceCall',
      'The node does not offer debug_traceCall: the debug namespace is off or the method is not exposed (-32601 "Method not found")',
    ],
    [
      'eth_getRawTransactionByHash',
      'The node does not offer eth_getRawTransactionByHash: the node does not implement it or does not expose the eth namespace (-32601 "Method not found")',
    ],
    [
      undefined,
      'The node does not offer this method: the node does not implement it or does not expose it (-32601 "Method not found")',
    ],
  ])(
    'names the method %s when the node lacks it, blaming the debug namespace only for debug_*',
    (method, message) => {
      expect(decodeRpcError({ code: -32601, message: 'Method not found' }, method).message).toBe(message);
    },
  );
});
