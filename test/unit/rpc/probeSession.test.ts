import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ProbeSend, createProbeSession, randomNonce } from '../../../src/core/rpc/probe/probeSession.ts';
import { textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Answers `body` (a JSON-RPC answer without jsonrpc/id) after `delayMs`. */
const node =
  (body: object, delayMs = 0): ProbeSend =>
  (_method, _params, request) =>
    new Promise((resolve) =>
      setTimeout(
        () => resolve(textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }))),
        delayMs,
      ),
    );

describe('randomNonce', () => {
  it('is probe- and eight random bytes as two hex digits each', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((a) => {
      (a as Uint8Array).set([0, 1, 0x0f, 0x10, 0xab, 0xff, 7, 0x80]);
      return a;
    });
    expect(randomNonce()).toBe('probe-00010f10abff0780');
  });

  it('differs from call to call', () => {
    const a = randomNonce();
    expect(a).toMatch(/^probe-[0-9a-f]{16}$/);
    expect(randomNonce()).not.toBe(a);
  });
});

describe('createProbeSession', () => {
  it('numbers the requests from 1 and records each answer as evidence', async () => {
    const { evidence, call } = createProbeSession(node({ result: { a: 'x'.repeat(500) } }));
    await call('eth_chainId', [], 'first');
    await call('eth_blockNumber', ['x'], 'second');
    expect(evidence.map((e) => e.request)).toEqual([
      { jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 },
      { jsonrpc: '2.0', method: 'eth_blockNumber', params: ['x'], id: 2 },
    ]);
    // The preview is the start of the result's JSON: 400 characters.
    expect(evidence[0]).toStrictEqual({
      request: evidence[0].request,
      kind: 'ok',
      message: 'Success',
      resultPreview: ('{"a":"' + 'x'.repeat(500)).slice(0, 400),
      note: 'first',
    });
  });

  it('records an error without a result preview, worded for the method called', async () => {
    const { evidence, call } = createProbeSession(
      node({
        error: { code: -32601, message: 'the method debug_traceCall does not exist/is not available' },
      }),
    );
    const r = await call('debug_traceCall', [], 'canary');
    expect(evidence).toStrictEqual([
      {
        request: { jsonrpc: '2.0', method: 'debug_traceCall', params: [], id: 1 },
        kind: 'rpc-error',
        message:
          'The node does not offer debug_traceCall: the debug namespace is off or the method is not exposed (-32601 "the method debug_traceCall does not exist/is not available")',
        note: 'canary',
      },
    ]);
    expect(r.kind).toBe('rpc-error');
  });

  it('without a bound, waits for a slow answer', async () => {
    const { call } = createProbeSession(node({ result: 'late' }, 30));
    const r = await call('web3_clientVersion', [], 'slow');
    expect(r.kind === 'ok' && r.result).toBe('late');
  });

  it('with a bound, an answer later than it counts as a timeout', async () => {
    const { call, evidence } = createProbeSession(node({ result: 'late' }, 1000));
    const r = await call('debug_traceCall', [], 'bounded', 20);
    expect(r).toStrictEqual({
      kind: 'unreachable',
      reason: 'timeout',
      message: "No answer within 0.02 s (the probe's bound for one canary)",
      durationMs: 20,
    });
    expect(evidence[0].kind).toBe('unreachable');
  });

  it('with a bound, an answer in time stops the bound timer', async () => {
    vi.useFakeTimers();
    const { call } = createProbeSession(node({ result: 1 }));
    const pending = call('debug_traceCall', [], 'bounded', 5000);
    await vi.advanceTimersByTimeAsync(0);
    const r = await pending;
    expect(r.kind).toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
  });
});
