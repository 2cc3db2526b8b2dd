import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { type Diagnostic, formatDiagnostic } from '../../core/diagnostics.ts';
import type { Profile } from '../../core/profile.ts';
import { checkTracer } from '../../core/tracer/checkTracer.ts';
import { displayName, readProfile, singleFile } from './payload.ts';

const profileNames: Record<Profile, string> = { strict: 'ES5.1', goja: "goja, geth's engine" };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The line after the diagnostics, in their `FILE:` style: `FILE: no problems (N lines, ES5.1)`, or the counts of
 * errors, warnings and notes (`info`: not problems).
 */
export function formatCheckSummary(
  file: string,
  source: string,
  profile: Profile,
  diagnostics: readonly Diagnostic[],
): string {
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const errors = count('error');
  const warnings = count('warning');
  const notes = count('info');
  const found = [
    errors + warnings === 0 ? 'no problems' : '',
    errors ? plural(errors, 'error') : '',
    warnings ? plural(warnings, 'warning') : '',
    notes ? plural(notes, 'note') : '',
  ]
    .filter(Boolean)
    .join(', ');
  const lines =
    source === '' ? 0 : source.split(/\r\n|\r|\n/).length - (/(\r\n|\r|\n)$/.test(source) ? 1 : 0);
  return `${file}: ${found} (${plural(lines, 'line')}, ${profileNames[profile]})`;
}

/** `tracer check FILE [--profile strict|goja] [--json]`: prints every diagnostic and a summary; exit 1 on any error. */
export const check: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('check'));
  const file = singleFile(parsed.positionals, 'check');
  const profile = readProfile(parsed.options.profile);
  const source = await io.readInput(file);
  const { diagnostics } = checkTracer(source, { profile });
  if (parsed.options.json === true) {
    io.stdout(JSON.stringify({ file: displayName(file), profile, diagnostics }, null, 2) + '\n');
  } else {
    for (const d of diagnostics) io.stdout(formatDiagnostic(d, displayName(file)) + '\n');
    io.stdout(formatCheckSummary(displayName(file), source, profile, diagnostics) + '\n');
  }
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
};
