import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import {
  describeUpstreamFault,
  type UpstreamFault,
} from '../../../src/core/upstream/describeUpstreamFault.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type FaultServer, startFaultServer } from '../../helpers/faultServer.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type UpstreamProxy, startUpstreamProxy } from './upstreamProxy.ts';
import { waitForReceipt } from './captureDialectProxy.ts';

// What the upstream lacks, said in one line, for tracer replay --endpoint and tracer capture alike, and nothing on
// stdout: a fault server that answers the transaction and its blocks as anvil did and fails every state read (pruned,
// rate-limited), or never answers; and anvil behind a proxy whose head moves, or is reorganised, while fetching.

const H = 'H';
const fault = (f: Partial<UpstreamFault>): UpstreamFault => ({
  method: 'eth_getBalance',
  kind: 'rpc-error',
  message: '',
  ...f,
});

describe('describeUpstreamFault: each fault → one sentence naming what the upstream lacks', () => {
  // Messages as the upstream client passes them (the classifier's sentence around the node's words).
  it.each([
    [
      fault({
        message:
          'The node returned an error: -32000 "missing trie node 1f2e (path ) state 0x1f2e is not available"',
        code: -32000,
        block: 'block 0x12',
      }),
      'H has no state at block 0x12 (eth_getBalance: -32000 "missing trie node 1f2e (path ) state 0x1f2e is not available"): it is not an archive node, or pruned that block; trace on an archive node',
    ],
    [
      fault({
        message: 'The node returned an error: -32000 "header not found"',
        code: -32000,
        block: 'block 0x12',
      }),
      'H has no state at block 0x12 (eth_getBalance: -32000 "header not found"): it is not an archive node, or pruned that block; trace on an archive node',
    ],
    [
      // A batch item's error: the node's words and code as they came.
      fault({ message: 'header not found', code: -32000, block: 'block 0x12' }),
      'H has no state at block 0x12 (eth_getBalance: -32000 "header not found"): it is not an archive node, or pruned that block; trace on an archive node',
    ],
    [
      fault({
        kind: 'http-error',
        status: 429,
        message: 'HTTP 429: rate limit reached; the server asks to wait 7 s',
      }),
      'H is rate-limiting requests (eth_getBalance: HTTP 429: rate limit reached; the server asks to wait 7 s); wait and retry, or use an endpoint with more capacity',
    ],
    [
      fault({
        code: -32005,
        message: 'The provider is rate-limiting requests (-32005 "limit exceeded"): wait and retry',
      }),
      'H is rate-limiting requests (eth_getBalance: -32005 "limit exceeded"); wait and retry, or use an endpoint with more capacity',
    ],
    [
      fault({
        code: -32000,
        message:
          'The node returned an error: -32000 "Your app has exceeded its compute units per second capacity"',
      }),
      'H is rate-limiting requests (eth_getBalance: -32000 "Your app has exceeded its compute units per second capacity"); wait and retry, or use an endpoint with more capacity',
    ],
    [
      fault({
        kind: 'unreachable',
        reason: 'timeout',
        message: 'No complete answer from H within 0.3 s; the request was abandoned',
      }),
      'H did not answer eth_getBalance in time (No complete answer from H within 0.3 s; the request was abandoned): it is overloaded or stalled; retry later, or allow it more time (--request-timeout)',
    ],
    [
      fault({
        method: 'eth_getProof',
        code: -32601,
        message:
          'The node does not offer eth_getProof: the node does not implement it or does not expose the eth namespace (-32601 "the method eth_getProof does not exist/is not available")',
      }),
      'H does not serve eth_getProof (-32601 "the method eth_getProof does not exist/is not available")',
    ],
    [
      fault({
        method: 'eth_getRawTransactionByHash',
        code: -32004,
        message: 'The node returned an error: -32004 "Method eth_getRawTransactionByHash is not supported"',
      }),
      'H does not serve eth_getRawTransactionByHash (-32004 "Method eth_getRawTransactionByHash is not supported")',
    ],
    [
      fault({
        kind: 'unreachable',
        reason: 'refused',
        message: 'Connection refused by H: nothing listens there (node down or wrong port)',
      }),
      'Connection refused by H: nothing listens there (node down or wrong port)',
    ],
    [
      fault({ code: 3, message: 'The node returned an error: 3 "execution reverted"' }),
      'eth_getBalance: 3 "execution reverted"',
    ],
  ])('%j', (f, message) => {
    expect(describeUpstreamFault(f, H)).toBe(message);
  });
});

let anvil: RunningNode;
let proxy: UpstreamProxy;
let server: FaultServer;
let txHash: string;
type Fault = { code: number; message: string };
let stateFault: Fault = { code: -32000, message: '' };
/** anvil's answers to the calls that find the transaction and its blocks, by method and params. */
const recorded = new Map<string, unknown>();
const stateMethods = new Set([
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
]);

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startUpstreamProxy(anvil.url);
  const [alice, bob] = (await rpc(anvil.url, 'eth_accounts')) as string[];
  txHash = (await rpc(anvil.url, 'eth_sendTransaction', [{ from: alice, to: bob, value: '0x1' }])) as string;
  await waitForReceipt(anvil.url, txHash);
  const tx = (await rpc(anvil.url, 'eth_getTransactionByHash', [txHash])) as Record<string, string>;
  const block = (await rpc(anvil.url, 'eth_getBlockByHash', [tx.blockHash, false])) as Record<string, string>;
  const parent = (await rpc(anvil.url, 'eth_getBlockByHash', [block.parentHash, false])) as Record<
    string,
    string
  >;
  const calls: [string, unknown[]][] = [
    ['eth_getTransactionByHash', [txHash]],
    ['eth_getRawTransactionByHash', [txHash]],
    ['eth_chainId', []],
    ...[block, parent].flatMap((b): [string, unknown[]][] =>
      [true, false].flatMap((full): [string, unknown[]][] => [
        ['eth_getBlockByHash', [b.hash, full]],
        ['eth_getBlockByNumber', [b.number, full]],
      ]),
    ),
  ];
  for (const [method, params] of calls)
    recorded.set(JSON.stringify([method, params]), await rpc(anvil.url, method, params));
  // A node that answers single requests only (a batch gets an error): every state read fails with `stateFault`.
  server = await startFaultServer({
    rpc: (method, params) => {
      const key = JSON.stringify([method, params]);
      if (recorded.has(key)) return recorded.get(key);
      if (stateMethods.has(method)) throw stateFault;
      throw { code: -32601, message: `the method ${method} does not exist/is not available` };
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await anvil?.stop();
});

async function cli(args: string[]) {
  const io = createCaptureIo();
  const started = performance.now();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err(), ms: performance.now() - started };
}

type Command = 'replay' | 'capture';
const commands = {
  replay: (endpoint: string, ...extra: string[]) => [
    'replay',
    '--endpoint',
    endpoint,
    '--tx',
    txHash,
    ...extra,
  ],
  capture: (endpoint: string, ...extra: string[]) => [
    'capture',
    '--endpoint',
    endpoint,
    '--tx',
    txHash,
    ...extra,
  ],
};
const host = () => server.url.replace(/^http:\/\//, '');
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('upstream faults: one line on stderr, exit 1, nothing on stdout', () => {
  // capture first asks for the node's prestateTracer (refused here), then computes the pre-state: the same fault,
  // followed by what capture needs.
  const state = (command: string, fault: string) =>
    command === 'capture'
      ? new RegExp(
          `^tracer capture: debug_traceTransaction with prestateTracer: http://${esc(host())}/rpc does not serve debug_traceTransaction \\(-32601 "the method debug_traceTransaction does not exist/is not available"\\); standard methods failed too: http://${esc(host())}/rpc ${fault}; capture needs the pre-state: debug_traceTransaction with prestateTracer, or the state at the parent block through eth_getBalance, eth_getTransactionCount, eth_getCode and eth_getStorageAt \\(an archive node for old blocks\\); capture from such a node\\n$`,
        )
      : new RegExp(`^tracer replay: http://${esc(host())}/rpc ${fault}\\n$`);
  const pruned = (said: string) =>
    `has no state at block 0x[0-9a-f]{64} \\(eth_getBalance: -32000 "${said}"\\): it is not an archive node, or pruned that block; trace on an archive node`;
  const rows: [string, Command, string, Fault | undefined, string[], (command: string) => RegExp][] = [];
  for (const command of ['replay', 'capture'] as const)
    rows.push(
      [
        'pruned: missing trie node',
        command,
        'rpc',
        { code: -32000, message: 'missing trie node 3f5a (path ) state 0x3f5a is not available' },
        [],
        (c) => state(c, pruned('missing trie node 3f5a \\(path \\) state 0x3f5a is not available')),
      ],
      [
        'pruned: header not found',
        command,
        'rpc',
        { code: -32000, message: 'header not found' },
        [],
        (c) => state(c, pruned('header not found')),
      ],
      [
        'rate limit: -32005 in an HTTP 200 answer',
        command,
        'rpc',
        { code: -32005, message: 'limit exceeded' },
        [],
        (c) =>
          state(
            c,
            'is rate-limiting requests \\(eth_getBalance: -32005 "limit exceeded"\\); wait and retry, or use an endpoint with more capacity',
          ),
      ],
      [
        'rate limit: HTTP 429',
        command,
        '429',
        undefined,
        [],
        (c) =>
          new RegExp(
            `^tracer ${c}: http://${esc(host())}/429 is rate-limiting requests \\(eth_getTransactionByHash: HTTP 429: .*wait 7 s\\); wait and retry, or use an endpoint with more capacity\\n$`,
          ),
      ],
      [
        'an upstream that never answers (--request-timeout 0.5)',
        command,
        'hang',
        undefined,
        ['--request-timeout', '0.5'],
        (c) =>
          new RegExp(
            `^tracer ${c}: http://${esc(host())}/hang did not answer eth_getTransactionByHash in time \\(No complete answer from ${esc(host())} within 0.5 s; the request was abandoned\\): it is overloaded or stalled; retry later, or allow it more time \\(--request-timeout\\)\\n$`,
          ),
      ],
    );
  it.each(rows)(
    '%s: %s',
    async (_what, command, path, stateError, extra, message) => {
      stateFault = stateError ?? stateFault;
      const r = await cli(commands[command](`${server.url}/${path}`, ...extra));
      expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
      expect(r.err).toMatch(message(command));
      // Bounded: a state fault is final at once, a silent upstream after the request's time limit.
      expect(r.ms).toBeLessThan(15_000);
    },
    30_000,
  );
});

describe('a head that moves while fetching, and one reorganised', () => {
  const expected: Record<string, string> = {};
  beforeAll(async () => {
    for (const command of ['replay', 'capture'] as const) {
      const r = await cli(
        commands[command](
          proxy.url,
          ...(command === 'replay' ? ['--tracer', 'tracer-templates/call-tree.js'] : []),
        ),
      );
      expect(r.code, r.err).toBe(0);
      expected[command] = r.out;
    }
  }, 60_000);

  it.each(['replay', 'capture'] as const)(
    '%s: new blocks mined while the state is fetched change nothing (state is read at the parent block by hash)',
    async (command) => {
      let mined = 0;
      proxy.beforeForward = async (method) => {
        if (method === 'eth_getBalance' && mined < 3) {
          mined++;
          await rpc(anvil.url, 'evm_mine');
        }
      };
      try {
        const r = await cli(
          commands[command](
            proxy.url,
            ...(command === 'replay' ? ['--tracer', 'tracer-templates/call-tree.js'] : []),
          ),
        );
        expect(mined).toBeGreaterThan(0);
        expect({ code: r.code, out: r.out }).toEqual({ code: 0, out: expected[command] });
      } finally {
        proxy.beforeForward = undefined;
      }
    },
    60_000,
  );

  it('capture: the parent block reorganised away while fetching gives one line, no fixture', async () => {
    const snapshot = await rpc(anvil.url, 'evm_snapshot');
    const [alice, bob] = (await rpc(anvil.url, 'eth_accounts')) as string[];
    await rpc(anvil.url, 'evm_mine');
    const hash = (await rpc(anvil.url, 'eth_sendTransaction', [
      { from: alice, to: bob, value: '0x2' },
    ])) as string;
    await waitForReceipt(anvil.url, hash);
    let reorganised = false;
    proxy.beforeForward = async (method) => {
      if (reorganised || method !== 'eth_getBalance') return;
      reorganised = true;
      await rpc(anvil.url, 'evm_revert', [snapshot]);
      await rpc(anvil.url, 'evm_setNextBlockTimestamp', [
        `0x${(Math.floor(Date.now() / 1000) + 100_000).toString(16)}`,
      ]);
      for (let i = 0; i < 3; i++) await rpc(anvil.url, 'evm_mine');
    };
    try {
      const r = await cli(['capture', '--endpoint', proxy.url, '--tx', hash]);
      expect(reorganised).toBe(true);
      expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
      expect(r.err).toMatch(
        /^tracer capture: .*standard methods failed too: .*reorganised while fetching.*; capture needs the pre-state: .*\n$/,
      );
      expect(r.err.trim().split('\n')).toHaveLength(1);
    } finally {
      proxy.beforeForward = undefined;
    }
  }, 60_000);
});
