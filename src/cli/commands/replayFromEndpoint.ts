import type { CliIo } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { type ParsedArgs, optionalOption, requireOption } from '../parseArgs.ts';
import { stripControl } from '../stripControl.ts';
import { locateTracerError, type TracerOrigin } from '../locateTracerError.ts';
import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { validateHash } from '../../core/rpc/methods/validateHex.ts';
import { hardforkNames } from '../../evm/upstream/upstreamCommon.ts';
import { runEndpointReplayInChild } from '../serve/runEndpointReplayInChild.ts';
import { createUpstreamClient } from '../../io/upstream/createUpstreamClient.ts';
import { readStateByNumber } from '../../io/upstream/readStateByNumber.ts';
import { createTransportFromArgs } from './send.ts';
import { printReplayDebug } from '../formatTraceDebug.ts';
import type { ReplayDebugFlags } from '../../evm/host/traceDebug.ts';

/** The tracer as read for `replay --endpoint`: its code and where errors map back to, or none (struct logger). */
export type EndpointTracer = { code: string; name: string; origin: TracerOrigin } | undefined;

/**
 * `tracer replay --endpoint URL --tx HASH [--tracer FILE] [--timeout D] [--memory-limit MB]`: traces a mined
 * transaction of any node with traceUpstreamTx (standard methods only) in a trace process of its own
 * (runEndpointReplayInChild: killed after its timeout, memory capped, as for `--fixture`). That process has no
 * network and no credentials; this one fetches the state it asks for, read-only methods only, through the upstream
 * client. Prints the result; exit 1 with one line for what the upstream lacks or the tracer's error.
 */
export async function replayFromEndpoint(
  parsed: ParsedArgs,
  io: CliIo,
  tracer: EndpointTracer,
  tracerConfig: unknown,
  memoryLimitMb: number | undefined,
  debug: ReplayDebugFlags = { console: false, profile: false },
): Promise<number> {
  const hash = validateHash(requireOption(parsed, 'tx'), '--tx');
  if (!hash.ok) throw new UsageError(hash.message);
  const hardfork = optionalOption(parsed, 'hardfork');
  if (hardfork !== undefined && !hardforkNames.includes(hardfork))
    throw new UsageError(
      `--hardfork must be one of ${hardforkNames.join(', ')}, not ${JSON.stringify(hardfork)}`,
    );
  const timeout = optionalOption(parsed, 'timeout');
  const endpoint = requireOption(parsed, 'endpoint');
  const transport = await createTransportFromArgs(parsed);
  const client = createUpstreamClient(transport, {
    label: maskEndpoint(endpoint),
    batches: /^https?:/i.test(endpoint),
  });
  const started = performance.now();
  try {
    const outcome = await runEndpointReplayInChild(
      {
        txHash: hash.value,
        hardfork,
        tracer: tracer?.code,
        tracerConfig,
        timeout,
        memoryLimitMb,
        debug: tracer ? debug : undefined,
      },
      // Nodes that refuse {blockHash} parameters (ganache) are asked by number, each answer checked against the hash.
      readStateByNumber(client),
    );
    // --console and --profile: the tracer's lines and the hooks' cost, before its result or error (formatTraceDebug).
    printReplayDebug(io.stderr, outcome.debug, debug, timeout);
    if (!outcome.ok) {
      io.stderr(`${outcome.tracerError ? '' : 'tracer replay: '}${stripControl(outcome.message)}\n`);
      const at =
        outcome.tracerError && tracer && locateTracerError(outcome.message, tracer.name, tracer.origin);
      if (at) io.stderr(`  at ${stripControl(at)}\n`);
      return 1;
    }
    io.stdout(stripControl(outcome.text) + '\n');
    if (parsed.options.stats === true) {
      const s = client.stats;
      const r = outcome.report;
      io.stderr(
        `block ${r.blockNumber} transaction #${r.txIndex}, ${r.hardfork} (from ${r.rulesFrom}), state from ${r.source}: ` +
          `${s.roundTrips} round trips (${s.httpRequests} requests, ${s.calls} calls${s.batchesRefused ? ', batches refused' : ''}), ` +
          `${r.stateFetches} state fetches, ${r.accounts} accounts, ${r.slots} slots, ${r.runs} runs, ` +
          `${Math.round(performance.now() - started)} ms\n`,
      );
    }
    return 0;
  } finally {
    transport.close?.();
  }
}
