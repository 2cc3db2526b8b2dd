import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { ChainBlock, MinedTx } from './chainTypes.ts';
import { toQuantity } from './hex.ts';

type Json = Record<string, unknown>;

/** A block as geth's eth_getBlockBy* returns it (`full` = transaction objects instead of hashes). */
export function formatBlock(entry: ChainBlock, full: boolean): Json {
  const h = entry.block.header;
  return {
    baseFeePerGas: h.baseFeePerGas === undefined ? undefined : toQuantity(h.baseFeePerGas),
    blobGasUsed: toQuantity(h.blobGasUsed ?? 0n),
    difficulty: toQuantity(h.difficulty),
    excessBlobGas: toQuantity(h.excessBlobGas ?? 0n),
    extraData: bytesToHex(h.extraData),
    gasLimit: toQuantity(h.gasLimit),
    gasUsed: toQuantity(h.gasUsed),
    hash: entry.hash,
    logsBloom: bytesToHex(h.logsBloom),
    miner: h.coinbase.toString(),
    mixHash: bytesToHex(h.mixHash),
    nonce: bytesToHex(h.nonce),
    number: toQuantity(h.number),
    parentBeaconBlockRoot: h.parentBeaconBlockRoot && bytesToHex(h.parentBeaconBlockRoot),
    parentHash: bytesToHex(h.parentHash),
    receiptsRoot: bytesToHex(h.receiptTrie),
    requestsHash: h.requestsHash && bytesToHex(h.requestsHash),
    sha3Uncles: bytesToHex(h.uncleHash),
    size: toQuantity(entry.block.serialize().length),
    stateRoot: bytesToHex(h.stateRoot),
    timestamp: toQuantity(h.timestamp),
    transactions: entry.txs.map((t) => (full ? formatTx(t) : t.hash)),
    transactionsRoot: bytesToHex(h.transactionsTrie),
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: h.withdrawalsRoot && bytesToHex(h.withdrawalsRoot),
  };
}

/** The chain id a tx is bound to: typed txs always, legacy ones only when EIP-155 protected (v ≥ 35). */
function chainIdOf(tx: TypedTransaction): string | undefined {
  if (tx.type !== 0) return toQuantity(tx.common.chainId());
  const v = tx.v ?? 0n;
  return v >= 35n ? toQuantity((v - 35n) / 2n) : undefined;
}

/** Fields of a transaction that do not depend on its block (geth's RPCTransaction, without position). */
export function formatTxBody(tx: TypedTransaction): Json {
  const out: Json = {
    type: toQuantity(tx.type),
    chainId: chainIdOf(tx),
    nonce: toQuantity(tx.nonce),
    gas: toQuantity(tx.gasLimit),
    to: tx.to ? tx.to.toString() : null,
    value: toQuantity(tx.value),
    input: bytesToHex(tx.data),
  };
  if ('gasPrice' in tx) out.gasPrice = toQuantity(tx.gasPrice);
  if ('maxFeePerGas' in tx) {
    out.maxFeePerGas = toQuantity(tx.maxFeePerGas);
    out.maxPriorityFeePerGas = toQuantity(tx.maxPriorityFeePerGas);
  }
  if ('accessList' in tx) {
    out.accessList = tx.accessList.map(([address, keys]) => ({
      address: bytesToHex(address),
      storageKeys: keys.map((k) => bytesToHex(k)),
    }));
  }
  out.v = toQuantity(tx.v ?? 0n);
  out.r = toQuantity(tx.r ?? 0n);
  out.s = toQuantity(tx.s ?? 0n);
  if (tx.type !== 0) out.yParity = toQuantity(tx.v ?? 0n);
  return out;
}

/** A mined transaction as eth_getTransactionByHash returns it. */
export function formatTx(t: MinedTx): Json {
  return {
    blockHash: t.blockHash,
    blockNumber: toQuantity(t.blockNumber),
    from: t.from.toString(),
    hash: t.hash,
    transactionIndex: toQuantity(t.index),
    ...formatTxBody(t.tx),
    // geth reports the effective gas price of a mined dynamic-fee tx in gasPrice.
    gasPrice: toQuantity('gasPrice' in t.tx ? t.tx.gasPrice : t.receipt.effectiveGasPrice),
  };
}

/** A receipt as eth_getTransactionReceipt returns it; `logIndexBase` = logs of earlier txs in the block. */
export function formatReceipt(t: MinedTx, logIndexBase: number): Json {
  const r = t.receipt;
  return {
    blockHash: t.blockHash,
    blockNumber: toQuantity(t.blockNumber),
    contractAddress: r.contractAddress ? r.contractAddress.toString() : null,
    cumulativeGasUsed: toQuantity(r.cumulativeGasUsed),
    effectiveGasPrice: toQuantity(r.effectiveGasPrice),
    from: t.from.toString(),
    gasUsed: toQuantity(r.gasUsed),
    logs: r.logs.map(([address, topics, data], i) => ({
      address: bytesToHex(address),
      topics: topics.map((x) => bytesToHex(x)),
      data: bytesToHex(data),
      blockNumber: toQuantity(t.blockNumber),
      transactionHash: t.hash,
      transactionIndex: toQuantity(t.index),
      blockHash: t.blockHash,
      logIndex: toQuantity(logIndexBase + i),
      removed: false,
    })),
    logsBloom: bytesToHex(r.logsBloom),
    status: toQuantity(r.status),
    to: t.tx.to ? t.tx.to.toString() : null,
    transactionHash: t.hash,
    transactionIndex: toQuantity(t.index),
    type: toQuantity(t.tx.type),
  };
}
