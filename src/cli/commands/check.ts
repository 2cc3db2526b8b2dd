import type { CliCommand } from '../cliTypes.ts';
import { parseArgs } from '../parseArgs.ts';
import { formatDiagnostic } from '../../core/diagnostics.ts';
import { checkTracer } from '../../core/tracer/checkTracer.ts';
import { displayName, readProfile, singleFile } from './payload.ts';

/** `tracer check FILE [--profile strict|goja] [--json]`: prints every diagnostic; exit 1 if any is an error. */
export const check: CliCommand = async (args, io) => {
  const parsed = parseArgs(args, ['profile'], ['json']);
  const file = singleFile(parsed.positionals, 'check');
  const profile = readProfile(parsed.options.profile);
  const source = await io.readInput(file);
  const { diagnostics } = checkTracer(source, { profile });
  if (parsed.options.json === true) {
    io.stdout(JSON.stringify({ file: displayName(file), profile, diagnostics }, null, 2) + '\n');
  } else {
    for (const d of diagnostics) io.stdout(formatDiagnostic(d, displayName(file)) + '\n');
  }
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
};
