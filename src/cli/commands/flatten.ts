import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { formatDiagnostic } from '../../core/diagnostics.ts';
import { flattenTracer } from '../../core/flatten/flattenTracer.ts';
import { removeConsoleCalls } from '../../core/flatten/removeConsoleCalls.ts';
import { consoleCall } from '../../core/tracer/lintConsole.ts';
import { flattenRefusal } from '../flattenRefusal.ts';
import { consoleAdvice, consoleGate, displayName, readTarget, singleFile } from './payload.ts';

/**
 * `tracer flatten FILE [--target T] [--remove-console]`: prints the ready-to-send one-line tracer and nothing else
 * (diagnostics to stderr). Console calls stop it (geth has no console, and the string is what nodes get); with
 * `--remove-console` the ones that stand as statements are removed first (a note on stderr says how many), and any
 * other use of console still stops it.
 */
export const flatten: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('flatten'));
  const file = singleFile(parsed.positionals, 'flatten');
  const target = readTarget(parsed.options);
  let source = await io.readInput(file);
  let removed = 0;
  if (parsed.options['remove-console'] === true) {
    const cleaned = removeConsoleCalls(source, { target });
    if (!cleaned.ok) {
      for (const d of cleaned.diagnostics) io.stderr(formatDiagnostic(d, displayName(file)) + '\n');
      io.stderr(`tracer flatten: ${consoleAdvice(file, cleaned.diagnostics)}\n`);
      return 1;
    }
    source = cleaned.source;
    removed = cleaned.removed;
  }
  const result = flattenTracer(source, { target });
  if (!result.ok) {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, displayName(file)) + '\n');
    io.stderr(`tracer flatten: ${flattenRefusal(file, target, result.diagnostics)}\n`);
    const consoleErrors = result.diagnostics.filter((d) => d.ruleId === consoleCall.id);
    if (consoleErrors.length > 0) io.stderr(`tracer flatten: ${consoleAdvice(file, consoleErrors)}\n`);
    return 1;
  }
  const gate = consoleGate(file, result.code, { kind: 'flattened', source, flat: result });
  if (gate !== undefined) {
    io.stderr(gate + '\n');
    return 1;
  }
  if (removed > 0)
    io.stderr(
      `tracer flatten: removed ${removed === 1 ? '1 console call' : `${removed} console calls`} (geth has no console)\n`,
    );
  io.stdout(result.code + '\n');
  return 0;
};
