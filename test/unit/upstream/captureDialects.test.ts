import { readFileSync } from 'node:fs';
import { bytesToHex } from '@ethereumjs/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { encodeCallHex, encodeDeploy } from '../../../src/evm/node/abi.ts';
import { replayFixture } from '../../../src/evm/node/replayFixture.ts';
import { createVmRealm } from '../../../src/evm/host/realm/createVmRealm.ts';
import { createCaptureIo } from '../cli/cliIo.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';
import { type Dialect, type DialectProxy, startDialectProxy, waitForReceipt } from './captureDialectProxy.ts';

// The ways tracer capture used to fail, played by a proxy in front of anvil that answers as those nodes do, and what
// capture does now: takes the cheapest source that works and names it in one line, or, when none works, says in one
// line what capture needs. Every fixture captured replays as the one from anvil's own prestateTracer.

let anvil: RunningNode;
let proxy: DialectProxy;
let txHash: string;
let reference: unknown;
const callTree = readFileSync('tracer-templates/call-tree.js', 'utf8');

const error = (code: number, message: string) => ({ error: { code, message } });
const refuseDebug: Dialect = async (c) =>
  c.method.startsWith('debug_')
    ? error(-32601, `the method ${c.method} does not exist/is not available`)
    : undefined;
const both =
  (...dialects: Dialect[]): Dialect =>
  async (c, forward) => {
    for (const d of dialects) {
      const a = await d(c, forward);
      if (a) return a;
    }
    return undefined;
  };
// ganache's answer to a block given as `{blockHash}` (EIP-1898) where state is read.
const noBlockHash: Dialect = async (c) =>
  c.params.some((p) => !!p && typeof p === 'object' && 'blockHash' in p)
    ? error(-32700, 'Cannot wrap a "object" as a json-rpc type')
    : undefined;
const on =
  (method: string, answer: Awaited<ReturnType<Dialect>>): Dialect =>
  async (c) =>
    c.method === method ? answer : undefined;

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startDialectProxy(anvil.url);
  const [alice, bob] = (await rpc(anvil.url, 'eth_accounts')) as `0x${string}`[];
  const h = await rpc(anvil.url, 'eth_sendTransaction', [
    { from: alice, data: bytesToHex(encodeDeploy('DemoToken', [10n ** 24n])) },
  ]);
  const token = (await waitForReceipt(anvil.url, h as string)).contractAddress as `0x${string}`;
  txHash = (await rpc(anvil.url, 'eth_sendTransaction', [
    { from: alice, to: token, data: encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob, 5n]) },
  ])) as string;
  await waitForReceipt(anvil.url, txHash);
  const io = createCaptureIo();
  expect(await main(['capture', '--endpoint', anvil.url, '--tx', txHash], io)).toBe(0);
  reference = await replayFixture(loadFixture(io.out()), { tracer: callTree, createRealm: createVmRealm });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await anvil?.stop();
});

const standard =
  'prestate from standard methods \\(eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt\\) at block \\d+: 3 accounts, 2 slots \\(\\d+ accounts and \\d+ slots fetched in \\d+ round trips, \\d+ runs; debug_traceTransaction with prestateTracer: ';
const fromNode = "prestate from the node's prestateTracer: 3 accounts, 2 slots";
const rawFromNode = 'signed transaction from eth_getRawTransactionByHash';
const rebuilt = 'signed transaction from eth_getTransactionByHash, rebuilt and checked against its hash \\(';
const host = () => proxy.url.replace(/^http:\/\//, '');

describe('tracer capture: what used to fail, and what it does now', () => {
  it.each<[string, () => Dialect | undefined, () => RegExp]>([
    [
      'a node that offers both (anvil): its prestateTracer and raw transaction',
      () => undefined,
      () => new RegExp(`^tracer capture: ${fromNode}; ${rawFromNode}\\n$`),
    ],
    [
      'hardhat, was `-32004 "Method eth_getRawTransactionByHash is not supported"`',
      () =>
        both(
          on(
            'eth_getRawTransactionByHash',
            error(-32004, 'Method eth_getRawTransactionByHash is not supported'),
          ),
          on(
            'debug_traceTransaction',
            error(
              -32602,
              'Hardhat currently only supports the default tracer, so no tracer parameter should be passed.',
            ),
          ),
        ),
      () =>
        new RegExp(
          `^tracer capture: ${standard}debug_traceTransaction: -32602 "Hardhat currently only supports the default tracer, so no tracer parameter should be passed\\."\\); ${rebuilt}http://${host()} does not serve eth_getRawTransactionByHash \\(-32004 "Method eth_getRawTransactionByHash is not supported"\\)\\)\\n$`,
        ),
    ],
    [
      'ganache, was `The node does not offer eth_getRawTransactionByHash …`',
      () =>
        both(
          on(
            'eth_getRawTransactionByHash',
            error(-32700, 'The method eth_getRawTransactionByHash does not exist/is not available'),
          ),
          on('debug_traceTransaction', {
            result: { gas: '0x0', structLogs: [], returnValue: '', storage: {} },
          }),
        ),
      () =>
        new RegExp(
          `^tracer capture: ${standard}it answered struct logs \\(the node ignores the tracer name\\)\\); ${rebuilt}http://${host()} does not serve eth_getRawTransactionByHash \\(-32700 "The method eth_getRawTransactionByHash does not exist/is not available"\\)\\)\\n$`,
        ),
    ],
    [
      'a node that ignores `tracer`, was `captureFixture: prestate of failed is not an object`',
      () =>
        on('debug_traceTransaction', {
          result: { gas: 21000, failed: false, returnValue: '', structLogs: [{ pc: 0, op: 'PUSH1' }] },
        }),
      () =>
        new RegExp(
          `^tracer capture: ${standard}it answered struct logs \\(the node ignores the tracer name\\)\\); ${rawFromNode}\\n$`,
        ),
    ],
    [
      'no debug namespace at all (-32601)',
      () => refuseDebug,
      () =>
        new RegExp(
          `^tracer capture: ${standard}http://${host()} does not serve debug_traceTransaction \\(-32601 "the method debug_traceTransaction does not exist/is not available"\\)\\); ${rawFromNode}\\n$`,
        ),
    ],
    [
      'a prestateTracer that answers null',
      () => on('debug_traceTransaction', { result: null }),
      () =>
        new RegExp(`^tracer capture: ${standard}it answered null, not a pre-state\\); ${rawFromNode}\\n$`),
    ],
    [
      'a prestateTracer that answers a malformed account',
      () => on('debug_traceTransaction', { result: { [`0x${'11'.repeat(20)}`]: { balance: 12 } } }),
      () =>
        new RegExp(
          `^tracer capture: ${standard}its account 0x${'11'.repeat(20)} has a malformed balance the number 12\\); ${rawFromNode}\\n$`,
        ),
    ],
    [
      'ganache: no EIP-1898 `{blockHash}` parameter (`Cannot wrap a "object" as a json-rpc type`)',
      () => both(refuseDebug, noBlockHash),
      () =>
        new RegExp(
          `^tracer capture: ${standard}http://${host()} does not serve debug_traceTransaction \\(.*\\)\\); ${rawFromNode} \\(state asked by block number: the node takes no block hash there\\)\\n$`,
        ),
    ],
    [
      'raw bytes that are another transaction',
      () => on('eth_getRawTransactionByHash', { result: '0x02c0' }),
      () =>
        new RegExp(
          `^tracer capture: ${fromNode}; ${rebuilt}eth_getRawTransactionByHash answered bytes that hash to 0x[0-9a-f]{64}\\)\\n$`,
        ),
    ],
  ])(
    '%s',
    async (_what, dialect, line) => {
      proxy.dialect = dialect();
      try {
        const io = createCaptureIo();
        expect(await main(['capture', '--endpoint', proxy.url, '--tx', txHash], io), io.err()).toBe(0);
        expect(io.err()).toMatch(line());
        const replayed = await replayFixture(loadFixture(io.out()), {
          tracer: callTree,
          createRealm: createVmRealm,
        });
        expect(replayed).toEqual(reference);
      } finally {
        proxy.dialect = undefined;
      }
    },
    30_000,
  );

  it.each<[string, () => Dialect, () => RegExp]>([
    [
      'no debug namespace, and no state at the parent block (pruned)',
      () =>
        both(
          refuseDebug,
          on('eth_getBalance', error(-32000, 'missing trie node 3f5a (path ) state 0x3f5a is not available')),
        ),
      () =>
        new RegExp(
          `^tracer capture: debug_traceTransaction with prestateTracer: http://${host()} does not serve debug_traceTransaction \\(.*\\); standard methods failed too: http://${host()} has no state at block 0x[0-9a-f]{64} \\(eth_getBalance: -32000 "missing trie node 3f5a \\(path \\) state 0x3f5a is not available"\\): it is not an archive node, or pruned that block; trace on an archive node; capture needs the pre-state: debug_traceTransaction with prestateTracer, or the state at the parent block through eth_getBalance, eth_getTransactionCount, eth_getCode and eth_getStorageAt \\(an archive node for old blocks\\); capture from such a node\\n$`,
        ),
    ],
    [
      'no raw transaction, and a transaction type this EVM does not know',
      () =>
        both(on('eth_getRawTransactionByHash', error(-32601, 'method not found')), async (c, forward) => {
          if (c.method !== 'eth_getTransactionByHash') return undefined;
          const { result } = await forward();
          return { result: { ...(result as object), type: '0x7e' } };
        }),
      () =>
        new RegExp(
          `^tracer capture: http://${host()} does not serve eth_getRawTransactionByHash \\(-32601 "method not found"\\), and rebuilding it from eth_getTransactionByHash failed \\(type 0x7e: .*\\); capture needs the signed transaction: eth_getRawTransactionByHash, or a transaction type this EVM can rebuild from eth_getTransactionByHash; capture from a node that serves eth_getRawTransactionByHash\\n$`,
        ),
    ],
  ])(
    'nothing works: %s → one line, exit 1, no fixture',
    async (_what, dialect, line) => {
      proxy.dialect = dialect();
      try {
        const io = createCaptureIo();
        expect(await main(['capture', '--endpoint', proxy.url, '--tx', txHash], io)).toBe(1);
        expect(io.out()).toBe('');
        expect(io.err()).toMatch(line());
      } finally {
        proxy.dialect = undefined;
      }
    },
    30_000,
  );

  it('no `{blockHash}` parameter, and the chain reorganised while fetching by number: one line, no fixture', async () => {
    const snapshot = await rpc(anvil.url, 'evm_snapshot');
    const [alice, bob] = (await rpc(anvil.url, 'eth_accounts')) as string[];
    await rpc(anvil.url, 'evm_mine');
    const hash = (await rpc(anvil.url, 'eth_sendTransaction', [
      { from: alice, to: bob, value: '0x3' },
    ])) as string;
    const receipt = await waitForReceipt(anvil.url, hash);
    const block = (await rpc(anvil.url, 'eth_getBlockByHash', [receipt.blockHash, false])) as {
      parentHash: string;
    };
    let reorganised = false;
    // Once capture has asked the parent's number, other blocks take that height (later timestamps: other hashes).
    const reorganiseAfterNumber: Dialect = async (c, forward) => {
      if (reorganised || c.method !== 'eth_getBlockByHash' || c.params[0] !== block.parentHash)
        return undefined;
      const answer = await forward();
      reorganised = true;
      await rpc(anvil.url, 'evm_revert', [snapshot]);
      await rpc(anvil.url, 'evm_setNextBlockTimestamp', [
        `0x${(Math.floor(Date.now() / 1000) + 100_000).toString(16)}`,
      ]);
      for (let i = 0; i < 3; i++) await rpc(anvil.url, 'evm_mine');
      return answer;
    };
    proxy.dialect = both(refuseDebug, noBlockHash, reorganiseAfterNumber);
    try {
      const io = createCaptureIo();
      // Without the check of each block asked by number against its hash, the state of the other block at that
      // height would have been read, and a fixture printed.
      expect(await main(['capture', '--endpoint', proxy.url, '--tx', hash], io)).toBe(1);
      expect(reorganised).toBe(true);
      expect(io.out()).toBe('');
      expect(io.err()).toMatch(
        /^tracer capture: debug_traceTransaction with prestateTracer: .*; standard methods failed too: .*its chain was reorganised while fetching.*; capture needs the pre-state: .*\n$/,
      );
      expect(io.err().trim().split('\n')).toHaveLength(1);
    } finally {
      proxy.dialect = undefined;
    }
  }, 30_000);
});
