import type { CliIo } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { type ParsedArgs, optionalOption, requireOption } from '../parseArgs.ts';
import { stripControl } from '../stripControl.ts';
import { locateTracerError, type TracerOrigin } from '../locateTracerError.ts';
import { maskEndpoint } from '../../core/rpc/maskEndpoint.ts';
import { validateHash } from '../../core/rpc/validateHex.ts';
import { UpstreamError } from '../../core/upstream/describeUpstreamFault.ts';
import { traceWithJsTracer, traceWithStructLogger } from '../../evm/host/traceTransaction.ts';
import { TracerError } from '../../evm/host/traceTypes.ts';
import { createVmRealm } from '../../evm/host/realm/createVmRealm.ts';
import { hardforkNames } from '../../evm/upstream/upstreamCommon.ts';
import { traceUpstreamTx } from '../../evm/upstream/traceUpstreamTx.ts';
import { createUpstreamClient } from '../../io/upstream/createUpstreamClient.ts';
import { createTransportFromArgs } from './send.ts';

/** The tracer as read for `replay --endpoint`: its code and where errors map back to, or none (struct logger). */
export type EndpointTracer = { code: string; name: string; origin: TracerOrigin } | undefined;

/**
 * `tracer replay --endpoint URL --tx HASH [--tracer FILE]`: traces a mined transaction of any node with
 * traceUpstreamTx (standard methods only), in this process, the tracer in a V8 context realm (createVmRealm, as
 * Node's trace processes use; QuickJS's single-file build does not load under plain Node). Unlike `--fixture`, the
 * trace is not in a killable child process yet: a tracer that aborts V8 ends this command. Prints the result; exit 1
 * with one line for what the upstream lacks or the tracer's error.
 */
export async function replayFromEndpoint(
  parsed: ParsedArgs,
  io: CliIo,
  tracer: EndpointTracer,
  tracerConfig: unknown,
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
    const report = await traceUpstreamTx(client, {
      txHash: hash.value,
      hardfork,
      trace: (run, context) =>
        tracer === undefined
          ? traceWithStructLogger(run)
          : traceWithJsTracer(run, {
              tracer: tracer.code,
              tracerConfig,
              timeout,
              context,
              createRealm: createVmRealm,
            }),
    });
    io.stdout(stripControl(JSON.stringify(report.result, null, 2)) + '\n');
    if (parsed.options.stats === true) {
      const s = client.stats;
      io.stderr(
        `block ${report.blockNumber} transaction #${report.txIndex}, ${report.hardfork} (from ${report.rulesFrom}): ` +
          `${s.roundTrips} round trips (${s.httpRequests} requests, ${s.calls} calls${s.batchesRefused ? ', batches refused' : ''}), ` +
          `${report.stateFetches} state fetches, ${report.accounts} accounts, ${report.slots} slots, ${report.runs} runs, ` +
          `${Math.round(performance.now() - started)} ms\n`,
      );
    }
    return 0;
  } catch (e) {
    const message = (e as Error)?.message ?? String(e);
    if (e instanceof TracerError) {
      io.stderr(stripControl(message) + '\n');
      const at = tracer && locateTracerError(message, tracer.name, tracer.origin);
      if (at) io.stderr(`  at ${stripControl(at)}\n`);
      return 1;
    }
    if (e instanceof UpstreamError) {
      io.stderr(`tracer replay: ${stripControl(message)}\n`);
      return 1;
    }
    throw e;
  } finally {
    transport.close?.();
  }
}
