import { describe, expect, it } from 'vitest';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { call, defaultsOf, demoNode, ether, result, word } from './nodeHelpers.ts';

describe('demo chain', () => {
  it('is identical on every start (block hashes, tx hashes, defaults)', async () => {
    const [a, b] = [await demoNode(), await createEmbeddedNode()];
    expect(b.chain.blocks.map((x) => x.hash)).toEqual(a.chain.blocks.map((x) => x.hash));
    expect(b.chain.blocks.flatMap((x) => x.txs.map((t) => t.hash))).toEqual(
      a.chain.blocks.flatMap((x) => x.txs.map((t) => t.hash)),
    );
    expect(b.demoDefaults).toEqual(a.demoDefaults);
  });

  // Pinned: these change only when the contracts, the scenario or the header rules change (then update them and the
  // values shown in the UI docs). A change without such an edit means the chain is no longer reproducible.
  it('keeps the pinned hashes across processes and versions', async () => {
    const d = defaultsOf(await demoNode());
    expect(d.blockHash).toBe('0x8877151c46625cfe798d372e954060a97de71f6d862147b4a55825fbef97b26c');
    expect(d.txHash).toBe('0xfd2b9569bdf9b732c17a787deb5c839eda9867f5f003255f8d69eeb2619ee4dc');
  });

  it('has genesis plus three blocks of five transactions', async () => {
    const node = await demoNode();
    expect(await result(node, 'eth_blockNumber', [])).toBe('0x3');
    expect(node.chain.blocks.map((b) => b.txs.length)).toEqual([0, 5, 5, 5]);
  });

  it('mines deploys in block 1, a revert in block 2 and a failing transfer in block 3', async () => {
    const node = await demoNode();
    const statuses = node.chain.blocks.map((b) => b.txs.map((t) => t.receipt.status));
    expect(statuses).toEqual([[], [1, 1, 1, 1, 1], [1, 1, 1, 0, 1], [1, 1, 1, 0, 1]]);
    expect(node.chain.blocks[1].txs.every((t) => t.receipt.contractAddress !== undefined)).toBe(true);
  });

  it('uses Prague rules with an EIP-1559 base fee and fixed 12 s block times', async () => {
    const node = await demoNode();
    expect(node.chain.common.hardfork()).toBe('prague');
    const blocks = await Promise.all(
      ['0x0', '0x1', '0x2', '0x3'].map((n) => result(node, 'eth_getBlockByNumber', [n, false])),
    );
    expect(blocks.map((b) => Number(b.timestamp))).toEqual([1767225600, 1767225612, 1767225624, 1767225636]);
    expect(blocks[0].baseFeePerGas).toBe('0x3b9aca00');
    expect(blocks.every((b) => /^0x[0-9a-f]+$/.test(b.baseFeePerGas))).toBe(true);
  });

  it('ends with the token balances the scenario implies', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const balanceOf = async (who: string) =>
      BigInt(
        await result(node, 'eth_call', [{ to: d.contracts.token, data: '0x70a08231' + word(who) }, 'latest']),
      );
    expect(await balanceOf(d.accounts.bob)).toBe(1000n * ether);
    // transferFrom moved 200 to dave; dave's transfer of 1000 reverted.
    expect(await balanceOf(d.accounts.dave)).toBe(200n * ether);
    const allowance = await result(node, 'eth_call', [
      { to: d.contracts.token, data: '0xdd62ed3e' + word(d.accounts.alice) + word(d.accounts.carol) },
      'latest',
    ]);
    expect(BigInt(allowance)).toBe(300n * ether);
    // CallProbe.run(7) then run(3).
    expect(
      BigInt(await result(node, 'eth_call', [{ to: d.contracts.callProbe, data: '0x61bc221a' }, 'latest'])),
    ).toBe(10n);
    expect(
      BigInt(await result(node, 'eth_call', [{ to: d.contracts.callProbe, data: '0x61bc221a' }, '0x2'])),
    ).toBe(7n);
  });

  it('demoDefaults name a probe tx, block 2 with a revert, and a working call', async () => {
    const node = await demoNode();
    const d = defaultsOf(node);
    const tx = await result(node, 'eth_getTransactionByHash', [d.txHash]);
    expect(tx.to).toBe(d.contracts.callProbe);
    expect(tx.blockNumber).toBe('0x2');
    expect(d.blockNumber).toBe('0x2');
    const block = await result(node, 'eth_getBlockByHash', [d.blockHash, false]);
    expect(block.number).toBe('0x2');
    expect(block.transactions).toContain(d.revertTxHash);
    expect((await result(node, 'eth_getTransactionReceipt', [d.revertTxHash])).status).toBe('0x0');
    expect(await result(node, 'eth_call', [d.call, d.callBlock])).toBe('0x' + word(1n));
    expect(
      (
        await call(node, 'debug_traceCall', [
          d.call,
          d.callBlock,
          { tracer: '{result: function(ctx) { return ctx.type; }, fault: function() {}}' },
        ])
      ).result,
    ).toBe('CALL');
  });
});
