import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { stripControl } from '../stripControl.ts';
import { displayName, singleFile } from './payload.ts';

/**
 * `tracer convert FILE [--target es5]`: prints the tracer rewritten as ES5.1 (one object, no wrapper) on stdout; what
 * was converted and assumed goes to stderr. Exit 0 when everything was converted, 1 with the list of what was not.
 */
export const convert: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('convert'));
  const file = singleFile(parsed.positionals, 'convert');
  const target = parsed.options.target;
  if (target !== undefined && target !== 'es5')
    throw new UsageError(
      `--target must be es5 (the only target to convert to), not ${JSON.stringify(target)}`,
    );
  const source = await io.readInput(file);
  // TypeScript is loaded only for this command.
  const { convertToEs5 } = await import('../../core/convert/convertToEs5.ts');
  const r = convertToEs5(source);
  const name = displayName(file);
  io.stdout(r.code.endsWith('\n') ? r.code : r.code + '\n');
  if (r.converted.length > 0) io.stderr(`${name}: converted ${r.converted.join(', ')}\n`);
  for (const note of r.notes) io.stderr(`${name}: note: ${note}\n`);
  if (r.ok) return 0;
  for (const n of r.notConverted)
    io.stderr(
      `${name}:${n.line}:${n.column} not converted: ${stripControl(n.message)}${n.in === 'source' ? ' (in the input)' : ''}\n`,
    );
  io.stderr(
    `${name}: ${r.notConverted.length} ${r.notConverted.length === 1 ? 'thing' : 'things'} not converted (positions are in the printed tracer)\n`,
  );
  return 1;
};
