import type { HeaderData } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';

type Hex = `0x${string}`;

/**
 * The traced block's header from the upstream's `eth_getBlockBy*` answer: number, timestamp, gas limit, coinbase,
 * difficulty, prevrandao (mixHash), and the fields of the forks `common` runs (baseFee, blob gas, beacon root),
 * so that NUMBER, TIMESTAMP, BASEFEE, BLOBBASEFEE, COINBASE, GASLIMIT, PREVRANDAO/DIFFICULTY read the real values.
 */
export function upstreamBlockHeader(block: Record<string, unknown>, common: Common): HeaderData {
  const hex = (k: string) => block[k] as Hex | undefined;
  const header: HeaderData = {
    parentHash: hex('parentHash'),
    number: hex('number'),
    timestamp: hex('timestamp'),
    gasLimit: hex('gasLimit'),
    gasUsed: hex('gasUsed'),
    coinbase: hex('miner'),
    difficulty: common.gteHardfork('paris') ? 0n : (hex('difficulty') ?? 0n),
    mixHash: hex('mixHash'),
    extraData: (hex('extraData')?.length ?? 0) <= 66 ? hex('extraData') : '0x',
  };
  if (common.isActivatedEIP(1559)) header.baseFeePerGas = hex('baseFeePerGas') ?? 0n;
  if (common.isActivatedEIP(4844)) {
    header.excessBlobGas = hex('excessBlobGas') ?? 0n;
    header.blobGasUsed = hex('blobGasUsed') ?? 0n;
  }
  if (common.isActivatedEIP(4788))
    header.parentBeaconBlockRoot = hex('parentBeaconBlockRoot') ?? `0x${'0'.repeat(64)}`;
  return header;
}
