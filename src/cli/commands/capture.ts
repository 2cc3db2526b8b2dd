import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { validateHash } from '../../core/rpc/methods/validateHex.ts';
import { captureFixtureFrom, describeCapture } from '../../core/fixture/captureFixture.ts';
import { createUpstreamClient } from '../../io/upstream/createUpstreamClient.ts';
import { createTransportFromArgs } from './send.ts';
import { stripControl } from '../stripControl.ts';
import { createCaptureSources, fixtureRulesNote } from './captureSources.ts';
import { readStateByNumber } from '../../io/upstream/readStateByNumber.ts';

/**
 * `tracer capture --endpoint URL --tx HASH [--user U --password P]`: fetches a mined transaction's pre-state, block
 * header and signed transaction from a node and prints a geth tracetest fixture, ready for `tracer replay --fixture`.
 * The pre-state comes from the node's prestateTracer when it gives a real one (one call), else from standard methods
 * (the block's earlier transactions and this one re-executed here on state fetched at the parent block); the signed
 * transaction from eth_getRawTransactionByHash, else rebuilt from eth_getTransactionByHash. One line on stderr says
 * which sources were used; when none works, one line says what capture needs.
 */
export const capture: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('capture'));
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  const hash = validateHash(requireOption(parsed, 'tx'), '--tx');
  if (!hash.ok) throw new UsageError(hash.message);
  const endpoint = requireOption(parsed, 'endpoint');
  const transport = await createTransportFromArgs(parsed);
  const client = createUpstreamClient(transport, {
    label: maskEndpoint(endpoint),
    batches: /^https?:/i.test(endpoint),
  });
  const reader = readStateByNumber(client);
  const sources = createCaptureSources(reader);
  try {
    const { json, report } = await captureFixtureFrom((m, p) => client.call(m, p), hash.value, sources);
    io.stdout(stripControl(JSON.stringify(json, null, 2)) + '\n');
    const rules = sources.rules();
    const byNumber = reader.byNumber
      ? ' (state asked by block number: the node takes no block hash there)'
      : '';
    io.stderr(
      stripControl(
        `tracer capture: ${describeCapture(report)}${byNumber}${rules ? fixtureRulesNote(rules) : ''}`,
      ) + '\n',
    );
    return 0;
  } catch (e) {
    // main prints `tracer capture: ` before the message; the core's own prefix would say it twice.
    throw new Error(String((e as Error)?.message ?? e).replace(/^captureFixture: /, ''), { cause: e });
  } finally {
    transport.close?.();
  }
};
