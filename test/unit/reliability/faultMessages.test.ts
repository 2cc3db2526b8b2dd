import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcResult } from '../../../src/core/rpc/protocol/classifyResponse.ts';
import { buildRequest } from '../../../src/core/rpc/protocol/jsonRpc.ts';
import { callRpc } from '../../../src/io/transport/callRpc.ts';
import { createHttpTransport } from '../../../src/io/transport/createHttpTransport.ts';
import { type FaultName, type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';
import { freePort } from '../../helpers/freePort.ts';

// test/unit/transport/httpFaults.test.ts checks each message exactly; this file adds the faults it leaves out of its
// distinctness check (refused port, cancel, 100 MB over the cap, declared length, reset) and checks all of them together.

let server: FaultServer;
let closedPort: number;
beforeAll(async () => {
  server = await startFaultServer();
  closedPort = await freePort();
});
afterAll(() => server?.stop());

const request = buildRequest(
  'debug_traceTransaction',
  ['0x' + 'ab'.repeat(32), { tracer: '{}' }],
  'ethereum',
  9,
);

interface Fault {
  name: string;
  run(): Promise<RpcResult>;
  kind: RpcResult['kind'];
  phrase: RegExp;
}

const at =
  (fault: FaultName, o: { timeoutMs?: number; maxBytes?: number } = {}) =>
  async () =>
    (await callRpc(createHttpTransport({ url: server.urlFor(fault), timeoutMs: 5000, ...o }), request))
      .result;

const cancelled = async () => {
  const controller = new AbortController();
  const pending = callRpc(createHttpTransport({ url: server.urlFor('hang') }), request, {
    signal: controller.signal,
  });
  setTimeout(() => controller.abort(), 50);
  return (await pending).result;
};

const faults: Fault[] = [
  {
    name: 'connection refused',
    run: async () =>
      (await callRpc(createHttpTransport({ url: `http://127.0.0.1:${closedPort}/` }), request)).result,
    kind: 'unreachable',
    phrase: /Connection refused by .*nothing listens there/,
  },
  {
    name: 'hang past the time limit',
    run: at('hang', { timeoutMs: 300 }),
    kind: 'unreachable',
    phrase: /within 0\.3 s; the request was abandoned/,
  },
  {
    name: 'hang, cancelled by the user',
    run: cancelled,
    kind: 'unreachable',
    phrase: /^Cancelled$/,
  },
  {
    name: 'connection reset',
    run: at('reset'),
    kind: 'unreachable',
    phrase: /closed before a complete response arrived/,
  },
  {
    name: 'HTML 502',
    run: at('html-502'),
    kind: 'http-error',
    phrase: /HTTP 502: the server sent an HTML page \("502 Bad Gateway"\)/,
  },
  { name: 'non-JSON', run: at('non-json'), kind: 'invalid-json', phrase: /not valid JSON/ },
  {
    name: 'truncated JSON',
    run: at('truncated'),
    kind: 'invalid-json',
    phrase: /ends early .* \(truncated\)/,
  },
  { name: 'wrong id', run: at('wrong-id'), kind: 'id-mismatch', phrase: /does not match the request id 9/ },
  { name: '401', run: at('401'), kind: 'http-error', phrase: /HTTP 401: .*check the user name and password/ },
  { name: '403', run: at('403'), kind: 'http-error', phrase: /HTTP 403: access forbidden/ },
  {
    name: '429 with Retry-After',
    run: at('429'),
    kind: 'http-error',
    phrase: /HTTP 429: rate limit reached; the server asks to wait 7 s/,
  },
  {
    name: '500',
    run: at('500'),
    kind: 'http-error',
    phrase: /HTTP 500: the server failed \(Internal Server Error\)/,
  },
  {
    name: '100 MB body over a 50 MB cap',
    run: at('huge', { maxBytes: 50 * 1024 * 1024, timeoutMs: 60_000 }),
    kind: 'unreachable',
    phrase: /larger than 50 MB; reading stopped at \d+ bytes \(trace a smaller range/,
  },
  {
    name: 'declared 300 MB',
    run: at('huge-declared'),
    kind: 'unreachable',
    phrase: /larger than 200 MB; .*\(declared length\)/,
  },
  {
    name: 'Erigon "result":nullnull,"error":{…}',
    run: at('erigon-nullnull'),
    kind: 'rpc-error',
    phrase: /"tracer not found".*\(recovered from a malformed body \(as Erigon streams it\)/,
  },
  {
    name: 'both result and error',
    run: at('both'),
    kind: 'rpc-error',
    phrase: /\(the node sent both a result and an error; the error is shown\)$/,
  },
  {
    name: 'a batch array',
    run: at('batch'),
    kind: 'batch-instead-of-object',
    phrase: /answered with a batch \(an array of 1\)/,
  },
  {
    name: 'JSON-RPC error with data',
    run: at('error-data'),
    kind: 'rpc-error',
    phrase: /-32603 "Internal error"; data: Microsoft\.ClearScript/,
  },
];

describe('every fault of a node gets exactly one message of its own', () => {
  const seen = new Map<string, string>();

  it.each(faults.map((f) => [f.name, f] as const))('%s', async (_name, fault) => {
    const result = await fault.run();
    expect(result.kind).toBe(fault.kind);
    expect(result.message).toMatch(fault.phrase);
    // Every other fault's phrase must not match this message: the key phrases really tell the faults apart.
    for (const other of faults)
      if (other !== fault) expect(result.message, `also matches "${other.name}"`).not.toMatch(other.phrase);
    seen.set(fault.name, result.message);
  });

  it('the messages are pairwise distinct, even with ports and sizes blanked out', () => {
    expect(seen.size).toBe(faults.length);
    const normalized = [...seen.values()].map((m) => m.replace(/\d+/g, 'N'));
    expect(new Set(normalized).size).toBe(faults.length);
  });
});
