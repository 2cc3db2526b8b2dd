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
  /** `chain id N (name)`, `chain id N (name) by timestamp alone (…)`, `the header's shape…`, or `--hardfork`. */
  source: string;
}

// The header fields a fork introduced: a block of that fork or a later one has the field, an earlier one has not.
const headerFields: readonly [field: string, fork: Hardfork, has: (v: unknown) => boolean][] = [
  ['baseFeePerGas', Hardfork.London, (v) => v !== undefined && v !== null],
  ['difficulty', Hardfork.Paris, (v) => v === '0x0'],
  ['withdrawalsRoot', Hardfork.Shanghai, (v) => v !== undefined && v !== null],
  ['excessBlobGas', Hardfork.Cancun, (v) => v !== undefined && v !== null],
  ['requestsHash', Hardfork.Prague, (v) => v !== undefined && v !== null],
];

/**
 * Where the fork `common` runs and the header's fields disagree (the header has a field of a later fork, or lacks one
 * of the fork's), in words; undefined when they agree. An absent difficulty says nothing.
 */
export function headerMismatch(common: Common, header: Record<string, unknown>): string | undefined {
  for (const [field, fork, has] of headerFields) {
    if (field === 'difficulty' && typeof header.difficulty !== 'string') continue;
    const active = common.gteHardfork(fork);
    const present = has(header[field]);
    if (active && !present)
      return field === 'difficulty'
        ? `its difficulty is ${String(header.difficulty)} (not merged), but ${common.hardfork()} comes after the merge`
        : `its header has no ${field}, which ${common.hardfork()} blocks have (since ${fork})`;
    if (!active && present)
      return field === 'difficulty'
        ? `its difficulty is 0 (merged), but ${common.hardfork()} comes before the merge`
        : `its header has ${field}, which only ${fork} and later blocks have, not ${common.hardfork()}`;
  }
  return undefined;
}

function knownChainCommon(chain: ChainConfig, fork?: string): Common {
  const common = new Common({ chain, params: paramsBlock, customCrypto: { kzg: noKzg } });
  if (fork !== undefined) common.setHardfork(fork);
  return common;
}

/**
 * The rules of a block of a known chain by its fork schedule: by number and timestamp when the header fits that
 * fork; else, for a merged header, by timestamp alone (a local chain that took the chain's id, anvil `--chain-id 1`:
 * its small block numbers are not the chain's, its timestamps are); else an Error saying so (never other rules).
 */
function scheduledRules(chainId: bigint, chain: ChainConfig, header: Record<string, unknown>): UpstreamRules {
  const number = BigInt(header.number as string);
  const timestamp = BigInt(header.timestamp as string);
  const name = `chain id ${chainId} (${chain.name})`;
  const common = knownChainCommon(chain);
  let why: string | undefined;
  try {
    common.setHardfork(common.getHardforkBy({ blockNumber: number, timestamp }));
    why = headerMismatch(common, header);
    if (why === undefined) return { common, hardfork: common.hardfork(), source: name };
  } catch {
    why = `block ${number} and timestamp ${timestamp} are not both on ${chain.name}'s schedule`;
  }
  if (header.difficulty === '0x0') {
    // Every block-numbered fork lies before the merge: past them all, the timestamp alone picks the fork.
    const byTime = knownChainCommon(chain, common.getHardforkBy({ blockNumber: 1n << 62n, timestamp }));
    if (headerMismatch(byTime, header) === undefined)
      return {
        common: byTime,
        hardfork: byTime.hardfork(),
        source: `${name} by timestamp alone (block ${number} is not ${chain.name}'s: ${why}; --hardfork overrides)`,
      };
  }
  throw new Error(
    `block ${number} (timestamp ${timestamp}) of ${name} does not follow ${chain.name}'s fork schedule: ${why}; ` +
      `its rules are unknown here: give --hardfork NAME`,
  );
}

/** P-256 verification's precompile (EIP-7951), which Osaka adds. */
const p256Verify = '0x0000000000000000000000000000000000000100';

/**
 * Whether the node's own EIP-7910 `eth_config` answer says a Prague-shaped block at `timestamp` runs Osaka: its
 * current (or, once that starts later, last) fork has the P-256 precompile and began at or before the block. The
 * source text to report, or undefined (no answer, no such fork, or a fork that began after the block).
 */
function osakaByNodeConfig(nodeConfig: unknown, timestamp: bigint): string | undefined {
  if (!nodeConfig || typeof nodeConfig !== 'object') return undefined;
  const { current, last } = nodeConfig as Record<string, unknown>;
  for (const fork of [current, last]) {
    if (!fork || typeof fork !== 'object') continue;
    const { activationTime, precompiles } = fork as { activationTime?: unknown; precompiles?: unknown };
    if (typeof activationTime !== 'number' || BigInt(activationTime) > timestamp) continue;
    if (!precompiles || typeof precompiles !== 'object') continue;
    const addresses = Object.values(precompiles).map((a) => String(a).toLowerCase());
    if (addresses.includes(p256Verify))
      return "the node's eth_config (its fork since that block has Osaka's P-256 precompile)";
  }
  return undefined;
}

/**
 * The rules of an upstream block: `hardfork` when given; else the fork schedule of a known chain id (mainnet,
 * Sepolia, Holesky, Hoodi) at the block's number and timestamp, checked against the header's fields (see
 * scheduledRules); else the forks the header's fields show (baseFee → London … requestsHash → Prague, as
 * `tracer capture` infers them: no header field shows Osaka, so a Prague-shaped block runs Osaka when the node's own
 * EIP-7910 `eth_config` answer (`nodeConfig`) says its fork since that block has Osaka's P-256 precompile, else
 * Prague, said so; `--hardfork osaka` overrides).
 */
export function upstreamCommon(
  chainId: bigint,
  header: Record<string, unknown>,
  hardfork?: string,
  nodeConfig?: unknown,
): UpstreamRules {
  if (hardfork !== undefined && !hardforkNames.includes(hardfork))
    throw new Error(`unknown hardfork ${JSON.stringify(hardfork)} (known: ${hardforkNames.join(', ')})`);
  const known = knownChains.get(chainId);
  if (known && hardfork !== undefined)
    return { common: knownChainCommon(known, hardfork), hardfork, source: '--hardfork' };
  if (known) return scheduledRules(chainId, known, header);
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
  const common = createFixtureCommon(
    config,
    BigInt(header.number as string),
    BigInt(header.timestamp as string),
  );
  if (common.hardfork() === Hardfork.Prague) {
    const osaka = osakaByNodeConfig(nodeConfig, BigInt(header.timestamp as string));
    if (osaka) {
      const byConfig = createCustomCommon(
        { chainId: Number(chainId), name: `upstream-${chainId}` },
        Mainnet,
        {
          hardfork: Hardfork.Osaka,
          params: paramsBlock,
          customCrypto: { kzg: noKzg },
        },
      );
      return { common: byConfig, hardfork: Hardfork.Osaka, source: osaka };
    }
  }
  const newest = common.hardfork() === Hardfork.Prague ? ', which cannot tell Osaka from Prague' : '';
  return { common, hardfork: common.hardfork(), source: `the header's shape${newest}` };
}
