import { paramsBlock } from '@ethereumjs/block';
import { Hardfork, Mainnet, createCustomCommon } from '@ethereumjs/common';
import type { Common } from '@ethereumjs/common';
import type { FixtureChainConfig } from '../../core/fixture/fixtureTypes.ts';

type BlockKey = keyof FixtureChainConfig;

// Block-numbered forks in order. Spurious Dragon follows eip158Block (state clearing, code size limit): that is
// what changes execution; EIP-155 only concerns signatures, which @ethereumjs checks per transaction.
const blockForks: [Hardfork, BlockKey][] = [
  [Hardfork.Homestead, 'homesteadBlock'],
  [Hardfork.TangerineWhistle, 'eip150Block'],
  [Hardfork.SpuriousDragon, 'eip158Block'],
  [Hardfork.Byzantium, 'byzantiumBlock'],
  [Hardfork.Constantinople, 'constantinopleBlock'],
  [Hardfork.Petersburg, 'petersburgBlock'],
  [Hardfork.Istanbul, 'istanbulBlock'],
  [Hardfork.MuirGlacier, 'muirGlacierBlock'],
  [Hardfork.Berlin, 'berlinBlock'],
  [Hardfork.London, 'londonBlock'],
  [Hardfork.ArrowGlacier, 'arrowGlacierBlock'],
  [Hardfork.GrayGlacier, 'grayGlacierBlock'],
];

const timeForks: [Hardfork, BlockKey][] = [
  [Hardfork.Shanghai, 'shanghaiTime'],
  [Hardfork.Cancun, 'cancunTime'],
  [Hardfork.Prague, 'pragueTime'],
  [Hardfork.Osaka, 'osakaTime'],
];

const unavailable = (): never => {
  throw new Error(
    'KZG is not available in the embedded node (blob sidecars are not needed to replay a mined tx)',
  );
};

/** A KZG stand-in: @ethereumjs requires one to decode any blob tx, even without sidecars; only sidecar checks use it. */
export const noKzg = {
  blobToKzgCommitment: unavailable,
  computeBlobProof: unavailable,
  verifyProof: unavailable,
  verifyBlobProofBatch: unavailable,
  computeCells: unavailable,
  computeCellsAndProofs: unavailable,
  recoverCellsAndProofs: unavailable,
  verifyCellKzgProofBatch: unavailable,
};

/** True when geth's harness treats the chain as merged (it sets Random only for terminalTotalDifficulty 0). */
export function isMerged(config: FixtureChainConfig): boolean {
  return config.terminalTotalDifficulty === 0n;
}

/**
 * The newest fork active at (number, timestamp) under geth's rules: a fork is active when its block/time is set
 * and reached; an absent petersburgBlock means Petersburg comes with Constantinople; time forks need the merge.
 */
export function hardforkAt(config: FixtureChainConfig, number: bigint, timestamp: bigint): Hardfork {
  let fork: Hardfork = Hardfork.Chainstart;
  for (const [name, key] of blockForks) {
    const at =
      key === 'petersburgBlock' ? (config.petersburgBlock ?? config.constantinopleBlock) : config[key];
    if (at !== undefined && at <= number) fork = name;
  }
  if (!isMerged(config)) return fork;
  fork = Hardfork.Paris;
  for (const [name, key] of timeForks) {
    const at = config[key];
    if (at !== undefined && at <= timestamp) fork = name;
  }
  return fork;
}

/**
 * A Common for one block of a fixture chain: the fork active there, the fixture's chain id. Built directly (not with
 * createCommonFromGethGenesis), so configs with eip155Block ≠ eip158Block load too.
 */
export function createFixtureCommon(config: FixtureChainConfig, number: bigint, timestamp: bigint): Common {
  return createCustomCommon({ chainId: Number(config.chainId), name: `fixture-${config.chainId}` }, Mainnet, {
    hardfork: hardforkAt(config, number, timestamp),
    params: paramsBlock,
    customCrypto: { kzg: noKzg },
  });
}
