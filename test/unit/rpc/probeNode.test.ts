import { describe, expect, it } from 'vitest';
import {
  type ProbeOptions,
  type ProbeReport,
  type ProbeSend,
  brokenTracer,
  canaryTracer,
  probeCall,
  probeNode,
} from '../../../src/core/rpc/probe/probe.ts';
import { type TransportOutcome, textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

// In-process fakes of the probe's peers: each answers with the texts a real node gives
// (/work/shared/docs/node-support-and-pitfalls.md), for the cases no local node can be made to produce
// (rate limits, 401/403, a debug namespace that is off, a node that ignores the tracer, a node that goes away).

const nonce = 'probe-n1';

/** One scripted answer: a JSON-RPC result or error, an HTTP status, no answer at all, or the canary's own nonce. */
type Reply =
  | { result: unknown }
  | { error: { code: number; message: string } }
  | { status: number; body: string }
  | { down: string }
  | 'nonce';

/**
 * Answers by key: the method, `METHOD:canary` / `METHOD:broken` for the two probe tracers, and
 * `eth_getBlockByNumber:TAG` per block. Anything not scripted is a method geth does not offer.
 */
function scripted(script: Record<string, Reply>): ProbeSend {
  return async (method, params, request): Promise<TransportOutcome> => {
    const tracer = params.map((p) => (p as { tracer?: string } | null)?.tracer).find((t) => t !== undefined);
    const key =
      tracer === canaryTracer(nonce)
        ? `${method}:canary`
        : tracer === brokenTracer(nonce)
          ? `${method}:broken`
          : method === 'eth_getBlockByNumber'
            ? `${method}:${String(params[0])}`
            : method;
    const reply: Reply = script[key] ?? {
      error: { code: -32601, message: `the method ${method} does not exist/is not available` },
    };
    if (reply === 'nonce')
      return textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: nonce }));
    if ('down' in reply)
      return { kind: 'no-response', reason: 'refused', message: reply.down, durationMs: 0 };
    if ('status' in reply) return textResponse(reply.body, { status: reply.status });
    return textResponse(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...reply }));
  };
}

/** A request as a short line: tracers by name, the probe's call as `call`. */
function line(method: string, params: unknown[]): string {
  const named = params.map((p) => {
    if (p === probeCall) return 'call';
    if (p && typeof p === 'object' && 'tracer' in p) {
      const t = (p as { tracer: string }).tracer;
      return {
        ...p,
        tracer: t === canaryTracer(nonce) ? 'canary' : t === brokenTracer(nonce) ? 'broken' : t,
      };
    }
    return p;
  });
  return `${method} ${JSON.stringify(named)}`;
}

const requests = (r: ProbeReport) => r.evidence.map((e) => line(e.request.method, e.request.params));

const probe = (script: Record<string, Reply>, o: ProbeOptions = {}) =>
  probeNode(scripted(script), { nonce, dialect: false, ...o });

const geth = 'Geth/v1.16.1-stable/linux-amd64/go1.24.4';
const hash = '0x' + 'ab'.repeat(32);
const zeroHash = '0x' + '00'.repeat(32);
const refused = {
  down: 'Connection refused by 127.0.0.1:8545: nothing listens there (node down or wrong port)',
};
const http401 =
  'HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password';
const http403 =
  'HTTP 403: access forbidden: the credentials or API key are rejected, or this origin/IP/method is not allowed';
const traceCallMissing =
  'The node does not offer debug_traceCall: the debug namespace is off or the method is not exposed (-32601 "the method debug_traceCall does not exist/is not available")';
const goja = {
  error: {
    code: -32000,
    message:
      "Error: probe-n1-negative-control at result (<eval>:1:50(3))    in server-side tracer function 'result'",
  },
};
const structLogs = { result: { gas: 21000, failed: false, returnValue: '', structLogs: [{}, {}] } };

// The requests every probe starts with.
const start = ['web3_clientVersion []', 'eth_blockNumber []'];
const canaryCall = 'debug_traceCall ["call","latest",{"tracer":"canary","timeout":"10s"}]';
const brokenCall = 'debug_traceCall ["call","latest",{"tracer":"broken"}]';
const block = (tag: string) => `eth_getBlockByNumber ["${tag}",false]`;
const canaryTx = (h: string) => `debug_traceTransaction ["${h}",{"tracer":"canary","timeout":"10s"}]`;
const brokenTx = (h: string) => `debug_traceTransaction ["${h}",{"tracer":"broken"}]`;

describe('probeNode: verdict, summary and the requests sent, per node behaviour', () => {
  it.each<[string, Record<string, Reply>, string, string, string[]]>([
    [
      'the node is down',
      { web3_clientVersion: refused },
      'unreachable',
      refused.down,
      ['web3_clientVersion []'],
    ],
    [
      'credentials wanted (401 on the first request)',
      { web3_clientVersion: { status: 401, body: 'Unauthorized' } },
      'auth-required',
      http401,
      ['web3_clientVersion []'],
    ],
    [
      'a key that may read the version but not the chain (403 on eth_blockNumber)',
      { web3_clientVersion: { result: geth }, eth_blockNumber: { status: 403, body: 'Forbidden' } },
      'auth-required',
      http403,
      start,
    ],
    [
      'geth: the canary returns its nonce, the broken tracer fails',
      {
        web3_clientVersion: { result: geth },
        eth_blockNumber: { result: '0x10' },
        'debug_traceCall:canary': 'nonce',
        'debug_traceCall:broken': goja,
      },
      'supported',
      'The node ran the canary tracer (debug_traceCall returned its nonce) and reported the failing tracer as an error: custom JavaScript tracing works',
      [...start, canaryCall, brokenCall],
    ],
    [
      'a node that echoes the nonce and accepts a tracer that throws',
      {
        eth_blockNumber: { result: '0x10' },
        'debug_traceCall:canary': 'nonce',
        'debug_traceCall:broken': { result: null },
      },
      'ignored',
      'The node returned the nonce but also accepted a tracer that throws (answer: the value null): it does not really run tracers',
      [...start, canaryCall, brokenCall],
    ],
    [
      'the negative control gets a gateway error',
      {
        'debug_traceCall:canary': 'nonce',
        'debug_traceCall:broken': { status: 502, body: 'upstream failed' },
      },
      'ambiguous',
      'The canary worked, but the negative control gave: HTTP 502: the server failed (upstream failed)',
      [...start, canaryCall, brokenCall],
    ],
    [
      'a node that answers {} to any tracer (the negative control still runs)',
      { 'debug_traceCall:canary': { result: {} }, 'debug_traceCall:broken': { result: {} } },
      'ignored',
      `debug_traceCall answered with an empty object {} instead of the canary's nonce: the node ignores custom tracers (a "no error means supported" check would be fooled)`,
      [...start, canaryCall, brokenCall],
    ],
    [
      'reth built without js-tracer',
      { 'debug_traceCall:canary': { error: { code: -32603, message: 'JS Tracer is not enabled' } } },
      'unsupported',
      'The node refuses custom JavaScript tracers: This node does not run custom JavaScript tracers (-32603 "JS Tracer is not enabled")',
      [...start, canaryCall],
    ],
    [
      'a provider rate-limiting the canary',
      {
        'debug_traceCall:canary': {
          error: { code: -32005, message: 'daily request count exceeded, request rate limited' },
        },
      },
      'ambiguous',
      'The provider is rate-limiting requests (-32005 "daily request count exceeded, request rate limited"): wait and retry',
      [...start, canaryCall],
    ],
    [
      'a gateway error on the canary',
      { 'debug_traceCall:canary': { status: 500, body: '' } },
      'ambiguous',
      'debug_traceCall: HTTP 500: the server failed (empty body)',
      [...start, canaryCall],
    ],
    [
      'the node goes away during the canary',
      { 'debug_traceCall:canary': refused },
      'unreachable',
      refused.down,
      [...start, canaryCall],
    ],
    [
      'a provider that forbids debug_traceCall with 403',
      { 'debug_traceCall:canary': { status: 403, body: '' } },
      'auth-required',
      http403,
      [...start, canaryCall],
    ],
    [
      'no debug_traceCall; debug_traceTransaction runs the canary on the newest transaction',
      {
        eth_blockNumber: { result: '0x10' },
        'eth_getBlockByNumber:0x10': {
          result: { number: '0x10', transactions: [hash, '0x' + 'cd'.repeat(32)] },
        },
        'debug_traceTransaction:canary': 'nonce',
        'debug_traceTransaction:broken': goja,
      },
      'supported',
      'The node ran the canary tracer (debug_traceTransaction returned its nonce) and reported the failing tracer as an error: custom JavaScript tracing works',
      [...start, canaryCall, block('0x10'), canaryTx(hash), brokenTx(hash)],
    ],
    [
      'ganache: no debug_traceCall, struct logs from debug_traceTransaction',
      {
        eth_blockNumber: { result: '0x1' },
        'eth_getBlockByNumber:0x1': { result: { number: '0x1', transactions: [hash] } },
        'debug_traceTransaction:canary': structLogs,
        'debug_traceTransaction:broken': structLogs,
      },
      'ignored',
      `debug_traceTransaction answered with an opcode-logger trace ({gas, structLogs: [2 steps]}) instead of the canary's nonce: the node ignores custom tracers (a "no error means supported" check would be fooled)`,
      [...start, canaryCall, block('0x1'), canaryTx(hash), brokenTx(hash)],
    ],
    [
      'old besu: no debug_traceCall, debug_traceTransaction refuses the tracer (no negative control)',
      {
        eth_blockNumber: { result: '0x1' },
        'eth_getBlockByNumber:0x1': { result: { number: '0x1', transactions: [hash] } },
        'debug_traceTransaction:canary': {
          error: { code: -32602, message: "Invalid TracerType: {n:'probe-n1'}. Valid values are: ''" },
        },
      },
      'unsupported',
      `The node refuses custom JavaScript tracers: This node does not run custom JavaScript tracers (-32602 "Invalid TracerType: {n:'probe-n1'}. Valid values are: ''")`,
      [...start, canaryCall, block('0x1'), canaryTx(hash)],
    ],
    [
      'no debug_traceCall, and debug_traceTransaction fails in another way',
      {
        eth_blockNumber: { result: '0x1' },
        'eth_getBlockByNumber:0x1': { result: { number: '0x1', transactions: [hash] } },
        'debug_traceTransaction:canary': {
          error: { code: -32000, message: 'historical state not available' },
        },
      },
      'ambiguous',
      `debug_traceCall gave: ${traceCallMissing}; debug_traceTransaction gave: The node returned an error: -32000 "historical state not available"`,
      [...start, canaryCall, block('0x1'), canaryTx(hash)],
    ],
    [
      'the debug namespace is off (no transaction in the chain)',
      {
        eth_blockNumber: { result: '0x0' },
        'eth_getBlockByNumber:0x0': { result: { number: '0x0', transactions: [] } },
      },
      'debug-disabled',
      'Neither debug_traceCall nor debug_traceTransaction is available: the debug namespace is off or blocked (the method debug_traceTransaction does not exist/is not available)',
      [...start, canaryCall, block('0x0'), canaryTx(zeroHash)],
    ],
    [
      'no debug_traceCall and no transaction to trace',
      {
        eth_blockNumber: { result: '0x0' },
        'eth_getBlockByNumber:0x0': { result: { number: '0x0', transactions: [] } },
        'debug_traceTransaction:canary': {
          error: { code: -32000, message: `transaction ${zeroHash} not found` },
        },
      },
      'ambiguous',
      `debug_traceCall gave: ${traceCallMissing}; and there is no recent transaction to try debug_traceTransaction on`,
      [...start, canaryCall, block('0x0'), canaryTx(zeroHash)],
    ],
  ])('%s', async (_name, script, verdict, summary, sent) => {
    const r = await probe(script);
    expect([r.jsTracing, r.summary]).toEqual([verdict, summary]);
    expect(requests(r)).toEqual(sent);
  });

  it('notes what each request is for', async () => {
    const r = await probe({
      eth_blockNumber: { result: '0x1' },
      'eth_getBlockByNumber:0x1': { result: { transactions: [] } },
      'eth_getBlockByNumber:0x0': { result: { transactions: [hash] } },
      'debug_traceTransaction:canary': 'nonce',
      'debug_traceTransaction:broken': goja,
    });
    expect(r.evidence.map((e) => e.note)).toEqual([
      'which client answers',
      'latest block',
      "canary tracer: must return exactly 'probe-n1'",
      'looking for a transaction to trace (block 0x1)',
      'looking for a transaction to trace (block 0x0)',
      'canary tracer on a recent transaction',
      'negative control: a tracer whose result throws must produce an error',
    ]);
    const r2 = await probe({ eth_blockNumber: { result: '0x0' } });
    expect(r2.evidence.map((e) => e.note).slice(3)).toEqual([
      'looking for a transaction to trace (block 0x0)',
      'no recent transaction: does debug_traceTransaction exist at all?',
    ]);
  });

  it('sends the timeout option given with both canaries', async () => {
    const r = await probe(
      { 'debug_traceCall:canary': { result: {} } },
      { timeout: '3s', maxBlocksToScan: 1 },
    );
    expect(requests(r)[2]).toBe('debug_traceCall ["call","latest",{"tracer":"canary","timeout":"3s"}]');
    const tx = await probe({ eth_blockNumber: { result: '0x5' } }, { timeout: '3s', maxBlocksToScan: 1 });
    expect(requests(tx).slice(3)).toEqual([
      block('0x5'),
      `debug_traceTransaction ["${zeroHash}",{"tracer":"canary","timeout":"3s"}]`,
    ]);
  });
});

describe('probeNode: finding a transaction for debug_traceTransaction', () => {
  // eth_blockNumber's answer, the blocks, maxBlocksToScan → the blocks asked for, then the transaction traced.
  const empty = { result: { number: '0x0', transactions: [] } };
  it.each<[string, Reply, Record<string, Reply>, number | undefined, string[]]>([
    [
      'the newest block holds a transaction',
      { result: '0x10' },
      { '0x10': { result: { transactions: [hash] } } },
      undefined,
      ['0x10', hash],
    ],
    [
      'scans back to the first block with one',
      { result: '0x10' },
      { '0x10': empty, '0xf': { result: { transactions: [] } }, '0xe': { result: { transactions: [hash] } } },
      undefined,
      ['0x10', '0xf', '0xe', hash],
    ],
    [
      'at most maxBlocksToScan blocks',
      { result: '0x10' },
      { '0x10': empty, '0xf': empty, '0xe': { result: { transactions: [hash] } } },
      2,
      ['0x10', '0xf', zeroHash],
    ],
    [
      '16 blocks by default',
      { result: '0x20' },
      {
        ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => ['0x' + (32 - i).toString(16), empty])),
        '0x10': { result: { transactions: [hash] } },
      },
      undefined,
      [...Array.from({ length: 16 }, (_, i) => '0x' + (32 - i).toString(16)), zeroHash],
    ],
    [
      'never below block 0',
      { result: '0x1' },
      { '0x1': empty, '0x0': empty },
      undefined,
      ['0x1', '0x0', zeroHash],
    ],
    [
      'block 0 alone',
      { result: '0x0' },
      { '0x0': { result: { transactions: [hash] } } },
      undefined,
      ['0x0', hash],
    ],
    [
      'a block without a transactions field is skipped',
      { result: '0x2' },
      { '0x2': { result: { number: '0x2' } }, '0x1': { result: { transactions: [hash] } } },
      undefined,
      ['0x2', '0x1', hash],
    ],
    [
      'stops at a block the node does not have (null)',
      { result: '0x2' },
      { '0x2': { result: null }, '0x1': { result: { transactions: [hash] } } },
      undefined,
      ['0x2', zeroHash],
    ],
    [
      'stops at an error',
      { result: '0x2' },
      {
        '0x2': { error: { code: -32000, message: 'header not found' } },
        '0x1': { result: { transactions: [hash] } },
      },
      undefined,
      ['0x2', zeroHash],
    ],
    [
      'stops at an answer that is no block',
      { result: '0x2' },
      { '0x2': { result: '0x2' }, '0x1': { result: { transactions: [hash] } } },
      undefined,
      ['0x2', zeroHash],
    ],
    // Without a block number only 'latest' can be asked for, once.
    [
      'no block number: the latest block',
      { error: { code: -32000, message: 'busy' } },
      { latest: { result: { transactions: [hash] } } },
      undefined,
      ['latest', hash],
    ],
    [
      'no block number and an empty latest block',
      { error: { code: -32000, message: 'busy' } },
      { latest: empty, '0x0': { result: { transactions: [hash] } } },
      undefined,
      ['latest', zeroHash],
    ],
  ])('%s', async (_name, blockNumber, blocks, maxBlocksToScan, expected) => {
    const script: Record<string, Reply> = { eth_blockNumber: blockNumber };
    for (const [tag, reply] of Object.entries(blocks)) script[`eth_getBlockByNumber:${tag}`] = reply;
    const r = await probe(script, maxBlocksToScan === undefined ? {} : { maxBlocksToScan });
    const asked = r.evidence.slice(3).map((e) => e.request.params[0] as string);
    expect(asked).toEqual(expected);
    expect(r.evidence.slice(3, -1).every((e) => e.request.method === 'eth_getBlockByNumber')).toBe(true);
    expect(r.evidence.slice(3, -1).map((e) => e.request.params[1])).toEqual(
      expected.slice(0, -1).map(() => false),
    );
  });
});

describe('probeNode: what it learns about the node', () => {
  // eth_blockNumber's answer → latestBlock in the report and the first block the fallback asks for.
  it.each<[string, unknown, string | undefined, string]>([
    ['0x10', '0x10', '0x10', '0x10'],
    ['upper-case hex', '0xAb', '0xAb', '0xab'],
    ['decimal text', '16', undefined, 'latest'],
    ['0x without digits', '0x', undefined, 'latest'],
    ['trailing junk', '0x10z', undefined, 'latest'],
    ['leading junk', 'b0x10', undefined, 'latest'],
    ['a number, not a string', 16, undefined, 'latest'],
    ['a list holding the number', ['0x10'], undefined, 'latest'],
  ])(
    'eth_blockNumber %s → latestBlock %s, first block asked %s',
    async (_name, result, latestBlock, first) => {
      const r = await probe({ eth_blockNumber: { result } }, { maxBlocksToScan: 1 });
      expect('latestBlock' in r ? r.latestBlock : 'absent').toBe(latestBlock ?? 'absent');
      expect(r.evidence[3].request.params[0]).toBe(first);
    },
  );

  it.each<[string, Record<string, Reply>, string | undefined, string]>([
    ['a version string', { web3_clientVersion: { result: geth } }, geth, 'geth'],
    ['a version that is no string', { web3_clientVersion: { result: 42 } }, undefined, 'unknown'],
    ['no web3_clientVersion', {}, undefined, 'unknown'],
    [
      'no version, but hardhat names itself in its refusal',
      {
        'debug_traceCall:canary': {
          error: {
            code: -32602,
            message:
              'Hardhat currently only supports the default tracer, so no tracer parameter should be passed.',
          },
        },
      },
      undefined,
      'hardhat',
    ],
    [
      'no version, besu named by its refusal of debug_traceTransaction',
      {
        eth_blockNumber: { result: '0x0' },
        'eth_getBlockByNumber:0x0': { result: { transactions: [hash] } },
        'debug_traceTransaction:canary': {
          error: { code: -32602, message: "Invalid TracerType: x. Valid values are: ''" },
        },
      },
      undefined,
      'besu',
    ],
  ])('%s', async (_name, script, clientVersion, family) => {
    const r = await probe(script);
    expect('clientVersion' in r ? r.clientVersion : 'absent').toBe(clientVersion ?? 'absent');
    expect(r.clientFamily).toBe(family);
  });

  it('names the family from the version even when an answer names another client', async () => {
    const r = await probe({
      web3_clientVersion: { result: 'besu/v24.1.0/linux-x86_64/openjdk-java-17' },
      'debug_traceCall:canary': {
        error: { code: -32602, message: 'Hardhat currently only supports the default tracer' },
      },
    });
    expect(r.clientFamily).toBe('besu');
  });
});
