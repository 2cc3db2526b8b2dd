import { createBlockFromRLP } from '@ethereumjs/block';
import { bytesToHex } from '@ethereumjs/util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoChain } from '../../../src/evm/node/buildDemoChain.ts';
import type { DemoChain } from '../../../src/evm/node/buildDemoChain.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { DemoChainSnapshot } from '../../../src/evm/node/demoChainSnapshot.ts';
import { restoreDemoChain, snapshotDemoChain } from '../../../src/evm/node/demoChainSnapshot.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { call } from './nodeHelpers.ts';
import { readTemplateSource } from '../../../src/cli/readTemplateSource.ts';

// The CLI's build restores the demo chain from a snapshot (scripts/build-cli.mjs) instead of executing its blocks.
// The restored chain must be the built one: same blocks, hashes (recomputed here, not read from the caches the restore
// fills), senders (recovered here from the signatures), receipts and states, the same answers to every kind of read,
// and the same chain to build on (a transaction sent to both mines the same block).
let demo: DemoChain;
let snapshot: DemoChainSnapshot;
let built: EmbeddedNode;
let restored: EmbeddedNode;
beforeAll(async () => {
  demo = await buildDemoChain();
  // Through JSON, as the build stores it.
  snapshot = JSON.parse(JSON.stringify(snapshotDemoChain(demo)));
  const templates = readTemplateSource();
  built = await createEmbeddedNode({ templates });
  restored = await createEmbeddedNode({ templates, demoSnapshot: JSON.parse(JSON.stringify(snapshot)) });
}, 60_000);

describe('a restored demo chain', () => {
  it('has the built blocks, with hashes and senders that recomputing gives', async () => {
    const chain = (await restoreDemoChain(snapshot)).chain;
    expect(chain.blocks.map((b) => b.hash)).toEqual(demo.chain.blocks.map((b) => b.hash));
    for (const b of chain.blocks) {
      // A block parsed again has empty caches: its hash and its transactions' are computed.
      const fresh = createBlockFromRLP(b.block.serialize(), { common: chain.common });
      expect(bytesToHex(fresh.hash())).toBe(b.hash);
      expect(bytesToHex(b.block.hash())).toBe(b.hash);
      expect(b.block.transactions.map((t) => bytesToHex(t.hash()))).toEqual(b.txs.map((t) => t.hash));
      expect(b.txs.map((t) => t.hash)).toEqual(fresh.transactions.map((t) => bytesToHex(t.hash())));
      for (const [i, t] of b.txs.entries()) {
        expect(fresh.transactions[i].cache.senderPubKey).toBeUndefined();
        expect(fresh.transactions[i].getSenderAddress().toString()).toBe(t.from.toString());
        expect(bytesToHex(t.tx.getSenderPublicKey())).toBe(
          bytesToHex(fresh.transactions[i].getSenderPublicKey()),
        );
      }
    }
    expect(chain.blocks.flatMap((b) => b.txs)).toHaveLength(15);
  });

  it('has the built receipts and the built state after every block', async () => {
    const chain = (await restoreDemoChain(snapshot)).chain;
    for (const [n, b] of chain.blocks.entries()) {
      const original = demo.chain.blocks[n];
      expect(bytesToHex(b.stateAfter.getStateDigestSync())).toBe(
        bytesToHex(original.stateAfter.getStateDigestSync()),
      );
      expect(b.txs.map((t) => t.receipt)).toEqual(original.txs.map((t) => t.receipt));
      expect(b.txs.map((t) => [t.blockHash, t.blockNumber, t.index])).toEqual(
        original.txs.map((t) => [t.blockHash, t.blockNumber, t.index]),
      );
    }
  });

  it('is independent of the snapshot and of other restores (the EVM mutates accounts)', async () => {
    const a = await restoreDemoChain(snapshot);
    const b = await restoreDemoChain(snapshot);
    const bob = demoAccounts.bob.address;
    await a.chain.head().stateAfter.putAccount(bob, undefined);
    expect(b.chain.head().stateAfter.getBalanceSync(bob)).toBe(
      demo.chain.head().stateAfter.getBalanceSync(bob),
    );
  });
});

const hashes = () => demo.chain.blocks.flatMap((b) => b.txs.map((t) => t.hash));
const addresses = () => [
  ...Object.values(demoAccounts).map((a) => a.address.toString()),
  ...Object.values(demo.contracts).map((a) => a.toString()),
];

/** Reads whose answers must be equal on both nodes: [what, method, params]. */
const reads: Array<[string, string, () => unknown[][]]> = [
  [
    'every block with its transactions',
    'eth_getBlockByNumber',
    () => [0, 1, 2, 3].map((n) => [`0x${n}`, true]),
  ],
  ['every receipt', 'eth_getTransactionReceipt', () => hashes().map((h) => [h])],
  ['every transaction', 'eth_getTransactionByHash', () => hashes().map((h) => [h])],
  [
    'every balance after every block',
    'eth_getBalance',
    () => addresses().flatMap((a) => [0, 1, 2, 3].map((n) => [a, `0x${n}`])),
  ],
  ['every code', 'eth_getCode', () => addresses().map((a) => [a, 'latest'])],
  ['every nonce', 'eth_getTransactionCount', () => addresses().map((a) => [a, 'latest'])],
  [
    'token storage slots',
    'eth_getStorageAt',
    () => [0, 1, 2, 3].map((s) => [demo.contracts.token.toString(), `0x${s}`, 'latest']),
  ],
  ['logs of the whole chain', 'eth_getLogs', () => [[{ fromBlock: '0x0', toBlock: 'latest' }]]],
  ['struct logs of every transaction', 'debug_traceTransaction', () => hashes().map((h) => [h, {}])],
  ['the call tracer on block 2', 'debug_traceBlockByNumber', () => [['0x2', { tracer: 'callTracer' }]]],
];

describe('the node on a restored demo chain answers as on the built one', () => {
  it.each(reads)(
    '%s',
    async (_what, method, params) => {
      for (const p of params()) {
        const [a, b] = [await call(built, method, p), await call(restored, method, p)];
        expect(a.error).toBeUndefined();
        expect({ ...b, id: a.id }).toEqual(a);
      }
    },
    60_000,
  );

  it('and builds on it alike: a sent transaction mines the same block', async () => {
    const tx = {
      from: demoAccounts.dave.address.toString(),
      to: demoAccounts.alice.address.toString(),
      value: '0x1',
    };
    const [a, b] = [
      await call(built, 'eth_sendTransaction', [tx]),
      await call(restored, 'eth_sendTransaction', [tx]),
    ];
    expect(a.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect(b.result).toBe(a.result);
    const [ba, bb] = [
      await call(built, 'eth_getBlockByNumber', ['latest', false]),
      await call(restored, 'eth_getBlockByNumber', ['latest', false]),
    ];
    expect(ba.result.number).toBe('0x4');
    expect(bb.result).toEqual(ba.result);
  });
});
