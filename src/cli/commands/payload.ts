import type { CliCommand, CliIo } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { type ParsedArgs, optionalOption, requireOption } from '../parseArgs.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { createLineIndex, type Diagnostic, formatDiagnostic } from '../../core/diagnostics.ts';
import { findConsoleName } from '../../core/flatten/findConsoleName.ts';
import { consoleCall } from '../../core/tracer/lintConsole.ts';
import type { TraceOptionsInput } from '../../core/rpc/methods/buildTraceOptions.ts';
import { serializeRequest } from '../../core/rpc/protocol/jsonRpc.ts';
import {
  type BuildPayloadResult,
  buildPayload,
  findMethod,
  methodNames,
} from '../../core/rpc/methods/methods.ts';
import { defaultTarget, isTargetId, parseTarget, targetIds, type TargetId } from '../../core/targets.ts';
import { toSourceOffset } from '../../core/flatten/createPositionMap.ts';
import { sentTracerOf, type TracerOrigin } from '../locateTracerError.ts';
import { displayName, flattenRefusal } from '../flattenRefusal.ts';

/**
 * Reads `--target` (es5 by default), or its earlier name `--profile` (strict → es5, goja → geth); throws a
 * UsageError for other values or for both at once.
 */
export function readTarget(options: Record<string, unknown>): TargetId {
  const { target, profile } = options;
  if (target !== undefined && profile !== undefined)
    throw new UsageError('give --target or --profile, not both');
  if (target !== undefined) {
    if (isTargetId(target)) return target;
    throw new UsageError(`--target must be one of ${targetIds.join(', ')}, not ${JSON.stringify(target)}`);
  }
  if (profile !== undefined) {
    if (profile === 'strict' || profile === 'goja') return parseTarget(profile)!;
    throw new UsageError(`--profile must be strict or goja, not ${JSON.stringify(profile)}`);
  }
  return defaultTarget;
}

/**
 * Why send/payload/curl stop: flatten's last line (how many errors, their rule ids, how to go on: see flattenRefusal),
 * and that --no-flatten sends the text as it is; for console calls (never sent, flattened or not), how to remove them.
 */
export function refusal(file: string, target: TargetId, diagnostics: readonly Diagnostic[]): string {
  const consoleErrors = diagnostics.filter((d) => d.ruleId === consoleCall.id);
  if (consoleErrors.length === 0)
    return `the tracer in ${flattenRefusal(file, target, diagnostics)} (or pass --no-flatten)`;
  return `the tracer in ${flattenRefusal(file, target, diagnostics)}; ${consoleAdvice(file, consoleErrors)}`;
}

/**
 * How to go on when console calls stop a tracer: the one action that removes them when every one can be removed
 * safely (the quick fix's edits), by hand otherwise.
 */
export function consoleAdvice(file: string, consoleErrors: readonly Diagnostic[]): string {
  const name = displayName(file);
  const byHand = consoleErrors.filter((d) => !d.fix).length;
  if (byHand === 0)
    return `geth has no console: tracer flatten --remove-console ${name} prints it without them (they print only in tracer replay --console)`;
  return `geth has no console: remove ${byHand === 1 ? 'that use' : `those ${byHand} uses`} of console by hand (they print only in tracer replay --console)`;
}

/**
 * The gate before a tracer string goes to a node: the refusal (a diagnostic line of tracer/console) when it still
 * names `console` (see findConsoleName), at its place in FILE (a flattened string's place is mapped back).
 */
export function consoleGate(file: string, code: string, origin: TracerOrigin): string | undefined {
  const at = findConsoleName(code);
  if (at === undefined) return undefined;
  const tracer = sentTracerOf(origin);
  const offset = tracer ? toSourceOffset(tracer.map, at) : 0;
  const pos = createLineIndex(origin.source).positionAt(offset);
  return (
    `${displayName(file)}:${pos.line}:${pos.column} error the tracer would reach a node naming console; ` +
    `geth has no console, and a tracer naming it is never sent to a node: remove it [${consoleCall.id}]`
  );
}

/** Takes exactly one FILE positional (or `-` for stdin). */
export function singleFile(positionals: string[], command: string): string {
  if (positionals.length === 0)
    throw new UsageError(`missing FILE (use - for standard input): tracer ${command} FILE`);
  if (positionals.length > 1)
    throw new UsageError(`expected one FILE, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0];
}

export { displayName };

/** A built request (see buildPayload), or the exit code after the problem was reported on stderr. */
export type RequestFromArgs =
  | (Extract<BuildPayloadResult, { ok: true }> & { tracerFile?: { name: string; origin: TracerOrigin } })
  | { ok: false; exitCode: number };

/** Parses a JSON option, naming it in the error. */
export function parseJsonOption(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--${name} is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * Reads the tracer FILE and turns it into the string to send: flattened for --target, unless --no-flatten (exit code
 * after reporting why not). A string for a node never names `console` (geth has none: see consoleGate). With
 * `embedded` (`tracer replay`: the embedded node, where console calls print) they stay (flattenForEmbeddedNode).
 */
export async function readTracer(
  parsed: ParsedArgs,
  io: CliIo,
  file: string,
  embedded = false,
): Promise<{ code: string; origin: TracerOrigin } | number> {
  const source = await io.readInput(file);
  let read: { code: string; origin: TracerOrigin };
  if (parsed.options['no-flatten'] === true) {
    const code = source.trim();
    read = { code, origin: { kind: 'verbatim', source, code } };
  } else {
    const target = readTarget(parsed.options);
    // Loaded on demand so that --no-flatten and tracer-less methods do not need the flattener.
    const { flattenForEmbeddedNode } = await import('../../core/flatten/flattenForEmbeddedNode.ts');
    const { flattenTracer } = await import('../../core/flatten/flattenTracer.ts');
    const prepared = embedded ? flattenForEmbeddedNode(source, { target }) : undefined;
    const result = prepared?.flat ?? flattenTracer(source, { target });
    if (prepared?.ok && prepared.kind === 'verbatim') {
      const code = prepared.code;
      return { code, origin: { kind: 'verbatim', source, code } };
    }
    if (!result.ok) {
      for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, displayName(file)) + '\n');
      io.stderr(refusal(file, target, result.diagnostics) + '\n');
      return 1;
    }
    read = { code: result.code, origin: { kind: 'flattened', source, flat: result } };
  }
  const gate = embedded ? undefined : consoleGate(file, read.code, read.origin);
  if (gate === undefined) return read;
  io.stderr(gate + '\n');
  return 1;
}

/** Builds the request described by FILE, --method, --params, --tracer-config, --timeout and --id. */
export async function buildRequestFromArgs(parsed: ParsedArgs, io: CliIo): Promise<RequestFromArgs> {
  const method = requireOption(parsed, 'method');
  const spec = findMethod(method);
  if (!spec)
    throw new UsageError(`unknown --method ${JSON.stringify(method)} (known: ${methodNames.join(', ')})`);
  const params = parseJsonOption(optionalOption(parsed, 'params') ?? '[]', 'params');
  if (!Array.isArray(params)) throw new UsageError('--params must be a JSON array, e.g. \'["0x1b4"]\'');
  const idText = optionalOption(parsed, 'id') ?? '1';
  if (!/^[0-9]{1,15}$/.test(idText)) throw new UsageError('--id must be a whole number');
  const files = parsed.positionals;
  if (files.length > 1) throw new UsageError(`expected at most one FILE, got ${files.join(' ')}`);
  let options: TraceOptionsInput | undefined;
  let tracerFile: { name: string; origin: TracerOrigin } | undefined;
  if (spec.takesTraceOptions) {
    if (files.length === 0)
      throw new UsageError(`${method} needs the tracer FILE (use - for standard input)`);
    const tracer = await readTracer(parsed, io, files[0]);
    if (typeof tracer === 'number') return { ok: false, exitCode: tracer };
    tracerFile = { name: displayName(files[0]), origin: tracer.origin };
    const config = optionalOption(parsed, 'tracer-config');
    options = { tracer: tracer.code, timeout: optionalOption(parsed, 'timeout') };
    if (config !== undefined) options.tracerConfig = parseJsonOption(config, 'tracer-config');
  } else {
    if (files.length > 0) throw new UsageError(`${method} takes no tracer: leave out FILE`);
    if (parsed.options['tracer-config'] !== undefined || parsed.options.timeout !== undefined) {
      throw new UsageError(`${method} takes no --tracer-config or --timeout`);
    }
  }
  const built = buildPayload(method, params, options, Number(idText));
  if (!built.ok)
    throw new UsageError(
      'invalid request:\n' + built.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n'),
    );
  return tracerFile ? { ...built, tracerFile } : built;
}

/** `tracer payload FILE --method M --params JSON [--tracer-config JSON] [--timeout D] [--pretty]`: prints the request. */
export const payload: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('payload'));
  const built = await buildRequestFromArgs(parsed, io);
  if (!built.ok) return built.exitCode;
  io.stdout(serializeRequest(built.request, parsed.options.pretty === true) + '\n');
  return 0;
};
