import { UsageError } from '../cliTypes.ts';
import type { ParsedArgs } from '../parseArgs.ts';
import { optionalOption } from '../parseArgs.ts';
import { parseTimeoutMs } from '../../evm/host/parseTimeout.ts';
import { createAccessPolicy } from './createAccessPolicy.ts';

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
}

function integer(parsed: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const text = optionalOption(parsed, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${name} must be ${min}–${max}, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** Reads and checks `serve`'s options (ranges, Go durations, origins), throwing a {@link UsageError} naming the bad one. */
export function parseServeOptions(parsed: ParsedArgs): ServeOptions {
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
