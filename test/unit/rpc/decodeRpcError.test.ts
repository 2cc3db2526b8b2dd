import { describe, expect, it } from 'vitest';
import { decodeRpcError } from '../../../src/core/rpc/protocol/decodeRpcError.ts';

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
      `The tracer threw an error while running (-32000 "TypeError: Cannot read property 'toString' of undefined at step (<eval>:1:53(13))    in server-side tracer function 'step'") in function 'step'`,
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

describe('decodeRpcError, every field', () => {
  const long = 'x'.repeat(301);
  // [name, error, method, the whole decoded error]
  const cases: [string, unknown, string | undefined, Record<string, unknown>][] = [
    [
      'a text of 301 characters is quoted as its first 300 and an ellipsis',
      { code: -32000, message: long },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: long,
        message: `The node returned an error: -32000 "${'x'.repeat(300)}…"`,
      },
    ],
    [
      'a text of exactly 300 characters is quoted whole',
      { code: -32000, message: 'y'.repeat(300) },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: 'y'.repeat(300),
        message: `The node returned an error: -32000 "${'y'.repeat(300)}"`,
      },
    ],
    [
      'an error object without a message is quoted as JSON',
      { code: -32000 },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: '{"code":-32000}',
        message: 'The node returned an error: -32000 "{"code":-32000}"',
      },
    ],
    [
      'a reth-style syntax error gives its line and column (line 12, column 34)',
      {
        code: -32602,
        message: 'failed to evaluate JS code: SyntaxError: unexpected token at line 12, column 34',
      },
      undefined,
      {
        category: 'tracer-syntax',
        code: -32602,
        rpcMessage: 'failed to evaluate JS code: SyntaxError: unexpected token at line 12, column 34',
        message:
          'The node could not parse the tracer (-32602 "failed to evaluate JS code: SyntaxError: unexpected token at line 12, column 34")',
        reportedPosition: { line: 12, column: 34 },
        position: { line: 12, column: 34 },
      },
    ],
    [
      'the short "col" form is read too',
      { code: -32602, message: 'SyntaxError: unexpected token at Line 3, Col 17' },
      undefined,
      {
        category: 'tracer-syntax',
        code: -32602,
        rpcMessage: 'SyntaxError: unexpected token at Line 3, Col 17',
        message:
          'The node could not parse the tracer (-32602 "SyntaxError: unexpected token at Line 3, Col 17")',
        reportedPosition: { line: 3, column: 17 },
        position: { line: 3, column: 17 },
      },
    ],
    // Before the one table of location forms this reader knew no V8 position; the flattener's mapping did.
    [
      'a V8 (Nethermind) frame gives its position',
      {
        code: -32000,
        message:
          "TypeError: Cannot read properties of undefined (reading 'foo')\n    at step (<anonymous>:1:70)",
      },
      undefined,
      {
        category: 'tracer-runtime',
        code: -32000,
        rpcMessage:
          "TypeError: Cannot read properties of undefined (reading 'foo')\n    at step (<anonymous>:1:70)",
        message:
          'The tracer threw an error while running (-32000 "TypeError: Cannot read properties of undefined (reading \'foo\')\n    at step (<anonymous>:1:70)")',
        jsError: "TypeError: Cannot read properties of undefined (reading 'foo')",
        reportedPosition: { line: 1, column: 70 },
        position: { line: 1, column: 69 },
      },
    ],
    [
      'a goja syntax error on line 10 keeps its column',
      { code: -32000, message: 'SyntaxError: SyntaxError: (anonymous): Line 10:25 Unexpected identifier' },
      undefined,
      {
        category: 'tracer-syntax',
        code: -32000,
        rpcMessage: 'SyntaxError: SyntaxError: (anonymous): Line 10:25 Unexpected identifier',
        message:
          'The node could not parse the tracer (-32000 "SyntaxError: SyntaxError: (anonymous): Line 10:25 Unexpected identifier")',
        reportedPosition: { line: 10, column: 25 },
        position: { line: 10, column: 25 },
      },
    ],
    [
      'a missing method without a code (a plain-text reply) is method-missing',
      { message: 'method not found' },
      'debug_traceCall',
      {
        category: 'method-missing',
        code: null,
        rpcMessage: 'method not found',
        message:
          'The node does not offer debug_traceCall: the debug namespace is off or the method is not exposed (no code "method not found")',
      },
    ],
    [
      'a missing method under -32000 is method-missing',
      { code: -32000, message: 'the method debug_traceCall does not exist/is not available' },
      'debug_traceCall',
      {
        category: 'method-missing',
        code: -32000,
        rpcMessage: 'the method debug_traceCall does not exist/is not available',
        message:
          'The node does not offer debug_traceCall: the debug namespace is off or the method is not exposed (-32000 "the method debug_traceCall does not exist/is not available")',
      },
    ],
    [
      'a "method not supported" text under an invalid-params code (+32000 is no code) is the node\'s own error',
      { code: 32000, message: 'method not supported' },
      'debug_traceCall',
      {
        category: 'generic',
        code: 32000,
        rpcMessage: 'method not supported',
        message: 'The node returned an error: 32000 "method not supported"',
      },
    ],
    [
      '"tracer not found" says JavaScript may be off or the tracer did not compile',
      { code: -32000, message: 'tracer not found' },
      'debug_traceCall',
      {
        category: 'js-unsupported',
        code: -32000,
        rpcMessage: 'tracer not found',
        message:
          'The node reported "tracer not found" (-32000 "tracer not found"): JavaScript tracing is disabled there, or (older geth, Erigon) the tracer failed to compile; run the check on it to rule out a syntax error',
      },
    ],
    [
      "a tracer's own thrown SyntaxError (JSON.parse) is a runtime error, not a syntax error",
      {
        code: -32000,
        message:
          "SyntaxError: Unexpected token at result (<eval>:3:9(12))    in server-side tracer function 'result'",
      },
      undefined,
      {
        category: 'tracer-runtime',
        code: -32000,
        rpcMessage:
          "SyntaxError: Unexpected token at result (<eval>:3:9(12))    in server-side tracer function 'result'",
        message:
          "The tracer threw an error while running (-32000 \"SyntaxError: Unexpected token at result (<eval>:3:9(12))    in server-side tracer function 'result'\") in function 'result'",
        tracerFunction: 'result',
        jsError: 'SyntaxError: Unexpected token',
        reportedPosition: { line: 3, column: 9 },
        position: { line: 3, column: 9 },
      },
    ],
    [
      'a tracer that throws "not allowed" is a runtime error, not a provider policy',
      {
        code: -32000,
        message: "Error: not allowed at step (<eval>:1:80(7))    in server-side tracer function 'step'",
      },
      'debug_traceCall',
      {
        category: 'tracer-runtime',
        code: -32000,
        rpcMessage: "Error: not allowed at step (<eval>:1:80(7))    in server-side tracer function 'step'",
        message:
          "The tracer threw an error while running (-32000 \"Error: not allowed at step (<eval>:1:80(7))    in server-side tracer function 'step'\") in function 'step'",
        tracerFunction: 'step',
        jsError: 'Error: not allowed',
        reportedPosition: { line: 1, column: 80 },
        position: { line: 1, column: 79 },
      },
    ],
    [
      'a runtime error with no stack frame is the text before the function suffix',
      { code: -32000, message: "Error: boom    in server-side tracer function 'fault'" },
      undefined,
      {
        category: 'tracer-runtime',
        code: -32000,
        rpcMessage: "Error: boom    in server-side tracer function 'fault'",
        message:
          "The tracer threw an error while running (-32000 \"Error: boom    in server-side tracer function 'fault'\") in function 'fault'",
        tracerFunction: 'fault',
        jsError: 'Error: boom',
      },
    ],
    [
      'a JS error name inside the text (not at its start) is not a tracer error',
      { code: -32602, message: 'invalid argument 1: TypeError: bad value' },
      undefined,
      {
        category: 'generic',
        code: -32602,
        rpcMessage: 'invalid argument 1: TypeError: bad value',
        message: 'The node returned an error: -32602 "invalid argument 1: TypeError: bad value"',
      },
    ],
    [
      '"tracing failed: " only at the start',
      { code: -32000, message: 'debug: tracing failed: nonce too low' },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: 'debug: tracing failed: nonce too low',
        message: 'The node returned an error: -32000 "debug: tracing failed: nonce too low"',
      },
    ],
    [
      'a capacity text is rate limiting',
      { code: -32000, message: 'You have exceeded your capacity for this month' },
      undefined,
      {
        category: 'rate-limit',
        code: -32000,
        rpcMessage: 'You have exceeded your capacity for this month',
        message:
          'The provider is rate-limiting requests (-32000 "You have exceeded your capacity for this month"): wait and retry',
      },
    ],
    [
      'a timeout has a function and a position but no JS error',
      {
        code: -32000,
        message: "execution timeout at step (<eval>:5:7(3))    in server-side tracer function 'step'",
      },
      undefined,
      {
        category: 'timeout',
        code: -32000,
        rpcMessage: "execution timeout at step (<eval>:5:7(3))    in server-side tracer function 'step'",
        message:
          'The tracer ran out of time (-32000 "execution timeout at step (<eval>:5:7(3))    in server-side tracer function \'step\'"): pass a longer timeout such as "30s", trace less, or do less work per step in function \'step\'',
        tracerFunction: 'step',
        reportedPosition: { line: 5, column: 7 },
        position: { line: 5, column: 7 },
      },
    ],
    [
      'a position-like text in a generic error gives no position',
      { code: -32000, message: 'bad block at Line 3:4' },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: 'bad block at Line 3:4',
        message: 'The node returned an error: -32000 "bad block at Line 3:4"',
      },
    ],
    [
      'string data is appended as it is',
      { code: 3, message: 'execution reverted', data: '0x08c379a0' },
      undefined,
      {
        category: 'generic',
        code: 3,
        rpcMessage: 'execution reverted',
        data: '0x08c379a0',
        message: 'The node returned an error: 3 "execution reverted"; data: 0x08c379a0',
      },
    ],
    [
      'data present but undefined is no data',
      { code: -32000, message: 'boom', data: undefined },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: 'boom',
        message: 'The node returned an error: -32000 "boom"',
      },
    ],
    [
      'data null is no data',
      { code: -32000, message: 'boom', data: null },
      undefined,
      {
        category: 'generic',
        code: -32000,
        rpcMessage: 'boom',
        message: 'The node returned an error: -32000 "boom"',
      },
    ],
  ];
  it.each(cases)('%s', (_name, error, method, expected) => {
    expect(decodeRpcError(error, method)).toEqual(expected);
  });

  it.each([
    ['web3ClientVersion', 'the node does not implement it or does not expose it'],
    ['_foo', 'the node does not implement it or does not expose it'],
    ['eth_call', 'the node does not implement it or does not expose the eth namespace'],
  ])('a missing %s: %s', (method, cause) => {
    expect(decodeRpcError({ code: -32601, message: 'Method not found' }, method).message).toBe(
      `The node does not offer ${method}: ${cause} (-32601 "Method not found")`,
    );
  });
});
