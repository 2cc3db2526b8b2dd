import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { formatDiagnostic } from '../../core/diagnostics.ts';
import { flattenTracer } from '../../core/flatten/flattenTracer.ts';
import { flattenRefusal } from '../flattenRefusal.ts';
import { displayName, readTarget, singleFile } from './payload.ts';

/** `tracer flatten FILE [--target T]`: prints the ready-to-send one-line tracer and nothing else (diagnostics to stderr). */
export const flatten: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('flatten'));
  const file = singleFile(parsed.positionals, 'flatten');
  const target = readTarget(parsed.options);
  const source = await io.readInput(file);
  const result = flattenTracer(source, { target });
  if (!result.ok) {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, displayName(file)) + '\n');
    io.stderr(`tracer flatten: ${flattenRefusal(file, target, result.diagnostics)}\n`);
    return 1;
  }
  io.stdout(result.code + '\n');
  return 0;
};
