import type * as acorn from 'acorn';
import { parse } from '../es5/loopParser.ts';
import escodegen from 'escodegen';
import type * as estree from 'estree';
import { collapseChains } from './collapseChains.ts';
import { prepareAst, verbatimKey, type PrepareProblem } from './prepareAst.ts';

/** The printed one-line code, or why it could not be printed. */
export type GenerateResult =
  | { ok: true; code: string; doubleQuoted: number[] }
  | { ok: false; problem: PrepareProblem; doubleQuoted: number[] };

const options = {
  format: {
    compact: true,
    quotes: 'single' as const,
    semicolons: true,
    parentheses: true,
    renumber: false,
    hexadecimal: false,
    escapeless: false,
  },
  comment: false,
  verbatim: verbatimKey,
};

/**
 * Prints any ESTree node (a Program, a statement or an expression) as one line without comments, with
 * single-quoted string literals and no `"` anywhere. Adds verbatim properties to the AST's literal nodes.
 * Never throws: nesting deeper than the limit and constructs escodegen cannot print come back as a problem.
 */
export function generateOneLine(ast: estree.Node): GenerateResult {
  const node = ast as unknown as { type: string; start?: number; end?: number };
  const prepared = prepareAst(node);
  if (prepared.problem) return { ok: false, problem: prepared.problem, doubleQuoted: prepared.doubleQuoted };
  try {
    collapseChains(node, verbatimKey, options as escodegen.GenerateOptions);
    const code = escodegen.generate(ast, options as escodegen.GenerateOptions);
    return { ok: true, code, doubleQuoted: prepared.doubleQuoted };
  } catch (e) {
    const message =
      e instanceof RangeError
        ? 'The code nests too deeply for the flattener to print it'
        : `The flattener cannot print this code: ${(e as Error).message}`; // escodegen throws Errors
    const problem = { message, start: node.start ?? 0, end: node.end ?? 0 };
    return { ok: false, problem, doubleQuoted: prepared.doubleQuoted };
  }
}

/** Result of {@link flattenProgram}. */
export type FlattenProgramResult = { ok: true; code: string } | { ok: false; error: string };

/**
 * Parses a whole script with acorn and prints it with {@link generateOneLine} — the printer flattenTracer uses,
 * exposed for programs that are not tracer objects (and for the round-trip corpus test).
 */
export function flattenProgram(
  source: string,
  opts: { ecmaVersion?: acorn.ecmaVersion; sourceType?: 'script' | 'module' } = {},
): FlattenProgramResult {
  let ast: acorn.Program;
  try {
    ast = parse(source, {
      ecmaVersion: opts.ecmaVersion ?? 'latest',
      sourceType: opts.sourceType, // acorn's default is 'script'
    });
  } catch (e) {
    const message = (e as Error).message; // acorn throws a SyntaxError, or a RangeError when out of stack
    const tooDeep = e instanceof RangeError || /Not enough stack space|call stack/i.test(message);
    const error = tooDeep ? 'The code nests too deeply to parse' : message;
    return { ok: false, error };
  }
  const r = generateOneLine(ast as unknown as estree.Node);
  return r.ok ? { ok: true, code: r.code } : { ok: false, error: r.problem.message };
}
