import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { buildRequest } from '../../core/rpc/jsonRpc.ts';
import { validateHash } from '../../core/rpc/validateHex.ts';
import { callRpc } from '../../io/transport/callRpc.ts';
import { captureFixtureJson } from '../../core/fixture/captureFixture.ts';
import { createTransportFromArgs } from './send.ts';
import { stripControl } from '../stripControl.ts';

/**
 * `tracer capture --endpoint URL --tx HASH [--user U --password P]`: fetches a mined transaction's pre-state
 * (prestateTracer), block header and raw transaction from a node and prints a geth tracetest fixture, ready for
 * `tracer replay --fixture`. One node round trip per piece; the node's debug quota is spent once, not per iteration.
 */
export const capture: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('capture'));
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  const hash = validateHash(requireOption(parsed, 'tx'), '--tx');
  if (!hash.ok) throw new UsageError(hash.message);
  const transport = await createTransportFromArgs(parsed);
  let id = 0;
  const send = async (method: string, params: unknown[]): Promise<unknown> => {
    const { result } = await callRpc(transport, buildRequest(method, params, 'ethereum', ++id));
    if (result.kind !== 'ok') throw new Error(`${method}: ${result.message}`);
    return result.result;
  };
  try {
    const fixture = await captureFixtureJson(send, hash.value);
    io.stdout(stripControl(JSON.stringify(fixture, null, 2)) + '\n');
    return 0;
  } finally {
    transport.close?.();
  }
};
