import type { GenesisAlloc } from '../state/createSyncStateManager.ts';

/** geth's chain config fields the replay uses (fork blocks/times; keys normalized to geth's spelling). */
export interface FixtureChainConfig {
  chainId: bigint;
  homesteadBlock?: bigint;
  eip150Block?: bigint;
  eip155Block?: bigint;
  eip158Block?: bigint;
  byzantiumBlock?: bigint;
  constantinopleBlock?: bigint;
  petersburgBlock?: bigint;
  istanbulBlock?: bigint;
  muirGlacierBlock?: bigint;
  berlinBlock?: bigint;
  londonBlock?: bigint;
  arrowGlacierBlock?: bigint;
  grayGlacierBlock?: bigint;
  mergeNetsplitBlock?: bigint;
  shanghaiTime?: bigint;
  cancunTime?: bigint;
  pragueTime?: bigint;
  osakaTime?: bigint;
  terminalTotalDifficulty?: bigint;
}

/** A geth tracetest fixture (§11.2 of the reference), parsed: numbers as bigint, keys normalized. */
export interface Fixture {
  genesis: {
    config: FixtureChainConfig;
    alloc: GenesisAlloc;
    difficulty: bigint;
    gasLimit: bigint;
    number: bigint;
    timestamp: bigint;
    extraData: string;
    mixHash: string;
    baseFeePerGas?: bigint;
    excessBlobGas?: bigint;
    blobGasUsed?: bigint;
  };
  context: {
    number: bigint;
    difficulty: bigint;
    timestamp: bigint;
    gasLimit: bigint;
    miner: string;
    baseFeePerGas?: bigint;
  };
  /** The raw signed transaction (legacy RLP or typed envelope), 0x hex. */
  input: string;
  /** Passed to the tracer's setup when the caller gives none. */
  tracerConfig?: unknown;
  /** The expected tracer output (geth's), when the fixture has one. */
  result?: unknown;
}
