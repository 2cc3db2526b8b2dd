import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { optionalOption, requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { buildCurl } from '../../core/rpc/snippets/buildCurl.ts';
import { serializeRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import { validateEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import { buildRequestFromArgs } from './payload.ts';

/**
 * `tracer curl FILE --method M --params JSON --endpoint URL [--user U [--password P]] [--include-credentials]
 * [--reveal-endpoint] [--one-line]`: prints a curl command. Credentials and keys in the URL are placeholders/masked
 * unless --include-credentials / --reveal-endpoint.
 */
export const curl: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('curl'));
  const endpoint = requireOption(parsed, 'endpoint');
  const valid = validateEndpoint(endpoint);
  if (!valid.ok) throw new UsageError(valid.message);
  if (!/^https?:$/.test(valid.value.protocol))
    throw new UsageError('curl needs an http:// or https:// endpoint');
  const user = optionalOption(parsed, 'user');
  const password = optionalOption(parsed, 'password');
  if (password !== undefined && user === undefined) throw new UsageError('--password needs --user');
  const built = await buildRequestFromArgs(parsed, io);
  if (!built.ok) return built.exitCode;
  const command = buildCurl({
    url: endpoint,
    body: serializeRequest(built.request),
    contentType: built.contentType,
    user,
    password,
    includeCredentials: parsed.options['include-credentials'] === true,
    revealEndpoint: parsed.options['reveal-endpoint'] === true,
    multiline: parsed.options['one-line'] !== true,
  });
  io.stdout(command + '\n');
  return 0;
};
