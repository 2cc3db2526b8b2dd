import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { optionalOption, requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { stripControl } from '../stripControl.ts';
import { locateTracerError, type TracerOrigin } from '../locateTracerError.ts';
import { runReplayInChild } from '../serve/runReplayInChild.ts';
import { printReplayDebug } from '../formatTraceDebug.ts';
import type { ReplayDebugFlags } from '../../evm/host/traceDebug.ts';
import { loadFixture } from '../../core/fixture/loadFixture.ts';
import { readTracer } from './payload.ts';
import { replayFromEndpoint } from './replayFromEndpoint.ts';

function parseConfig(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--tracer-config is not valid JSON: ${(e as Error).message}`);
  }
}

function parseMemoryLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 64 || Number(text) > 65536)
    throw new UsageError(`--memory-limit must be 64–65536, not ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * `tracer replay --fixture FILE --tracer FILE [--tracer-config JSON] [--timeout D] [--memory-limit MB]`: replays a
 * geth tracetest fixture's transaction in the embedded EVM with a JavaScript tracer (or `--tracer prestateTracer`)
 * and prints the result as JSON. The trace runs in a trace process of its own (heap capped at --memory-limit, default
 * 512 MB, killed 2 s after its timeout), so the tracer cannot take over or crash the CLI. Exit 1 with geth's error
 * text (or `execution timeout`, `tracer exceeded its memory limit`) when the tracer fails. With `--endpoint URL --tx
 * HASH` instead of `--fixture`: a mined transaction of any node (replayFromEndpoint). The tracer file is read as
 * `send` reads it (readTracer: flattened for --target, unless --no-flatten); console calls stay (they print here,
 * and never reach a node: see the tracer/console rule). The tracer has a console: `--console` prints its lines on
 * stderr (`[step N hook] text`), without it they are counted; `--profile` prints the time per hook and geth's
 * estimated time against the timeout (printReplayDebug).
 */
export const replay: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('replay'));
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  const fromEndpoint = parsed.options.endpoint !== undefined;
  if (fromEndpoint && parsed.options.fixture !== undefined)
    throw new UsageError('give --fixture, or --endpoint with --tx, not both');
  if (!fromEndpoint) {
    for (const o of ['tx', 'hardfork', 'stats', 'user', 'password', 'request-timeout'])
      if (parsed.options[o] !== undefined) throw new UsageError(`--${o} needs --endpoint`);
  }
  const fixtureFile = fromEndpoint ? undefined : requireOption(parsed, 'fixture');
  const tracerArg = fromEndpoint ? optionalOption(parsed, 'tracer') : requireOption(parsed, 'tracer');
  if (fixtureFile === '-' && tracerArg === '-')
    throw new UsageError('only one of --fixture and --tracer can be -');
  const tracerConfig = parseConfig(optionalOption(parsed, 'tracer-config'));
  const timeout = optionalOption(parsed, 'timeout');
  const memoryLimitMb = parseMemoryLimit(optionalOption(parsed, 'memory-limit'));
  let fixture = '';
  if (fixtureFile !== undefined) {
    try {
      fixture = await io.readInput(fixtureFile);
      loadFixture(fixture);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${fixtureFile}: ${(e as Error).message}`);
    }
  }
  const name = tracerArg === '-' ? '<stdin>' : (tracerArg ?? '');
  let read: { code: string; origin: TracerOrigin } | undefined;
  const debug: ReplayDebugFlags = {
    console: parsed.options.console === true,
    profile: parsed.options.profile === true,
  };
  if ((tracerArg === 'prestateTracer' || tracerArg === undefined) && (debug.console || debug.profile))
    throw new UsageError(
      '--console and --profile need a tracer file (prestateTracer and the struct logger have no hooks to print from or time)',
    );
  if (tracerArg !== undefined && tracerArg !== 'prestateTracer') {
    // replay's --profile times the hooks: it is not the earlier name of --target that send reads.
    const options = Object.fromEntries(Object.entries(parsed.options).filter(([k]) => k !== 'profile'));
    const r = await readTracer({ ...parsed, options }, io, tracerArg, true);
    if (typeof r === 'number') return r;
    read = r;
  }
  if (fromEndpoint) {
    if (tracerArg === 'prestateTracer')
      throw new UsageError('--tracer prestateTracer replays fixtures; with --endpoint give a tracer file');
    return replayFromEndpoint(parsed, io, read && { ...read, name }, tracerConfig, memoryLimitMb, debug);
  }
  const tracer = read?.code ?? 'prestateTracer';
  const outcome = await runReplayInChild({
    fixture,
    tracer,
    tracerConfig,
    timeout,
    memoryLimitMb,
    debug: read ? debug : undefined,
  });
  printReplayDebug(io.stderr, outcome.debug, debug, timeout);
  if (outcome.ok) {
    io.stdout(stripControl(outcome.text) + '\n');
    return 0;
  }
  io.stderr(`${outcome.tracerError ? '' : 'tracer replay: '}${stripControl(outcome.message)}\n`);
  const at = outcome.tracerError && read && locateTracerError(outcome.message, name, read.origin);
  if (at) io.stderr(`  at ${stripControl(at)}\n`);
  return 1;
};
