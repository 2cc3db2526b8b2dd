import { bytesToHex } from '@ethereumjs/util';
import type { ChainBlock } from './chainTypes.ts';
import { toQuantity } from './hex.ts';

/**
 * A block header as geth's types.Header marshals it (what `eth_subscribe('newHeads')` sends): its field order, the
 * fields a fork has not introduced as null, and the block hash last.
 */
export function formatHeader(entry: ChainBlock): Record<string, unknown> {
  const h = entry.block.header;
  const bytes = (v: Uint8Array | undefined) => (v === undefined ? null : bytesToHex(v));
  const quantity = (v: bigint | undefined) => (v === undefined ? null : toQuantity(v));
  return {
    parentHash: bytesToHex(h.parentHash),
    sha3Uncles: bytesToHex(h.uncleHash),
    miner: h.coinbase.toString(),
    stateRoot: bytesToHex(h.stateRoot),
    transactionsRoot: bytesToHex(h.transactionsTrie),
    receiptsRoot: bytesToHex(h.receiptTrie),
    logsBloom: bytesToHex(h.logsBloom),
    difficulty: toQuantity(h.difficulty),
    number: toQuantity(h.number),
    gasLimit: toQuantity(h.gasLimit),
    gasUsed: toQuantity(h.gasUsed),
    timestamp: toQuantity(h.timestamp),
    extraData: bytesToHex(h.extraData),
    mixHash: bytesToHex(h.mixHash),
    nonce: bytesToHex(h.nonce),
    baseFeePerGas: quantity(h.baseFeePerGas),
    withdrawalsRoot: bytes(h.withdrawalsRoot),
    blobGasUsed: quantity(h.blobGasUsed),
    excessBlobGas: quantity(h.excessBlobGas),
    parentBeaconBlockRoot: bytes(h.parentBeaconBlockRoot),
    requestsHash: bytes(h.requestsHash),
    // Fields of forks the embedded node does not run (EIP-7928 access lists, slot numbers).
    blockAccessListHash: null,
    slotNumber: null,
    hash: entry.hash,
  };
}
