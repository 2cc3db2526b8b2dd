import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { callRpc } from '../../../src/io/transport/callRpc.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { type FaultName, type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';
import { freePort } from '../../helpers/freePort.ts';

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer({
    auth: { user: 'alice', password: 'pä:ss' },
    rpc: (m) => (m === 'eth_blockNumber' ? '0x2a' : null),
  });
});
afterAll(() => server.stop());

const request = buildRequest(
  'debug_traceTransaction',
  ['0x' + 'ab'.repeat(32), { tracer: '{}' }],
  'ethereum',
  41,
);

async function exchange(fault: FaultName, options: { timeoutMs?: number; maxBytes?: number } = {}) {
  return callRpc(createHttpTransport({ url: server.urlFor(fault), ...options }), request);
}

type Expect = [FaultName, string, RegExp];
const cases: Expect[] = [
  [
    'hang',
    'unreachable',
    /^No complete answer from 127\.0\.0\.1:\d+ within 0\.3 s; the request was abandoned$/,
  ],
  ['reset', 'unreachable', /^The connection to 127\.0\.0\.1:\d+ closed before a complete response arrived$/],
  [
    'html-502',
    'http-error',
    /^HTTP 502: the server sent an HTML page \("502 Bad Gateway"\), not JSON-RPC: a proxy or gateway error, or the wrong URL$/,
  ],
  ['non-json', 'invalid-json', /^The response is not valid JSON \(Unexpected token/],
  ['truncated', 'invalid-json', /^The response JSON ends early after 77 characters \(truncated\)$/],
  [
    'wrong-id',
    'id-mismatch',
    /^The response id 1041 does not match the request id 41: a proxy mixed up responses$/,
  ],
  [
    '401',
    'http-error',
    /^HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password$/,
  ],
  [
    '403',
    'http-error',
    /^HTTP 403: access forbidden: the credentials or API key are rejected, or this origin\/IP\/method is not allowed$/,
  ],
  ['429', 'http-error', /^HTTP 429: rate limit reached; the server asks to wait 7 s$/],
  ['500', 'http-error', /^HTTP 500: the server failed \(Internal Server Error\)$/],
  [
    'erigon-nullnull',
    'rpc-error',
    /^The node reported "tracer not found" \(-32000 "tracer not found"\).* \(recovered from a malformed body \(as Erigon streams it\) with an error object\)$/,
  ],
  [
    'both',
    'rpc-error',
    /^The tracer ran out of time \(-32000 "execution timeout"\).*\(the node sent both a result and an error; the error is shown\)$/,
  ],
  [
    'batch',
    'batch-instead-of-object',
    /^The node answered with a batch \(an array of 1\) to a single request$/,
  ],
  [
    'error-data',
    'rpc-error',
    /^The node returned an error: -32603 "Internal error"; data: Microsoft\.ClearScript\.ScriptEngineException: ReferenceError: foo is not defined$/,
  ],
  ['auth', 'http-error', /^HTTP 401: /],
  ['ok', 'ok', /^Success$/],
];

describe('HTTP transport + classifier against every fault', () => {
  it.each(cases)('%s → %s', async (fault, kind, message) => {
    const { result } = await exchange(fault, { timeoutMs: 300 });
    expect(result.kind).toBe(kind);
    expect(result.message).toMatch(message);
  });

  it('gives every fault its own message', async () => {
    const messages = new Set<string>();
    for (const [fault] of cases.filter(([f]) => f !== 'auth')) {
      const { result } = await exchange(fault, { timeoutMs: 300 });
      messages.add(result.message.replace(/\d+/g, 'N'));
    }
    expect(messages.size).toBe(cases.length - 1);
  });

  it('reports a closed port as connection refused', async () => {
    const port = await freePort();
    const { result } = await callRpc(createHttpTransport({ url: `http://127.0.0.1:${port}/` }), request);
    expect(result).toMatchObject({
      kind: 'unreachable',
      reason: 'refused',
      message: `Connection refused by 127.0.0.1:${port}: nothing listens there (node down or wrong port)`,
    });
  });

  it('keeps the 429 Retry-After and the error data', async () => {
    expect((await exchange('429')).result).toMatchObject({ retryAfter: '7', status: 429 });
    const r = (await exchange('error-data')).result;
    expect(r.kind === 'rpc-error' && r.error.data).toBe(
      'Microsoft.ClearScript.ScriptEngineException: ReferenceError: foo is not defined',
    );
  });

  it('sends basic auth (UTF-8) from the options or from user:pass@ in the URL', async () => {
    const byOption = await callRpc(
      createHttpTransport({ url: server.urlFor('auth'), user: 'alice', password: 'pä:ss' }),
      buildRequest('eth_blockNumber', []),
    );
    expect(byOption.result).toMatchObject({ kind: 'ok', result: '0x2a' });
    const inUrl = server.urlFor('auth').replace('http://', 'http://alice:p%C3%A4%3Ass@');
    expect(
      (await callRpc(createHttpTransport({ url: inUrl }), buildRequest('eth_blockNumber', []))).result,
    ).toMatchObject({ kind: 'ok', result: '0x2a' });
    const wrong = await callRpc(
      createHttpTransport({ url: server.urlFor('auth'), user: 'alice', password: 'x' }),
      buildRequest('eth_blockNumber', []),
    );
    expect(wrong.result.kind).toBe('http-error');
  });

  it('cancels through the signal', async () => {
    const controller = new AbortController();
    const pending = callRpc(createHttpTransport({ url: server.urlFor('hang') }), request, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect((await pending).result).toMatchObject({
      kind: 'unreachable',
      reason: 'aborted',
      message: 'Cancelled',
    });
  });

  it('refuses to buffer a body above the cap and says so', async () => {
    const { outcome, result } = await exchange('huge', { maxBytes: 10 * 1024 * 1024 });
    expect(outcome).toMatchObject({ kind: 'no-response', reason: 'too-large', status: 200 });
    expect(result.message).toMatch(
      /^The response from 127\.0\.0\.1:\d+ is larger than 10 MB; reading stopped at \d+ bytes/,
    );
  });

  it('refuses at once a body whose declared length is above the cap', async () => {
    const { outcome, result } = await exchange('huge-declared');
    expect(outcome).toMatchObject({ kind: 'no-response', reason: 'too-large', sizeBytes: 300 * 1024 * 1024 });
    expect(result.message).toMatch(
      /^The response from 127\.0\.0\.1:\d+ is larger than 200 MB; reading stopped at 314572800 bytes \(declared length\)/,
    );
  });

  it('streams and counts a 100 MB body under the default cap', async () => {
    const { outcome, result } = await exchange('huge', { timeoutMs: 60_000 });
    expect(outcome.kind === 'response' && outcome.body.byteLength).toBe(100 * 1024 * 1024);
    expect(result.kind === 'ok' && (result.result as string).length).toBe(
      100 * 1024 * 1024 - '{"jsonrpc":"2.0","id":41,"result":""}'.length,
    );
  });
});
