import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { type Diagnostic, formatDiagnostic } from '../../core/diagnostics.ts';
import { targetInfo, type TargetId } from '../../core/targets.ts';
import { checkTracer } from '../../core/tracer/checkTracer.ts';
import { displayName, readTarget, singleFile } from './payload.ts';

/** How the summary line names a target: ES5.1, or e.g. "geth (goja)". */
const targetName = (target: TargetId) => (target === 'es5' ? 'ES5.1' : targetInfo(target).label);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The line after the diagnostics, in their `FILE:` style: `FILE: no problems (N lines, ES5.1)`, or the counts of
 * errors, warnings and notes (`info`: not problems).
 */
export function formatCheckSummary(
  file: string,
  source: string,
  target: TargetId,
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
  return `${file}: ${found} (${plural(lines, 'line')}, ${targetName(target)})`;
}

/** `tracer check FILE [--target T] [--json]`: prints every diagnostic and a summary; exit 1 on any error. */
export const check: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('check'));
  const file = singleFile(parsed.positionals, 'check');
  const target = readTarget(parsed.options);
  const source = await io.readInput(file);
  const { diagnostics } = checkTracer(source, { target });
  if (parsed.options.json === true) {
    io.stdout(JSON.stringify({ file: displayName(file), target, diagnostics }, null, 2) + '\n');
  } else {
    for (const d of diagnostics) io.stdout(formatDiagnostic(d, displayName(file)) + '\n');
    io.stdout(formatCheckSummary(displayName(file), source, target, diagnostics) + '\n');
  }
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
};
