import { UsageError } from '../cliTypes.ts';
import type { ParsedArgs } from '../parseArgs.ts';
import { optionalOption } from '../parseArgs.ts';
import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import { createAccessPolicy } from './createAccessPolicy.ts';
import { validateEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';

/** `tracer serve`'s options, checked. */
export interface ServeOptions {
  port: number;
  host: string;
  fixtureFile?: string;
  allowOrigins: string[];
  allowHosts: string[];
  maxTimeoutMs: number;
  memoryLimitMb: number;
  workers: number;
  /** `--upstream`: trace on this node's state and forward everything else to it. */
  upstream?: { url: string; user?: string; password?: string; hardfork?: string };
}

function integer(parsed: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const text = optionalOption(parsed, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${name} must be ${min}–${max}, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** `--upstream URL [--user U --password P] [--hardfork NAME]`, checked; undefined without --upstream. */
async function upstreamOption(parsed: ParsedArgs): Promise<ServeOptions['upstream']> {
  const url = optionalOption(parsed, 'upstream');
  const user = optionalOption(parsed, 'user');
  const password = optionalOption(parsed, 'password');
  const hardfork = optionalOption(parsed, 'hardfork');
  if (url === undefined) {
    const stray = ['user', 'password', 'hardfork'].find((n) => optionalOption(parsed, n) !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --upstream`);
    return undefined;
  }
  const valid = validateEndpoint(url);
  if (!valid.ok) throw new UsageError(`--upstream: ${valid.message}`);
  if (optionalOption(parsed, 'fixture') !== undefined)
    throw new UsageError("--upstream and --fixture exclude each other: the chain is the upstream's");
  if (password !== undefined && user === undefined) throw new UsageError('--password needs --user');
  // The names come with the EVM's packages, loaded only for this check (serve without --hardfork starts sooner).
  const hardforkNames =
    hardfork === undefined ? [] : (await import('../../evm/upstream/upstreamCommon.ts')).hardforkNames;
  if (hardfork !== undefined && !hardforkNames.includes(hardfork))
    throw new UsageError(
      `--hardfork must be one of ${hardforkNames.join(', ')}, not ${JSON.stringify(hardfork)}`,
    );
  return {
    url,
    user,
    password: password ?? (user !== undefined ? process.env.TRACER_PASSWORD : undefined),
    hardfork,
  };
}

/** Reads and checks `serve`'s options (ranges, Go durations, origins), throwing a {@link UsageError} naming the bad one. */
export async function parseServeOptions(parsed: ParsedArgs): Promise<ServeOptions> {
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  const maxTimeout = optionalOption(parsed, 'max-timeout') ?? '60s';
  let maxTimeoutMs: number;
  try {
    maxTimeoutMs = parseTimeoutMs(maxTimeout);
  } catch (e) {
    throw new UsageError(`--max-timeout: ${(e as Error).message}`);
  }
  if (!(maxTimeoutMs > 0))
    throw new UsageError(`--max-timeout must be above 0, not ${JSON.stringify(maxTimeout)}`);
  const allowOrigins = parsed.lists['allow-origin'] ?? [];
  const allowHosts = parsed.lists['allow-host'] ?? [];
  createAccessPolicy({ allowOrigins, allowHosts }); // Throws for a value that is no origin / host name.
  return {
    upstream: await upstreamOption(parsed),
    port: integer(parsed, 'port', 8545, 0, 65535),
    host: optionalOption(parsed, 'host') ?? '127.0.0.1',
    fixtureFile: optionalOption(parsed, 'fixture'),
    allowOrigins,
    allowHosts,
    maxTimeoutMs,
    memoryLimitMb: integer(parsed, 'memory-limit', 512, 64, 65536),
    workers: integer(parsed, 'workers', 2, 1, 64),
  };
}
