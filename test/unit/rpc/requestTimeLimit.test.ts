import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { describeTimeLimit, requestTimeLimit } from '../../../src/core/rpc/protocol/requestTimeLimit.ts';

const trace = (options: unknown) => buildRequest('debug_traceCall', [{ to: '0x01' }, 'latest', options]);

describe('requestTimeLimit: the one time-limit policy of every transport', () => {
  it.each([
    ['a trace with timeout 30s', trace({ tracer: '{}', timeout: '30s' }), undefined, 40_000, 'tracer'],
    ['a trace with timeout 1m30s', trace({ tracer: '{}', timeout: '1m30s' }), undefined, 100_000, 'tracer'],
    ['a trace with timeout 500ms', trace({ tracer: '{}', timeout: '500ms' }), undefined, 10_500, 'tracer'],
    ["a trace without timeout (geth's 5s)", trace({ tracer: '{}' }), undefined, 15_000, 'tracer'],
    [
      'a trace with an unparsable timeout',
      trace({ tracer: '{}', timeout: 'soon' }),
      undefined,
      15_000,
      'tracer',
    ],
    [
      'a trace without options',
      buildRequest('debug_traceTransaction', ['0xab']),
      undefined,
      15_000,
      'tracer',
    ],
    [
      'a trace with null options',
      buildRequest('debug_traceTransaction', ['0xab', null]),
      undefined,
      15_000,
      'tracer',
    ],
    [
      'a block trace',
      buildRequest('debug_traceBlockByNumber', ['0x1', { timeout: '1s' }]),
      undefined,
      null,
      'block',
    ],
    ['a block trace by hash', buildRequest('debug_traceBlockByHash', ['0xab']), undefined, null, 'block'],
    ['a plain call', buildRequest('eth_blockNumber', []), undefined, 30_000, 'default'],
    ['a Bitcoin call', buildRequest('getrawtransaction', ['ab'], 'bitcoin'), undefined, 30_000, 'default'],
    [
      'an explicit limit wins over a trace',
      trace({ tracer: '{}', timeout: '60s' }),
      2_000,
      2_000,
      'explicit',
    ],
    [
      'an explicit limit wins over a block trace',
      buildRequest('debug_traceBlockByNumber', ['0x1']),
      7_000,
      7_000,
      'explicit',
    ],
    ['a trace with no params at all', buildRequest('debug_traceCall', []), undefined, 15_000, 'tracer'],
    [
      'a trace whose last param is a string',
      buildRequest('debug_traceCall', [{ to: '0x01' }, 'latest']),
      undefined,
      15_000,
      'tracer',
    ],
  ])('%s', (_name, request, explicit, ms, basis) => {
    expect(requestTimeLimit(request, explicit)).toEqual({ ms, basis });
  });

  it.each([
    [{ ms: 11_000, basis: 'tracer' as const }, '11 s (the tracer timeout plus a margin)'],
    [{ ms: 30_000, basis: 'default' as const }, '30 s'],
    [{ ms: 300, basis: 'explicit' as const }, '0.3 s'],
  ])('words %j as "%s"', (limit, text) => {
    expect(describeTimeLimit(limit)).toBe(text);
  });
});
