import { createBlockFromRLP } from '@ethereumjs/block';
import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { Log } from '@ethereumjs/evm';
import type { Chain, ChainBlock, MinedReceipt, MinedTx } from './chainTypes.ts';
import { createChain } from './createChain.ts';
import type { DemoChain, DemoContracts } from './buildDemoChain.ts';
import { demoGenesisSpec } from './buildDemoChain.ts';
import { demoAccounts } from './demoAccounts.ts';
import { type Hex, toData, toQuantity } from './hex.ts';
import { SyncStateManager } from '../state/createSyncStateManager.ts';
import type { StateDump } from '../state/createSyncStateManager.ts';

/** A mined transaction's receipt and sender, as plain data (the transaction itself is in its block's RLP). */
interface TxRow {
  hash: Hex;
  from: Hex;
  status: 0 | 1;
  gasUsed: Hex;
  cumulativeGasUsed: Hex;
  logs: [Hex, Hex[], Hex][];
  logsBloom: Hex;
  contractAddress?: Hex;
  effectiveGasPrice: Hex;
}

/**
 * The demo chain as plain data (JSON): each block's RLP, its transactions' senders and receipts and the state after
 * it. The CLI's build writes it once (scripts/build-cli.mjs), so `tracer serve` and its trace processes start from it
 * instead of executing the demo blocks on every start.
 */
export interface DemoChainSnapshot {
  blocks: { hash: Hex; rlp: Hex; txs: TxRow[]; state: StateDump }[];
  contracts: Record<keyof DemoContracts, Hex>;
  probeTxHash: string;
  revertTxHash: string;
}

function restoreState(dump: StateDump, common: Chain['common']): SyncStateManager {
  const state = new SyncStateManager({ common });
  state.loadDump(dump);
  return state;
}

function txRow(t: MinedTx): TxRow {
  const r = t.receipt;
  return {
    hash: t.hash,
    from: toData(t.from.bytes),
    status: r.status,
    gasUsed: toQuantity(r.gasUsed),
    cumulativeGasUsed: toQuantity(r.cumulativeGasUsed),
    logs: r.logs.map(([address, topics, data]) => [toData(address), topics.map(toData), toData(data)]),
    logsBloom: toData(r.logsBloom),
    ...(r.contractAddress ? { contractAddress: toData(r.contractAddress.bytes) } : {}),
    effectiveGasPrice: toQuantity(r.effectiveGasPrice),
  };
}

function receiptOf(row: TxRow): MinedReceipt {
  return {
    status: row.status,
    gasUsed: BigInt(row.gasUsed),
    cumulativeGasUsed: BigInt(row.cumulativeGasUsed),
    logs: row.logs.map(([a, topics, data]): Log => [
      hexToBytes(a),
      topics.map((t) => hexToBytes(t)),
      hexToBytes(data),
    ]),
    logsBloom: hexToBytes(row.logsBloom),
    contractAddress: row.contractAddress ? createAddressFromString(row.contractAddress) : undefined,
    effectiveGasPrice: BigInt(row.effectiveGasPrice),
  };
}

/** `demo` as plain data (see {@link DemoChainSnapshot}). */
export function snapshotDemoChain(demo: DemoChain): DemoChainSnapshot {
  const contracts = Object.fromEntries(
    Object.entries(demo.contracts).map(([name, address]) => [name, toData(address.bytes)]),
  ) as DemoChainSnapshot['contracts'];
  return {
    blocks: demo.chain.blocks.map((b) => ({
      hash: b.hash,
      rlp: toData(b.block.serialize()),
      txs: b.txs.map(txRow),
      state: b.stateAfter.dumpSync(),
    })),
    contracts,
    probeTxHash: demo.probeTxHash,
    revertTxHash: demo.revertTxHash,
  };
}

/** The demo chain a {@link snapshotDemoChain} describes, with no transaction executed and no signature recovered. */
export async function restoreDemoChain(snapshot: DemoChainSnapshot): Promise<DemoChain> {
  const spec = demoGenesisSpec();
  const publicKeys = new Map(Object.values(demoAccounts).map((a) => [a.address.toString(), a.publicKey]));
  const blocks = snapshot.blocks.map((b): ChainBlock => {
    const block = createBlockFromRLP(hexToBytes(b.rlp), { common: spec.common });
    // Hashes and senders go where the (frozen) block and transactions keep what they compute on first use: a cold
    // keccak costs about a millisecond at start-up, a sender's recovery far more. The build's test checks them.
    (block.header as unknown as { cache: { hash?: Uint8Array } }).cache.hash = hexToBytes(b.hash);
    const txs = block.transactions.map((tx, index): MinedTx => {
      const row = b.txs[index];
      tx.cache.hash = hexToBytes(row.hash);
      tx.cache.senderPubKey = publicKeys.get(row.from);
      return {
        tx,
        hash: row.hash,
        from: createAddressFromString(row.from),
        blockNumber: block.header.number,
        blockHash: b.hash,
        index,
        receipt: receiptOf(row),
      };
    });
    return {
      block,
      hash: b.hash,
      number: block.header.number,
      txs,
      stateAfter: restoreState(b.state, spec.common),
    };
  });
  const chain = await createChain({ ...spec, state: blocks[0].stateAfter }, blocks);
  const contracts = Object.fromEntries(
    Object.entries(snapshot.contracts).map(([name, address]) => [name, createAddressFromString(address)]),
  ) as unknown as DemoContracts;
  return { chain, contracts, probeTxHash: snapshot.probeTxHash, revertTxHash: snapshot.revertTxHash };
}
