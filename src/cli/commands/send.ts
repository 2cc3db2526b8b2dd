import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { type ParsedArgs, optionalOption, requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { validateEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import {
  placeTracerError,
  type Reply,
  summarizeReplyKeepingValue,
} from '../../core/rpc/protocol/summarizeReply.ts';
import type { Transport } from '../../io/transport/transport.ts';
import { createTransport } from '../../io/transport/createTransport.ts';
import type { WebSocketConstructorLike } from '../../io/transport/createWsTransport.ts';
import { buildRequestFromArgs } from './payload.ts';
import { stripControl } from '../stripControl.ts';
import { formatPlace, locateTracerError, sentTracerOf, type TracerOrigin } from '../locateTracerError.ts';

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

/**
 * Writes a failed reply to stderr: its message, the JavaScript error, and the place in FILE its tracer error was
 * mapped to (placeTracerError); returns the exit code.
 */
export function reportFailure(reply: Reply, write: (t: string) => void, file?: string): number {
  write(`tracer send: ${stripControl(reply.message)}\n`);
  const tracerError = reply.tracerError;
  if (reply.kind === 'rpc-error' && tracerError?.jsError)
    write(`  JavaScript error: ${stripControl(tracerError.jsError)}\n`);
  const place = tracerError?.place;
  if (file !== undefined && place) write(`  at ${stripControl(formatPlace(file, place.range.start))}\n`);
  return 1;
}

/** Prints the result's JSON and each failed transaction of a block trace (with its place in FILE); the exit code. */
function printResult(
  reply: Reply,
  value: unknown,
  io: { stdout(t: string): void; stderr(t: string): void },
  tracerFile?: { name: string; origin: TracerOrigin },
): number {
  io.stdout(stripControl(JSON.stringify(value, null, 2)) + '\n');
  for (const e of reply.txErrors) {
    const at = tracerFile && locateTracerError(e.error, tracerFile.name, tracerFile.origin);
    // A transaction without a hash is named by its position alone.
    const name = e.txHash === `transaction #${e.index}` ? '' : ` ${e.txHash}`;
    io.stderr(stripControl(`transaction #${e.index}${name}: ${e.error}${at ? `\n  at ${at}` : ''}`) + '\n');
  }
  return reply.txErrors.length > 0 ? 1 : 0;
}

/**
 * `tracer send FILE --method M --params JSON --endpoint URL [--user U --password P] [--tracer-config JSON]
 * [--timeout D] [--request-timeout S]`: sends the request and prints the result as JSON, or the decoded error (exit
 * 1). The reply is the page's model (Reply, its tracer error placed through the sent tracer's position map).
 */
export const send: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('send'));
  const transport = await createTransportFromArgs(parsed);
  const built = await buildRequestFromArgs(parsed, io);
  if (!built.ok) return built.exitCode;
  try {
    const { request, tracerFile } = built;
    const outcome = await transport.send(request);
    const read = summarizeReplyKeepingValue(outcome, { expectedId: request.id, method: request.method });
    const reply = placeTracerError(read.summary, tracerFile ? sentTracerOf(tracerFile.origin) : null);
    if (reply.kind !== 'ok') return reportFailure(reply, io.stderr, tracerFile?.name);
    return printResult(reply, 'value' in reply ? reply.value : read.largeValue, io, tracerFile);
  } finally {
    transport.close?.();
  }
};
