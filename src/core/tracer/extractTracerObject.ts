import type * as estree from 'estree';
import type { Diagnostic } from '../diagnostics.ts';
import type { Es5Result } from '../es5/checkEs5.ts';
import { createReporter, type Reporter } from './createReporter.ts';
import { describeNonObject } from './describeNonObject.ts';
import { functionWrapperDiagnostic, parenInfo, semicolonInfo, wrapperInfo } from './formDiagnostics.ts';
import type { PrefixWrapper } from './findWrapper.ts';
import { closeParens, openParens, trailingSemicolons } from './scanParens.ts';
import { skipTrivia } from './skipTrivia.ts';
import { defineRule } from './defineRule.ts';

export const notAnObject = defineRule(
  'not-an-object',
  'error',
  'the source is not one object literal in an accepted form',
);

/** How the tracer object literal is written in the source. */
export type TracerForm =
  'bare' | 'parenthesized' | 'variable' | 'module-exports' | 'export-default' | 'function';

/** An acorn node with its source offsets. */
export type Located<T> = T & { start: number; end: number };

/** The tracer object literal found in a source, and how it was written. */
export interface ExtractedTracer {
  form: TracerForm;
  /** The object literal (acorn node, with start/end offsets into the source). */
  object: Located<estree.ObjectExpression>;
  /** True when a `;` follows a bare or parenthesized object (a SyntaxError in geth). */
  trailingSemicolon: boolean;
  /** Diagnostics about the form (parentheses, `module.exports`, `export default`, a function around it, trailing `;`). */
  diagnostics: Diagnostic[];
}

const afterObjectMessage = 'Unexpected text after the tracer object: the source must be one object literal';
const example = '{result: function(ctx, db) {...}, fault: function(log, db) {...}}';

/**
 * Finds the tracer object literal in checkEs5's result. Returns `tracer: null` with at least one error diagnostic
 * when the source is not one object literal in an accepted form; when that is because checkEs5 could not parse
 * it (or found it empty), those are checkEs5's own error diagnostics (the same objects, not copies).
 * `prefix`: a wrapper head (`let NAME =`, `module.exports =`, `export default`) that `es5` was checked without (it was
 * blanked out); the object after it, and a `;` after the object, belong to that wrapper. A `var|let|const` wrapper
 * gets no diagnostic (the flattener sends the object alone); the others get a note with a fix keeping the object.
 */
export function extractTracerObject(
  source: string,
  es5: Es5Result,
  prefix: PrefixWrapper | null = null,
): { tracer: ExtractedTracer | null; diagnostics: Diagnostic[] } {
  const r = createReporter(source);
  const fail = (message: string, start: number, end: number) => ({
    tracer: null,
    diagnostics: [notAnObject.make(r, message, start, Math.max(end, start))],
  });
  const es5Errors = es5.diagnostics.filter((d: Diagnostic) => d.severity === 'error');
  if (!es5.ast) {
    if (es5Errors.length > 0) return { tracer: null, diagnostics: es5Errors };
    return fail(`The tracer source must be one object literal such as ${example}`, 0, source.length);
  }
  const ctx: Scan = { source, r, es5Errors };
  if (prefix && es5.goal === 'expression')
    return fromPrefixed(ctx, es5.ast as Located<estree.Expression>, prefix, fail);
  if (es5.goal === 'expression') return fromTopExpression(ctx, es5.ast as Located<estree.Expression>, fail);
  return fromProgram(ctx, es5.ast as Located<estree.Program>, fail);
}

interface Scan {
  source: string;
  r: Reporter;
  /** Errors checkEs5 already reported (e.g. an empty source). */
  es5Errors: Diagnostic[];
}

type Fail = (message: string, start: number, end: number) => { tracer: null; diagnostics: Diagnostic[] };
type Extraction = { tracer: ExtractedTracer | null; diagnostics: Diagnostic[] };

function fromExpression(
  s: Scan,
  expr: Located<estree.Node>,
  outerStart: number,
  wrapper: { form: 'variable' | 'module-exports' | 'export-default'; start: number; end: number } | null,
  fail: Fail,
): Extraction {
  // checkEs5 parses without preserveParens: parentheses are never nodes of their own.
  if (expr.type !== 'ObjectExpression') {
    const message = `The tracer must be one object literal such as ${example}; found ${describeNonObject(expr)}`;
    return fail(message, expr.start, expr.end);
  }
  const object = expr as Located<estree.ObjectExpression>;
  const diagnostics: Diagnostic[] = [];
  const opens = openParens(s.source, wrapper ? expr.start : outerStart, object.start);
  const closes = closeParens(s.source, object.end, opens.length);
  if (wrapper) {
    if (wrapper.form !== 'variable')
      diagnostics.push(wrapperInfo(s.r, { ...wrapper, form: wrapper.form }, object));
    return { tracer: { form: wrapper.form, object, trailingSemicolon: false, diagnostics }, diagnostics };
  }
  if (opens.length > 0) diagnostics.push(parenInfo(s.r, opens, closes.offsets, object.start));
  const semis = trailingSemicolons(s.source, closes.end);
  // Stryker disable next-line ConditionalExpression: never true when es5 is checkEs5(source): its goal leaves only ')', ';' and trivia after the object (a guard against a mismatched es5; '→ true' fails every source)
  if (semis.rest < s.source.length) return fail(afterObjectMessage, semis.rest, s.source.length);
  if (semis.offsets.length > 0) diagnostics.push(semicolonInfo(s.r, semis.offsets));
  const form: TracerForm = opens.length > 0 ? 'parenthesized' : 'bare';
  return { tracer: { form, object, trailingSemicolon: semis.offsets.length > 0, diagnostics }, diagnostics };
}

function fromTopExpression(s: Scan, expr: Located<estree.Expression>, fail: Fail): Extraction {
  const start = codeStart(s.source);
  const exported = moduleExportsValue(expr);
  if (exported) {
    const closes = closeParens(s.source, expr.end, openParens(s.source, start, expr.start).length);
    const semis = trailingSemicolons(s.source, closes.end);
    // Stryker disable next-line ConditionalExpression: never true when es5 is checkEs5(source) (see fromExpression)
    if (semis.rest < s.source.length) return fail(afterObjectMessage, semis.rest, s.source.length);
    const end = semis.offsets.length > 0 ? semis.offsets[semis.offsets.length - 1] + 1 : closes.end;
    return fromExpression(s, exported, start, { form: 'module-exports', start, end }, fail);
  }
  const object = returnedObject(expr);
  if (object) return fromFunction(s, expr as Located<estree.FunctionExpression>, object);
  return fromExpression(s, expr, start, null, fail);
}

const hashbang = /^#![^\n\r\u2028\u2029]*/;

/** Where the code starts: after a `#!` line (acorn skips it) and any comments and whitespace. */
function codeStart(source: string): number {
  return skipTrivia(source, hashbang.exec(source)?.[0].length ?? 0);
}

function fromFunction(
  s: Scan,
  fn: Located<estree.FunctionDeclaration | estree.FunctionExpression>,
  object: Located<estree.ObjectExpression>,
  exported: Located<estree.Statement> | null = null,
): Extraction {
  // The export statement goes with the white space before it; comments between the two statements stay.
  const gap = exported ? /\s*$/.exec(s.source.slice(fn.end, exported.start))![0].length : 0;
  const exportedText = exported ? { start: exported.start - gap, end: exported.end } : null;
  const diagnostics = [functionWrapperDiagnostic(s.r, fn, object, exportedText)];
  return { tracer: { form: 'function', object, trailingSemicolon: false, diagnostics }, diagnostics };
}

/** The expression after a blanked wrapper head, up to the wrapper's own `;`. */
function fromPrefixed(
  s: Scan,
  expr: Located<estree.Expression>,
  prefix: PrefixWrapper,
  fail: Fail,
): Extraction {
  const closes = closeParens(s.source, expr.end, openParens(s.source, prefix.end, expr.start).length);
  const semis = trailingSemicolons(s.source, closes.end);
  // Stryker disable next-line ConditionalExpression: never true when es5 is checkEs5 of the blanked source (see fromExpression)
  if (semis.rest < s.source.length) return fail(afterObjectMessage, semis.rest, s.source.length);
  const end = semis.offsets.length > 0 ? semis.offsets[semis.offsets.length - 1] + 1 : closes.end;
  return fromExpression(s, expr, prefix.start, { form: prefix.form, start: prefix.start, end }, fail);
}

function fromProgram(s: Scan, program: Located<estree.Program>, fail: Fail): Extraction {
  const body = program.body.filter((st) => st.type !== 'EmptyStatement') as Located<estree.Statement>[];
  if (body.length === 0 && s.es5Errors.length > 0) return { tracer: null, diagnostics: s.es5Errors };
  if (body.length === 0) {
    return fail(
      `The tracer source is empty: write one object literal such as ${example}`,
      0,
      s.source.length,
    );
  }
  const factory = body.length === 2 ? exportedFactory(body[0], body[1]) : null;
  if (factory) return fromFunction(s, body[0] as Located<estree.FunctionDeclaration>, factory, body[1]);
  if (body.length > 1) {
    const message = `The tracer must be one object literal, not ${body.length} statements`;
    return fail(message, body[0].start, s.source.length);
  }
  return fromStatement(s, body[0], fail);
}

function fromStatement(s: Scan, st: Located<estree.Statement>, fail: Fail): Extraction {
  if (st.type === 'VariableDeclaration' && st.declarations.length === 1) {
    const decl = st.declarations[0];
    if (decl.id.type !== 'Identifier') {
      const message = `The tracer must be one object literal such as ${example}; found a destructuring declaration (write only the {...} object)`;
      return fail(message, st.start, st.end);
    }
    if (decl.init) {
      const init = decl.init as Located<estree.Expression>;
      return fromExpression(s, init, st.start, { form: 'variable', ...span(st) }, fail);
    }
  }
  if (st.type === 'ExpressionStatement') {
    const e = st.expression as Located<estree.Expression>;
    const exported = moduleExportsValue(e);
    if (exported) return fromExpression(s, exported, st.start, { form: 'module-exports', ...span(st) }, fail);
    return fromExpression(s, e, st.start, null, fail);
  }
  const object = returnedObject(st);
  if (object) return fromFunction(s, st as Located<estree.FunctionDeclaration>, object);
  const message = `The tracer must be one object literal such as ${example}; found ${describeNonObject(st)}`;
  return fail(message, st.start, st.end);
}

/** The object literal a named function returns last (`function f() { …; return {…}; }`), if any. */
function returnedObject(node: estree.Node): Located<estree.ObjectExpression> | null {
  // No type test: besides a function only a class has an id, and a class body holds no return statement.
  const fn = node as estree.FunctionExpression;
  if (!fn.id) return null;
  const body = fn.body.body;
  const last = body[body.length - 1];
  if (!last || last.type !== 'ReturnStatement' || !last.argument) return null;
  const arg = last.argument;
  return arg.type === 'ObjectExpression' ? (arg as Located<estree.ObjectExpression>) : null;
}

/**
 * `function f() { …; return {…}; }` followed by `module.exports = f;` (or `= f();`): the object the exported factory
 * returns; null for any other pair of statements.
 */
function exportedFactory(
  first: estree.Statement,
  second: estree.Statement,
): Located<estree.ObjectExpression> | null {
  if (first.type !== 'FunctionDeclaration' || second.type !== 'ExpressionStatement') return null;
  const object = returnedObject(first);
  const value = moduleExportsValue(second.expression);
  if (!object || !value) return null;
  const callee = value.type === 'CallExpression' && value.arguments.length === 0 ? value.callee : value;
  return callee.type === 'Identifier' && callee.name === first.id!.name ? object : null;
}

function span(n: Located<estree.Node>): { start: number; end: number } {
  return { start: n.start, end: n.end };
}

/** The value in `module.exports = value` (a plain `=`); null for any other node. */
function moduleExportsValue(n: estree.Node): Located<estree.Expression> | null {
  // No type test: only an assignment has the operator '='.
  const a = n as estree.AssignmentExpression;
  return a.operator === '=' && isModuleExports(a.left) ? (a.right as Located<estree.Expression>) : null;
}

function isModuleExports(n: estree.Node): boolean {
  // No type tests: only an Identifier object has a name, and a non-computed property is an Identifier (a private
  // `#exports` parses only inside a class, never in a tracer's top-level assignment).
  return (
    n.type === 'MemberExpression' &&
    !n.computed &&
    (n.object as estree.Identifier).name === 'module' &&
    (n.property as estree.Identifier).name === 'exports'
  );
}
