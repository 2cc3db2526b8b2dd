import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { optionalOption, parseArgs, requireOption } from '../parseArgs.ts';
import { loadFixture } from '../../evm/node/loadFixture.ts';
import { replayFixture } from '../../evm/node/replayFixture.ts';
import { TracerError } from '../../evm/host/traceTypes.ts';

function parseConfig(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--tracer-config is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * `tracer replay --fixture FILE --tracer FILE [--tracer-config JSON] [--timeout D]`: replays a geth tracetest
 * fixture's transaction in the embedded EVM with a JavaScript tracer (or `--tracer prestateTracer`) and prints the
 * result as JSON. Exit 1 with geth's error text when the tracer fails.
 */
export const replay: CliCommand = async (args, io) => {
  const parsed = parseArgs(args, ['fixture', 'tracer', 'tracer-config', 'timeout']);
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  const fixtureFile = requireOption(parsed, 'fixture');
  const tracerArg = requireOption(parsed, 'tracer');
  if (fixtureFile === '-' && tracerArg === '-')
    throw new UsageError('only one of --fixture and --tracer can be -');
  const tracerConfig = parseConfig(optionalOption(parsed, 'tracer-config'));
  const timeout = optionalOption(parsed, 'timeout');
  let fixture;
  try {
    fixture = loadFixture(await io.readInput(fixtureFile));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${fixtureFile}: ${(e as Error).message}`);
  }
  const tracer = tracerArg === 'prestateTracer' ? tracerArg : (await io.readInput(tracerArg)).trim();
  try {
    const result = await replayFixture(fixture, { tracer, tracerConfig, timeout });
    io.stdout(JSON.stringify(result, null, 2) + '\n');
    return 0;
  } catch (e) {
    if (!(e instanceof TracerError)) throw e;
    io.stderr(`${e.message}\n`);
    return 1;
  }
};
