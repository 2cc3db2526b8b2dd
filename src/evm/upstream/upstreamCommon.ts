import { paramsBlock } from '@ethereumjs/block';
import {
  type ChainConfig,
  Common,
  Hardfork,
  Holesky,
  Hoodi,
  Mainnet,
  Sepolia,
  createCustomCommon,
} from '@ethereumjs/common';
import { inferChainConfig } from '../../core/fixture/captureFixture.ts';
import type { FixtureChainConfig } from '../../core/fixture/fixtureTypes.ts';
import { createFixtureCommon, noKzg } from '../node/createFixtureCommon.ts';

/** Chains whose fork schedule (blocks and times, through Osaka and its blob-parameter forks) @ethereumjs carries. */
export const knownChains: ReadonlyMap<bigint, ChainConfig> = new Map([
  [1n, Mainnet],
  [11155111n, Sepolia],
  [17000n, Holesky],
  [560048n, Hoodi],
]);

/** Every fork name `--hardfork` takes. */
export const hardforkNames: readonly string[] = Object.values(Hardfork);

/** How the rules of a block were chosen (reported to the user). */
export interface UpstreamRules {
  common: Common;
  hardfork: string;
  /** `chain id N (name)`, `the header's shape`, or `--hardfork`. */
  source: string;
}

/**
 * The rules of an upstream block: `hardfork` when given; else the fork schedule of a known chain id (mainnet,
 * Sepolia, Holesky, Hoodi) at the block's number and timestamp; else the forks the header's fields show (baseFee →
 * London … requestsHash → Prague, as `tracer capture` infers them).
 */
export function upstreamCommon(
  chainId: bigint,
  header: Record<string, unknown>,
  hardfork?: string,
): UpstreamRules {
  if (hardfork !== undefined && !hardforkNames.includes(hardfork))
    throw new Error(`unknown hardfork ${JSON.stringify(hardfork)} (known: ${hardforkNames.join(', ')})`);
  const number = BigInt(header.number as string);
  const timestamp = BigInt(header.timestamp as string);
  const known = knownChains.get(chainId);
  if (known) {
    const common = new Common({ chain: known, params: paramsBlock, customCrypto: { kzg: noKzg } });
    const fork = hardfork ?? common.getHardforkBy({ blockNumber: number, timestamp });
    common.setHardfork(fork);
    return {
      common,
      hardfork: fork,
      source: hardfork ? '--hardfork' : `chain id ${chainId} (${known.name})`,
    };
  }
  if (hardfork !== undefined) {
    const common = createCustomCommon({ chainId: Number(chainId), name: `upstream-${chainId}` }, Mainnet, {
      hardfork,
      params: paramsBlock,
      customCrypto: { kzg: noKzg },
    });
    return { common, hardfork, source: '--hardfork' };
  }
  const inferred = inferChainConfig(chainId, header);
  const config = Object.fromEntries(
    Object.entries(inferred).map(([k, v]) => [k, BigInt(v as number)]),
  ) as unknown as FixtureChainConfig;
  const common = createFixtureCommon(config, number, timestamp);
  return { common, hardfork: common.hardfork(), source: "the header's shape" };
}
