import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  isMethodName,
  isTraceMethod,
  methodNames,
  methods,
} from '../../../src/core/rpc/methods/methods.ts';
import { serializeRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';

const tracer =
  "{data: [], fault: function(log) {}, step: function(log) { if(log.op.toString() == 'CALL') this.data.push(log.stack.peek(0)); }, result: function() { return this.data; }}";
const hash = '0x' + 'ab'.repeat(32);

describe('buildPayload', () => {
  it('builds debug_traceCall exactly as the spec example is shaped', () => {
    const call = {
      from: '0x' + 'de'.repeat(20),
      to: '0x' + 'ad'.repeat(20),
      gas: '0x7a120',
      data: '0xf00d4b5d',
    };
    const r = buildPayload('debug_traceCall', [call, '0x7765'], { tracer, timeout: '10s' }, 7);
    expect(r).toEqual({
      ok: true,
      contentType: 'application/json',
      family: 'ethereum',
      request: {
        jsonrpc: '2.0',
        method: 'debug_traceCall',
        params: [call, '0x7765', { tracer, timeout: '10s' }],
        id: 7,
      },
    });
    if (r.ok) {
      expect(serializeRequest(r.request)).toBe(
        `{"jsonrpc":"2.0","method":"debug_traceCall","params":[${JSON.stringify(call)},"0x7765",{"tracer":${JSON.stringify(tracer)},"timeout":"10s"}],"id":7}`,
      );
      expect(JSON.parse(serializeRequest(r.request, true))).toEqual(r.request);
      expect(serializeRequest(r.request, true)).toContain('\n  "method": "debug_traceCall"');
    }
  });

  it.each([
    ['debug_traceTransaction', [hash], [hash, { tracer }]],
    ['debug_traceBlockByNumber', ['latest'], ['latest', { tracer }]],
    ['debug_traceBlockByNumber', ['0x10'], ['0x10', { tracer }]],
    ['debug_traceBlockByHash', [hash], [hash, { tracer }]],
  ])('%s %j appends the options object', (method, params, expected) => {
    const r = buildPayload(method, params, { tracer });
    expect(r.ok && r.request.params).toEqual(expected);
  });

  it('passes tracerConfig through as any JSON', () => {
    const r = buildPayload('debug_traceTransaction', [hash], { tracer, tracerConfig: { a: [1, 'x', null] } });
    expect(r.ok && r.request.params[1]).toEqual({ tracer, tracerConfig: { a: [1, 'x', null] } });
  });

  it('builds tracer-less Ethereum methods with empty params', () => {
    expect(buildPayload('eth_blockNumber', [])).toMatchObject({
      ok: true,
      request: { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 1 },
    });
    expect(buildPayload('web3_clientVersion', [], undefined, 3)).toMatchObject({
      ok: true,
      request: { params: [], id: 3 },
    });
  });

  it('builds Bitcoin-style requests with jsonrpc 1.0, a string id and text/plain', () => {
    const txid = 'ab'.repeat(32);
    const r = buildPayload('getrawtransaction', [txid, true, 'cd'.repeat(32)], undefined, 5);
    expect(r).toEqual({
      ok: true,
      contentType: 'text/plain',
      family: 'bitcoin',
      request: {
        jsonrpc: '1.0',
        method: 'getrawtransaction',
        params: [txid, true, 'cd'.repeat(32)],
        id: '5',
      },
    });
    expect(buildPayload('getrawtransaction', [txid]).ok).toBe(true);
    expect(buildPayload('decoderawtransaction', ['0200']).ok).toBe(true);
  });

  it.each([
    [
      'debug_traceCall',
      [{ to: '0x12' }, 'latest'],
      { tracer },
      [['params[0].to', 'to must be 20 bytes (0x + 40 hex digits), got 1 byte']],
    ],
    [
      'debug_traceCall',
      [{ to: '0x' + '12'.repeat(20) }],
      { tracer },
      [
        [
          'params[1]',
          'missing block (block number in hex or a tag (latest, earliest, pending, safe, finalized), or a block hash)',
        ],
      ],
    ],
    [
      'debug_traceCall',
      [{}, 'latest', { tracer }],
      { tracer },
      [
        [
          'params[2]',
          'debug_traceCall takes at most 2 params here: leave out the options object, it is built from the tracer, tracerConfig and timeout',
        ],
      ],
    ],
    [
      'debug_traceTransaction',
      ['0x12'],
      { tracer, timeout: '10' },
      [
        ['params[0]', 'txHash must be 32 bytes (0x + 64 hex digits), got 1 byte'],
        [
          'options.timeout',
          'timeout: time: missing unit in duration "10" (a bare number needs a unit, e.g. "10s")',
        ],
      ],
    ],
    [
      'debug_traceTransaction',
      [hash],
      { tracer: '  ' },
      [['options.tracer', 'tracer must be a non-empty string of JavaScript source']],
    ],
    [
      'debug_traceTransaction',
      [hash],
      { tracer, tracerConfig: { f: () => 1 } },
      [
        [
          'options.tracerConfig',
          'tracerConfig must be plain JSON (no functions, undefined, NaN, Infinity or cycles)',
        ],
      ],
    ],
    [
      'debug_traceBlockByNumber',
      [100],
      { tracer },
      [['params[0]', 'block must be a hex string, not a JSON number: use hex, e.g. "0x64"']],
    ],
    ['eth_blockNumber', [1], undefined, [['params[0]', 'eth_blockNumber takes at most 0 params here']]],
    ['eth_blockNumber', [], { tracer }, [['options', 'eth_blockNumber takes no tracing options']]],
    [
      'getrawtransaction',
      ['0x' + 'ab'.repeat(32)],
      undefined,
      [['params[0]', 'txid is written without 0x in Bitcoin-style calls']],
    ],
    [
      'getrawtransaction',
      ['ab'.repeat(32), 'yes'],
      undefined,
      [['params[1]', 'verbose must be true or false (or verbosity 0, 1, 2), got the string "yes"']],
    ],
    [
      'getrawtransaction',
      ['ab'.repeat(31)],
      undefined,
      [['params[0]', 'txid must be 32 bytes (64 hex digits), got 62 hex digits']],
    ],
    [
      'decoderawtransaction',
      ['abc'],
      undefined,
      [['params[0]', 'hexstring must be a non-empty even number of hex digits']],
    ],
    ['eth_call', [], undefined, [['method', `unknown method "eth_call" (known: ${methodNames.join(', ')})`]]],
  ])('%s %j → errors', (method, params, options, errors) => {
    expect(buildPayload(method, params as unknown[], options)).toEqual({
      ok: false,
      errors: errors.map(([path, message]) => ({ path, message })),
    });
  });

  it('has a valid example for every parameter of every method', () => {
    for (const name of methodNames) {
      const m = methods[name];
      const params = m.params.map((p) => p.example);
      expect(m.buildParams(params, m.takesTraceOptions ? { tracer } : undefined), name).toMatchObject({
        ok: true,
      });
    }
  });
});

describe('isMethodName and isTraceMethod', () => {
  // [name, value, isMethodName, isTraceMethod]
  it.each([
    ['a trace method', 'debug_traceCall', true, true],
    ['a plain method', 'eth_blockNumber', true, false],
    ['an unknown name', 'eth_foo', false, false],
    ['an inherited property name', 'toString', false, false],
    // an array whose text is a method name is not a name
    ['a one-element array', ['debug_traceCall'], false, false],
    ['a number', 5, false, false],
  ])('%s', (_name, value, method, trace) => {
    expect([isMethodName(value), isTraceMethod(value)]).toEqual([method, trace]);
  });
});
