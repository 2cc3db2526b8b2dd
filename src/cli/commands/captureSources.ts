import { Hardfork } from '@ethereumjs/common';
import { createTxFromRPC } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { TraceRun } from '../../evm/host/traceTypes.ts';
import { runPrestateTracer } from '../../evm/node/prestateTracer.ts';
import { SpeculativeStateManager } from '../../evm/upstream/SpeculativeStateManager.ts';
import { type UpstreamReader, traceUpstreamTx } from '../../evm/upstream/traceUpstreamTx.ts';
import { type UpstreamRules, knownChains, upstreamCommon } from '../../evm/upstream/upstreamCommon.ts';
import {
  type CaptureSources,
  type ComputedPrestate,
  inferChainConfig,
} from '../../core/fixture/captureFixture.ts';

type Obj = Record<string, unknown>;

// The fixture chain config keys of each fork, in order (geth's names; Spurious Dragon carries EIP-155 and EIP-158).
const forkKeys: readonly [Hardfork, readonly string[]][] = [
  [Hardfork.Homestead, ['homesteadBlock']],
  [Hardfork.TangerineWhistle, ['eip150Block']],
  [Hardfork.SpuriousDragon, ['eip155Block', 'eip158Block']],
  [Hardfork.Byzantium, ['byzantiumBlock']],
  [Hardfork.Constantinople, ['constantinopleBlock']],
  [Hardfork.Petersburg, ['petersburgBlock']],
  [Hardfork.Istanbul, ['istanbulBlock']],
  [Hardfork.MuirGlacier, ['muirGlacierBlock']],
  [Hardfork.Berlin, ['berlinBlock']],
  [Hardfork.London, ['londonBlock']],
  [Hardfork.ArrowGlacier, ['arrowGlacierBlock']],
  [Hardfork.GrayGlacier, ['grayGlacierBlock']],
  [Hardfork.Paris, ['terminalTotalDifficulty']],
  [Hardfork.Shanghai, ['shanghaiTime']],
  [Hardfork.Cancun, ['cancunTime']],
  [Hardfork.Prague, ['pragueTime']],
  [Hardfork.Osaka, ['osakaTime']],
];

/**
 * A fixture chain config that runs `rules`' fork from genesis: every fork up to it at block or time 0, none after. A
 * fixture has no blob-parameter forks: a bpo block's fixture runs Osaka (see {@link fixtureRulesNote}).
 */
export function chainConfigOfRules(chainId: bigint, rules: UpstreamRules): Record<string, unknown> {
  const c: Record<string, unknown> = { chainId: Number(chainId) };
  for (const [fork, keys] of forkKeys) if (rules.common.gteHardfork(fork)) for (const k of keys) c[k] = 0;
  return c;
}

/** What a fixture of a block under `rules` cannot carry, as a clause for the capture line; '' when nothing. */
export function fixtureRulesNote(rules: UpstreamRules): string {
  return /^bpo\d+$/.test(rules.hardfork)
    ? `; the fixture runs Osaka's blob parameters, not ${rules.hardfork}'s (a fixture config has no blob schedule): BLOBBASEFEE and blob fees differ`
    : '';
}

/**
 * The transaction's pre-state from standard methods: traceUpstreamTx (the block's earlier transactions, then this
 * one, on state fetched at the parent block) with the embedded node's prestateTracer as the trace.
 *
 * It runs in this process, not in a trace process (`replay --endpoint` isolates its tracer there): no tracer code
 * runs here, only the upstream's EVM bytecode inside @ethereumjs's interpreter, which reaches no file, network or
 * process; the work is bounded by the transactions' gas, as for any client that re-executes the block, and the
 * state comes from the node the user chose, as the node's own prestateTracer answer would. A hostile node can at
 * worst make the command slow, as it can by answering slowly. (The trace process has no message for a capture: see
 * ToTraceChild.)
 */
export async function computePrestate(up: UpstreamReader, txHash: string): Promise<ComputedPrestate> {
  const methods = new Set<string>();
  const counted: UpstreamReader = {
    call: (method, params) => (methods.add(method), up.call(method, params)),
    batch: (calls) => (calls.forEach((c) => methods.add(c.method)), up.batch(calls)),
  };
  const report = await traceUpstreamTx(counted, {
    txHash,
    trace: async (run: TraceRun) => {
      const live = run.vm.stateManager;
      if (!(live instanceof SpeculativeStateManager))
        throw new Error('the upstream trace gave no speculative state to read the pre-state from');
      // The state before the transaction: what the block's earlier transactions left, over the upstream's answers
      // at the parent block; what it reads that was never fetched counts as the run's misses (traceUpstreamTx then
      // fetches it and runs again), so the pre-state never holds a value that is not the upstream's.
      return runPrestateTracer(run, live.copy(), {});
    },
  });
  // The state methods sent (the transaction, its blocks and the chain id are asked by every capture).
  const stateMethods = [...methods].filter((m) =>
    /^eth_(getBalance|getTransactionCount|getCode|getStorageAt|getProof)$/.test(m),
  );
  return {
    prestate: report.result as Obj,
    from: `standard methods (${stateMethods.join(', ') || 'none'}) at block ${report.blockNumber - 1n}`,
    cost: `${report.accounts} accounts and ${report.slots} slots fetched in ${report.stateFetches} round trips, ${report.runs} runs`,
  };
}

/** The signed transaction rebuilt from its `eth_getTransactionByHash` object, checked against its hash. */
export async function rebuildRawTx(t: Obj, rules: UpstreamRules): Promise<string> {
  let raw: string;
  let hash: string;
  try {
    const tx = await createTxFromRPC(t as never, { common: rules.common });
    raw = bytesToHex(tx.serialize());
    hash = bytesToHex(tx.hash());
  } catch (e) {
    throw new Error(
      `rebuilding it from eth_getTransactionByHash failed (type ${String(t.type)}: ${(e as Error).message.split('\n')[0]})`,
      { cause: e },
    );
  }
  if (hash !== String(t.hash).toLowerCase())
    throw new Error(
      `the transaction rebuilt from eth_getTransactionByHash hashes to ${hash}, not ${String(t.hash)} (type ${String(t.type)} is not one this EVM knows)`,
    );
  return raw;
}

/**
 * The command line's {@link CaptureSources} over an upstream reader: the pre-state from standard methods, the raw
 * transaction rebuilt, and the chain config of the block's rules (a known chain's fork schedule, else the header's
 * shape, as `replay --endpoint` chooses them). `rules()` gives the rules of the last block asked about.
 */
export function createCaptureSources(
  up: UpstreamReader,
): CaptureSources & { rules(): UpstreamRules | undefined } {
  let last: UpstreamRules | undefined;
  const rulesOf = (chainId: bigint, block: Obj) => {
    try {
      return (last = upstreamCommon(chainId, block));
    } catch (e) {
      // capture takes no --hardfork: replay --endpoint does.
      throw new Error(
        (e as Error).message.replace(
          /give --hardfork NAME$/,
          'capture cannot choose the forks of its fixture; trace it with tracer replay --endpoint URL --tx HASH --hardfork NAME',
        ),
        { cause: e },
      );
    }
  };
  return {
    computePrestate: (txHash) => computePrestate(up, txHash),
    rebuildRaw: (t, chainId, block) => rebuildRawTx(t, rulesOf(chainId, block)),
    chainConfig: (chainId, block) => {
      const rules = rulesOf(chainId, block);
      return knownChains.has(chainId) ? chainConfigOfRules(chainId, rules) : inferChainConfig(chainId, block);
    },
    rules: () => last,
  };
}
