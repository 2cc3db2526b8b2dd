import { parse } from 'acorn';
import { globalNames, type TracerGlobals } from './createTracerGlobals.ts';
import { guardName, instrumentTracerCode } from './instrumentTracerCode.ts';
import type { TracerFaults } from './tracerFaults.ts';
import { TracerError } from './traceTypes.ts';

type Method = (...args: unknown[]) => unknown;

/** A constructed tracer: the object and its methods (geth's method discovery, reference §1.1). */
export interface CompiledTracer {
  obj: object;
  result: Method;
  fault: Method;
  step?: Method;
  enter?: Method;
  exit?: Method;
}

/**
 * Evaluates `(` + code + `)` with geth's helper globals in scope, checks the methods and calls `setup(cfg)`.
 * Throws {@link TracerError} with geth's texts. The code runs through `new Function` (the caller's worker or
 * process is the sandbox), instrumented with deadline guards when acorn can parse it.
 *
 * SyntaxError texts follow goja's shape `SyntaxError: (anonymous): Line <l>:<c> <message>` with acorn's position in
 * the wrapped text (as goja parses it) and V8's message wording (goja's own wording is not reproduced).
 */
export function compileTracer(
  code: string,
  globals: TracerGlobals,
  faults: TracerFaults,
  configJson: string,
): CompiledTracer {
  const params = [...globalNames, guardName];
  const wrapped = '(' + code + '\n)';
  let factory: (...a: unknown[]) => unknown;
  try {
    factory = new Function(...params, 'return ' + wrapped) as typeof factory;
  } catch (e) {
    throw new TracerError(e instanceof SyntaxError ? describeSyntaxError(wrapped, e) : describeThrown(e));
  }
  const instrumented = instrumentTracerCode(wrapped);
  if (instrumented !== undefined)
    factory = new Function(...params, 'return ' + instrumented) as typeof factory;
  const args = [...globalNames.map((n) => globals[n]), faults.guard];
  const value = runConstruction(faults, () => factory(...args));
  if (value === null || value === undefined)
    throw new TracerError('TypeError: Cannot convert undefined or null to object');
  const obj = Object(value) as Record<string, unknown>;
  const fn = (name: string) => (typeof obj[name] === 'function' ? (obj[name] as Method) : undefined);
  const result = fn('result');
  if (!result) throw new TracerError('trace object must expose a function result()');
  const fault = fn('fault');
  if (!fault) throw new TracerError('trace object must expose a function fault()');
  const enter = fn('enter');
  const exit = fn('exit');
  if (!enter !== !exit)
    throw new TracerError('trace object must expose either both or none of enter() and exit()');
  const setup = fn('setup');
  if (setup) runConstruction(faults, () => setup.call(obj, configJson));
  return { obj, result, fault, step: fn('step'), enter, exit };
}

function describeSyntaxError(wrapped: string, e: SyntaxError): string {
  try {
    parse(wrapped, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch (acornError) {
    const loc = (acornError as { loc?: { line: number; column: number } }).loc;
    if (loc) return `SyntaxError: (anonymous): Line ${loc.line}:${loc.column + 1} ${e.message}`;
  }
  return `SyntaxError: ${e.message}`;
}

// Construction and setup errors are returned unwrapped (no "in server-side tracer function").
function runConstruction<T>(faults: TracerFaults, f: () => T): T {
  let out: T;
  try {
    out = f();
  } catch (e) {
    throw new TracerError(faults.fatal ?? describeThrown(e));
  }
  if (faults.fatal !== undefined) throw new TracerError(faults.fatal);
  return out;
}

/**
 * goja's `value.String()` of a thrown value: `TypeError: msg` for errors, the string itself for `throw 'x'`.
 * The two most common V8 TypeError texts are rewritten to goja's wording (best effort; others stay V8's).
 */
export function describeThrown(e: unknown): string {
  try {
    return String(e)
      .replace(
        /^TypeError: Cannot read properties of (undefined|null) \(reading '(.*)'\)$/,
        "TypeError: Cannot read property '$2' of $1",
      )
      .replace(/^TypeError: \S+\.([\w$]+) is not a function$/, "TypeError: Object has no member '$1'");
  } catch {
    return 'Error: (a thrown value that cannot be converted to a string)';
  }
}
