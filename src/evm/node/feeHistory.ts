import type { Chain, ChainBlock } from './chainTypes.ts';
import { toQuantity } from './hex.ts';
import type { Hex } from './hex.ts';
import { findBlock } from './nodeContext.ts';
import { decodeBlockNumber } from './params.ts';
import { invalidArgument, serverError } from './rpcError.ts';

/**
 * geth's eth_feeHistory result (internal/ethapi feeHistoryResult): the blob fields are there for every chain (zeros
 * before Cancun), `reward` only with percentiles; no blocks: just oldestBlock 0x0 and gasUsedRatio null.
 */
export interface FeeHistory {
  oldestBlock: Hex;
  reward?: Hex[][];
  baseFeePerGas?: Hex[];
  gasUsedRatio: number[] | null;
  baseFeePerBlobGas?: Hex[];
  blobGasUsedRatio?: number[];
}

/** geth's default --rpc.feehistory limits: 1024 blocks, 100 percentiles. */
const maxBlocks = 1024n;
const maxPercentiles = 100;

/** geth's math.HexOrDecimal64 (a JSON number, or a string in hex or decimal). */
function decodeBlockCount(value: unknown): bigint {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  if (text !== undefined && /^(0[xX][0-9a-fA-F]+|[0-9]+)$/.test(text)) {
    const n = BigInt(text);
    if (n < 1n << 64n) return n;
  }
  throw invalidArgument(0, `invalid hex or decimal integer ${JSON.stringify(text ?? JSON.stringify(value))}`);
}

/** geth's []float64 of reward percentiles (absent or null: none). */
function decodePercentiles(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw invalidArgument(2, 'json: cannot unmarshal non-array into Go value of type []float64');
  return value.map((p) => {
    if (typeof p !== 'number')
      throw invalidArgument(2, `json: cannot unmarshal ${typeof p} into Go value of type float64`);
    return p;
  });
}

/** Go's %f: six decimals. */
const goFloat = (p: number) => p.toFixed(6);

/**
 * geth's eth_feeHistory (eth/gasprice Oracle.FeeHistory): for `count` blocks up to `newest`, each block's base fee
 * (plus the next block's), gas used ratio, blob base fee and blob gas used ratio, and the effective tips at the
 * given gas-weighted percentiles.
 */
export function feeHistory(chain: Chain, params: unknown[]): FeeHistory {
  let count = decodeBlockCount(params[0]);
  const newest = decodeBlockNumber(params[1], 1);
  const percentiles = decodePercentiles(params[2]);
  if (count < 1n) return { oldestBlock: '0x0', gasUsedRatio: null };
  if (count > maxBlocks) count = maxBlocks;
  if (percentiles.length > maxPercentiles)
    throw serverError(`invalid reward percentile: over the query limit ${maxPercentiles}`);
  percentiles.forEach((p, i) => {
    if (p < 0 || p > 100) throw serverError(`invalid reward percentile: ${goFloat(p)}`);
    if (i > 0 && p <= percentiles[i - 1]) {
      throw serverError(
        `invalid reward percentile: #${i - 1}:${goFloat(percentiles[i - 1])} >= #${i}:${goFloat(p)}`,
      );
    }
  });
  const head = chain.head().number;
  let last: bigint;
  if (newest.kind === 'number') {
    if (newest.number > head)
      throw serverError(`request beyond head block: requested ${newest.number}, head ${head}`);
    last = newest.number;
  } else {
    last = findBlock(chain, newest)!.number;
    // geth without a pending block (this node mines each transaction at once) ends at the head, one block fewer.
    if (newest.kind === 'tag' && newest.tag === 'pending') count -= 1n;
    if (count === 0n) return { oldestBlock: '0x0', gasUsedRatio: null };
  }
  const first = chain.blocks[0].number;
  if (count > last - first + 1n) count = last - first + 1n;
  const blocks: ChainBlock[] = [];
  for (let n = last - count + 1n; n <= last; n++) blocks.push(chain.blockByNumber(n)!);
  const common = chain.common;
  const baseFee: Hex[] = [];
  const blobFee: Hex[] = [];
  const gasUsedRatio: number[] = [];
  const blobGasUsedRatio: number[] = [];
  const reward: Hex[][] = [];
  for (const b of blocks) {
    const h = b.block.header;
    baseFee.push(toQuantity(h.baseFeePerGas ?? 0n));
    blobFee.push(toQuantity(h.excessBlobGas !== undefined ? h.getBlobGasPrice() : 0n));
    gasUsedRatio.push(Number(h.gasUsed) / Number(h.gasLimit));
    const maxBlobGas =
      h.blobGasUsed === undefined ? 0n : b.block.common.getBlobGasSchedule().maxBlobGasPerBlock;
    blobGasUsedRatio.push(maxBlobGas === 0n ? 0 : Number(h.blobGasUsed) / Number(maxBlobGas));
    if (percentiles.length) reward.push(rewardsOf(b, percentiles));
  }
  const lastHeader = blocks[blocks.length - 1].block.header;
  baseFee.push(toQuantity(common.isActivatedEIP(1559) ? lastHeader.calcNextBaseFee() : 0n));
  blobFee.push(
    toQuantity(
      lastHeader.excessBlobGas !== undefined
        ? lastHeader.calcNextBlobGasPrice(blocks[blocks.length - 1].block.common)
        : 0n,
    ),
  );
  // geth's field order: oldestBlock, reward, baseFeePerGas, gasUsedRatio, baseFeePerBlobGas, blobGasUsedRatio.
  return {
    oldestBlock: toQuantity(blocks[0].number),
    ...(reward.length ? { reward } : {}),
    baseFeePerGas: baseFee,
    gasUsedRatio,
    baseFeePerBlobGas: blobFee,
    blobGasUsedRatio,
  };
}

/** The effective tips of a block's transactions at gas-weighted percentiles (all 0 in an empty block). */
function rewardsOf(b: ChainBlock, percentiles: number[]): Hex[] {
  if (b.txs.length === 0) return percentiles.map(() => '0x0');
  const baseFee = b.block.header.baseFeePerGas ?? 0n;
  const sorted = b.txs
    .map((t) => ({ reward: t.tx.getEffectivePriorityFee(baseFee), gasUsed: t.receipt.gasUsed }))
    .sort((x, y) => (x.reward < y.reward ? -1 : x.reward > y.reward ? 1 : 0));
  const gasUsed = Number(b.block.header.gasUsed);
  let index = 0;
  let sum = sorted[0].gasUsed;
  return percentiles.map((p) => {
    const threshold = BigInt(Math.floor((gasUsed * p) / 100));
    while (sum < threshold && index < sorted.length - 1) sum += sorted[++index].gasUsed;
    return toQuantity(sorted[index].reward);
  });
}
