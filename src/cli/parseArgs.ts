import { UsageError } from './cliTypes.ts';

/** Parsed command-line: positional arguments and `--name value` / `--flag` options. */
export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | true>;
  /** Every value of each repeatable option, in order (empty when not given). */
  lists: Record<string, string[]>;
}

/**
 * Parses `args` against the allowed option names. `flags` take no value; `repeatable` options take a value and may
 * be given several times (collected in `lists`). A lone `-` is a positional (stdin). Throws {@link UsageError} for
 * unknown options or a missing value.
 */
export function parseArgs(
  args: string[],
  valued: readonly string[],
  flags: readonly string[] = [],
  repeatable: readonly string[] = [],
): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  const lists: Record<string, string[]> = Object.fromEntries(repeatable.map((name) => [name, []]));
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq === -1 ? undefined : eq);
      if (flags.includes(name)) {
        options[name] = true;
      } else if (repeatable.includes(name)) {
        const value = eq === -1 ? args[++i] : a.slice(eq + 1);
        if (value === undefined) throw new UsageError(`option --${name} needs a value`);
        lists[name].push(value);
      } else if (valued.includes(name)) {
        const value = eq === -1 ? args[++i] : a.slice(eq + 1);
        if (value === undefined) throw new UsageError(`option --${name} needs a value`);
        options[name] = value;
      } else {
        throw new UsageError(`unknown option --${name}`);
      }
    } else {
      positionals.push(a);
    }
  }
  return { positionals, options, lists };
}

/** Returns a string option or throws a {@link UsageError} naming it. */
export function requireOption(parsed: ParsedArgs, name: string): string {
  const v = parsed.options[name];
  if (typeof v !== 'string') throw new UsageError(`missing --${name}`);
  return v;
}

/** Returns a string option or undefined. */
export function optionalOption(parsed: ParsedArgs, name: string): string | undefined {
  const v = parsed.options[name];
  return typeof v === 'string' ? v : undefined;
}
