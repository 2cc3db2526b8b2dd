import { createBlock, genTransactionsTrieRoot } from '@ethereumjs/block';
import type { Block, HeaderData } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, intToBytes } from '@ethereumjs/util';
import { createVM, encodeReceipt, runTx } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import type { Chain, ChainBlock, MinedTx, NextBlockOptions } from './chainTypes.ts';
import type { Hex } from './hex.ts';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import { stateRootOf } from '../state/stateTries.ts';

/** What the chain starts from. */
export interface GenesisSpec {
  common: Common;
  state: SyncStateManager;
  /** Genesis header fields; `number` may be non-zero (fixture chains start just before the traced block). */
  header: HeaderData;
  /** Seconds between blocks when the caller gives no timestamp. */
  blockTime: bigint;
}

/**
 * Creates a chain from its genesis (block 0, no transactions; its header gets the state root of `genesis.state`), or,
 * given `restored`, from those blocks as they are (genesis first: a restored snapshot). Each block's header carries
 * the root of the state trie after it, as a node's does, so eth_getProof's proofs check against it.
 */
export async function createChain(
  genesis: GenesisSpec,
  restored: readonly ChainBlock[] = [],
): Promise<Chain> {
  const { common } = genesis;
  const blocks: ChainBlock[] = [];
  const byHash = new Map<string, ChainBlock>();
  const txs = new Map<string, MinedTx>();
  const listeners = new Set<(block: ChainBlock) => void>();
  for (const entry of restored.length ? restored : [await genesisEntry(genesis)]) append(entry);
  const first = blocks[0].number;

  function append(entry: ChainBlock): ChainBlock {
    blocks.push(entry);
    byHash.set(entry.hash, entry);
    for (const t of entry.txs) txs.set(t.hash, t);
    return entry;
  }

  const blockchain: EVMMockBlockchainInterface = {
    // BLOCKHASH of a block the chain does not hold (before a fixture's genesis) reads as zero.
    getBlock: async (n: number) => {
      const b = blocks[n - Number(first)];
      return { hash: () => (b ? b.block.hash() : new Uint8Array(32)) };
    },
    putBlock: async () => {},
    shallowCopy() {
      return this;
    },
  };

  const chain: Chain = {
    common,
    blocks,
    head: () => blocks[blocks.length - 1],
    blockByNumber: (n) =>
      n >= first && n - first < BigInt(blocks.length) ? blocks[Number(n - first)] : undefined,
    blockByHash: (h) => byHash.get(h.toLowerCase()),
    txByHash: (h) => txs.get(h.toLowerCase()),
    stateAfter: (n) => blocks[Number(n - first)].stateAfter.copy(),
    createVm: (state) => createVM({ common: common.copy(), stateManager: state, blockchain }),
    mine: async (list, options) => {
      const mined = append(await mineBlock(chain, genesis, list, options));
      chain.nextTime.timestamp = undefined;
      chain.nextTime.shift = 0n;
      for (const listener of [...listeners]) listener(mined);
      return mined;
    },
    nextTime: { shift: 0n },
    onBlock: (listener) => {
      const own = (block: ChainBlock) => listener(block);
      listeners.add(own);
      return () => listeners.delete(own);
    },
    resetHead(head) {
      const keep = Number(head.number - first);
      for (const dropped of blocks.splice(keep)) {
        byHash.delete(dropped.hash);
        for (const t of dropped.txs) txs.delete(t.hash);
      }
      append(head);
    },
  };
  return chain;
}

/** The genesis block of `genesis`: no transactions, its header with the state root of `genesis.state`. */
async function genesisEntry(genesis: GenesisSpec): Promise<ChainBlock> {
  const block = createBlock(
    {
      header: { ...genesis.header, stateRoot: await stateRootOf(genesis.state) },
      ...withdrawalsFor(genesis.common),
    },
    { common: genesis.common },
  );
  return { block, hash: hex(block.hash()), number: block.header.number, txs: [], stateAfter: genesis.state };
}

/** `{withdrawals: []}` when EIP-4895 (Shanghai) is active, else nothing: older blocks must not carry the field. */
function withdrawalsFor(common: Common): { withdrawals?: [] } {
  return common.isActivatedEIP(4895) ? { withdrawals: [] } : {};
}

function hex(bytes: Uint8Array): Hex {
  return bytesToHex(bytes) as Hex;
}

/** Header of the block after the head: same gas limit, EIP-1559 base fee, deterministic prevRandao; fork-aware. */
function nextHeader(chain: Chain, genesis: GenesisSpec, options: NextBlockOptions = {}): HeaderData {
  const parent = chain.head().block;
  const number = parent.header.number + 1n;
  const c = chain.common;
  const header: HeaderData = {
    parentHash: parent.hash(),
    number,
    timestamp: chain.nextTime.timestamp ?? parent.header.timestamp + genesis.blockTime + chain.nextTime.shift,
    gasLimit: parent.header.gasLimit,
    coinbase: parent.header.coinbase,
    difficulty: 0n,
    extraData: parent.header.extraData,
    mixHash: keccak256(intToBytes(Number(number))),
  };
  if (c.isActivatedEIP(1559)) header.baseFeePerGas = parent.header.calcNextBaseFee();
  if (c.isActivatedEIP(4844)) {
    header.excessBlobGas = parent.header.calcNextExcessBlobGas(c);
    header.blobGasUsed = 0n;
  }
  if (c.isActivatedEIP(4788)) header.parentBeaconBlockRoot = new Uint8Array(32);
  return { ...header, ...options.header };
}

async function mineBlock(
  chain: Chain,
  genesis: GenesisSpec,
  list: TypedTransaction[],
  options?: NextBlockOptions,
): Promise<ChainBlock> {
  const common = chain.common;
  const headerData = nextHeader(chain, genesis, options);
  const draft = createBlock({ header: headerData }, { common });
  const state = chain.stateAfter(chain.head().number);
  const vm = await chain.createVm(state);
  const executed = await executeAll(vm, draft, list);
  const receiptTrie = new MerklePatriciaTrie();
  for (let i = 0; i < executed.length; i++) {
    await receiptTrie.put(RLP.encode(i), encodeReceipt(executed[i].result.receipt, list[i].type));
  }
  const bloom = new Uint8Array(256);
  for (const e of executed) e.result.bloom.bitvector.forEach((b, i) => (bloom[i] |= b));
  const block = createBlock(
    {
      header: {
        ...headerData,
        gasUsed: executed.reduce((sum, e) => sum + e.result.totalGasSpent, 0n),
        transactionsTrie: await genTransactionsTrieRoot(list),
        receiptTrie: receiptTrie.root(),
        logsBloom: bloom,
        stateRoot: await stateRootOf(state),
      },
      transactions: list,
      ...withdrawalsFor(common),
    },
    { common },
  );
  const hash = hex(block.hash());
  const baseFee = block.header.baseFeePerGas ?? 0n;
  const txs = executed.map(({ result }, index): MinedTx => {
    const tx = list[index];
    return {
      tx,
      hash: hex(tx.hash()),
      from: tx.getSenderAddress(),
      blockNumber: block.header.number,
      blockHash: hash,
      index,
      receipt: {
        status: 'status' in result.receipt ? result.receipt.status : 1,
        gasUsed: result.totalGasSpent,
        cumulativeGasUsed: result.receipt.cumulativeBlockGasUsed,
        logs: result.receipt.logs,
        logsBloom: result.receipt.bitvector,
        contractAddress: result.createdAddress,
        effectiveGasPrice: baseFee + tx.getEffectivePriorityFee(baseFee),
      },
    };
  });
  return { block, hash, number: block.header.number, txs, stateAfter: state };
}

async function executeAll(vm: VM, block: Block, list: TypedTransaction[]) {
  const out = [];
  let gasUsed = 0n;
  for (const tx of list) {
    const result = await runTx(vm, { tx, block, blockGasUsed: gasUsed });
    gasUsed += result.totalGasSpent;
    out.push({ result });
  }
  return out;
}
