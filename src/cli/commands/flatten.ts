import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { formatDiagnostic } from '../../core/diagnostics.ts';
import { flattenTracer } from '../../core/flatten/flattenTracer.ts';
import { displayName, readProfile, singleFile } from './payload.ts';

/** `tracer flatten FILE [--profile P]`: prints the ready-to-send one-line tracer and nothing else (diagnostics to stderr). */
export const flatten: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('flatten'));
  const file = singleFile(parsed.positionals, 'flatten');
  const profile = readProfile(parsed.options.profile);
  const source = await io.readInput(file);
  const result = flattenTracer(source, { profile });
  if (!result.ok) {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, displayName(file)) + '\n');
    if (result.diagnostics.length === 0)
      io.stderr(`tracer flatten: ${displayName(file)} could not be flattened\n`);
    return 1;
  }
  io.stdout(result.code + '\n');
  return 0;
};
