import type { CliCommand } from '../cliTypes.ts';
import { commandSpec, noPositionals, parseCommandArgs } from '../commandSpecs.ts';
import { es5Rules } from '../../core/es5/es5Rules.ts';
import { tracerRules } from '../../core/tracer/tracerRules.ts';

/** One row of the catalogue `tracer rules` prints. */
export interface RuleRow {
  id: string;
  /** The severity it is reported with; for ES5 constructs, for es5 and for the targets that run them. */
  severity: string;
  summary: string;
}

/**
 * The catalogue, derived from the registries: the tracer rules (`tracerRules`, built from each lint module's
 * `defineRule`s) and the ES2015+ constructs of the ES5.1 check (`es5Rules`, whose severity depends on the target).
 */
export function ruleCatalogue(): RuleRow[] {
  return [
    ...tracerRules.map((r) => ({ id: r.id, severity: r.severity, summary: r.summary })),
    ...Object.entries(es5Rules).map(([id, r]) => ({
      id,
      severity: r.engines.length > 0 ? 'error (a note for targets that run it)' : 'error',
      summary: `${r.since} syntax; in ES5.1: ${r.hint}`,
    })),
  ];
}

/** `tracer rules [--json]`: every rule `tracer check` reports, with its severity and what it is about. */
export const rules: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('rules'));
  noPositionals(parsed);
  const rows = ruleCatalogue();
  if (parsed.options.json === true) {
    io.stdout(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  const idWidth = Math.max(...rows.map((r) => r.id.length)) + 2;
  const severityWidth = Math.max(...rows.map((r) => r.severity.length)) + 2;
  io.stdout(
    rows.map((r) => `${r.id.padEnd(idWidth)}${r.severity.padEnd(severityWidth)}${r.summary}`).join('\n') +
      '\n',
  );
  return 0;
};
