import { describe, expect, it } from 'vitest';
import { createRequestDraft, type RequestDraft } from '../../../src/state/appState.ts';
import { buildDraftRequest } from '../../../src/state/buildDraftRequest.ts';

const tracer = '{result: function () { return 1 }, fault: function () {}}';
const hash = '0x' + 'ab'.repeat(32);
const draft = (patch: Partial<RequestDraft>): RequestDraft => ({ ...createRequestDraft(), ...patch });

describe('buildDraftRequest', () => {
  it('builds a traceTransaction request with options', () => {
    const r = buildDraftRequest(
      draft({
        method: 'debug_traceTransaction',
        fields: { txHash: hash },
        timeout: '10s',
        tracerConfig: '{"a":1}',
      }),
      tracer,
    );
    expect(r.ok && r.request).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceTransaction',
      params: [hash, { tracer, tracerConfig: { a: 1 }, timeout: '10s' }],
    });
  });

  it('builds eth_blockNumber without options', () => {
    const r = buildDraftRequest(draft({ method: 'eth_blockNumber' }), null);
    expect(r.ok && r.request.params).toEqual([]);
  });

  it.each([
    [{ method: 'debug_traceTransaction', fields: { txHash: '0x12' } }, tracer, 'params[0]'],
    [{ method: 'debug_traceCall', fields: { call: '{to:', block: 'latest' } }, tracer, 'params[0]'],
    [
      { method: 'debug_traceTransaction', fields: { txHash: hash }, tracerConfig: '{' },
      tracer,
      'options.tracerConfig',
    ],
    [
      { method: 'debug_traceTransaction', fields: { txHash: hash }, timeout: '5 parsecs' },
      tracer,
      'options.timeout',
    ],
    [{ method: 'debug_traceTransaction', fields: { txHash: hash } }, null, 'tracer'],
    [{ method: 'eth_blockNumber', rawMode: true, rawParams: '{}' }, null, 'raw'],
    [
      { method: 'getrawtransaction', fields: { txid: 'ab'.repeat(32), blockhash: 'cd'.repeat(32) } },
      null,
      'params[1]',
    ],
    [{ method: 'getrawtransaction', fields: { txid: 'ab'.repeat(32), verbose: 'yes' } }, null, 'params[1]'],
  ] as [Partial<RequestDraft>, string | null, string][])('reports %j at the field', (patch, flat, path) => {
    const r = buildDraftRequest(draft(patch), flat);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].path).toBe(path);
  });

  it('sends raw params as typed', () => {
    const r = buildDraftRequest(
      draft({ method: 'web3_clientVersion', rawMode: true, rawParams: '[]' }),
      null,
    );
    expect(r.ok && r.request.method).toBe('web3_clientVersion');
  });
});

it('explains a scalar in a JSON field with the method validator', () => {
  const r = buildDraftRequest(
    draft({ method: 'getrawtransaction', fields: { txid: 'ab'.repeat(32), verbose: 'yes' } }),
    null,
  );
  expect(r.ok === false && r.errors[0].message).toBe(
    'verbose must be true or false (or verbosity 0, 1, 2), got the string "yes"',
  );
});
