import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { type ParsedArgs, optionalOption, requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import type { RpcResult } from '../../core/rpc/classifyResponse.ts';
import { validateEndpoint } from '../../core/rpc/maskEndpoint.ts';
import { callRpc } from '../../io/transport/callRpc.ts';
import type { Transport } from '../../io/transport/transport.ts';
import { createTransport } from '../../io/transport/createTransport.ts';
import type { WebSocketConstructorLike } from '../../io/transport/createWsTransport.ts';
import { buildRequestFromArgs } from './payload.ts';
import { stripControl } from '../stripControl.ts';
import { locateTracerError, type TracerOrigin } from '../locateTracerError.ts';

/**
 * Creates the transport for --endpoint (http(s) or ws(s)), --user, --password (or the TRACER_PASSWORD environment
 * variable, which keeps the password out of the shell history) and --request-timeout (seconds; default: the tracer
 * timeout plus a margin for traces, none for block traces, 30 s for other calls).
 */
export async function createTransportFromArgs(parsed: ParsedArgs): Promise<Transport> {
  const endpoint = requireOption(parsed, 'endpoint');
  const valid = validateEndpoint(endpoint);
  if (!valid.ok) throw new UsageError(valid.message);
  const user = optionalOption(parsed, 'user');
  const password =
    optionalOption(parsed, 'password') ?? (user !== undefined ? process.env.TRACER_PASSWORD : undefined);
  if (optionalOption(parsed, 'password') !== undefined && user === undefined)
    throw new UsageError('--password needs --user');
  // Without --request-timeout the one policy applies (requestTimeLimit): a trace waits for its tracer timeout
  // plus a margin, a block trace as long as it takes, anything else 30 s.
  const seconds = optionalOption(parsed, 'request-timeout');
  if (seconds !== undefined && (!/^\d+(\.\d+)?$/.test(seconds) || Number(seconds) <= 0))
    throw new UsageError('--request-timeout must be a positive number of seconds');
  const ws = /^wss?:$/.test(valid.value.protocol)
    ? ((await import('ws')).default as unknown as WebSocketConstructorLike)
    : undefined;
  return createTransport({
    url: endpoint,
    user,
    password,
    timeoutMs: seconds === undefined ? undefined : Number(seconds) * 1000,
    WebSocketImpl: ws,
    supportsHeaders: true,
  });
}

/** Writes a failed result to stderr (with the tracer position when the node gave one); returns the exit code. */
export function reportFailure(
  result: RpcResult,
  write: (t: string) => void,
  tracerFile?: { name: string; origin: TracerOrigin },
): number {
  write(`tracer send: ${stripControl(result.message)}\n`);
  if (result.kind === 'rpc-error' && result.error.jsError)
    write(`  JavaScript error: ${stripControl(result.error.jsError)}\n`);
  const text = result.kind === 'rpc-error' ? result.error.message : result.message;
  const at = tracerFile && locateTracerError(text, tracerFile.name, tracerFile.origin);
  if (at) write(`  at ${stripControl(at)}\n`);
  return 1;
}

/**
 * `tracer send FILE --method M --params JSON --endpoint URL [--user U --password P] [--tracer-config JSON]
 * [--timeout D] [--request-timeout S]`: sends the request and prints the result as JSON, or the decoded error (exit 1).
 */
export const send: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('send'));
  const transport = await createTransportFromArgs(parsed);
  const built = await buildRequestFromArgs(parsed, io);
  if (!built.ok) return built.exitCode;
  try {
    const { result } = await callRpc(transport, built.request);
    if (result.kind !== 'ok') return reportFailure(result, io.stderr, built.tracerFile);
    io.stdout(stripControl(JSON.stringify(result.result, null, 2)) + '\n');
    for (const e of result.txErrors) {
      const at =
        built.tracerFile &&
        locateTracerError(e.error.message, built.tracerFile.name, built.tracerFile.origin);
      io.stderr(
        stripControl(
          `transaction #${e.index}${e.txHash ? ` ${e.txHash}` : ''}: ${e.error.message}${at ? `\n  at ${at}` : ''}`,
        ) + '\n',
      );
    }
    return result.txErrors.length > 0 ? 1 : 0;
  } finally {
    transport.close?.();
  }
};
