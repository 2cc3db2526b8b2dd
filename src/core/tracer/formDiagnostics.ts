import type * as estree from 'estree';
import type { Diagnostic, TextEdit } from '../diagnostics.ts';
import type { Reporter } from './createReporter.ts';
import { defineRule } from './defineRule.ts';

export const parenthesized = defineRule('parenthesized', 'info', 'the object is wrapped in parentheses');
export const trailingSemicolon = defineRule(
  'trailing-semicolon',
  'info',
  "a ';' follows the object (a syntax error in geth)",
);
export const moduleExports = defineRule(
  'module-exports',
  'info',
  "the object is written as 'module.exports = {...}'",
);

export const exportDefault = defineRule(
  'export-default',
  'info',
  "the object is written as 'export default {...}'",
);
export const functionWrapper = defineRule(
  'function-wrapper',
  'error',
  'the object is returned by a function declaration instead of being the tracer',
);

type Located<T> = T & { start: number; end: number };

/** Info about a `module.exports = {...}` or `export default {...}` wrapper, with a fix keeping only the object. */
export function wrapperInfo(
  r: Reporter,
  w: { form: 'module-exports' | 'export-default'; start: number; end: number },
  object: Located<estree.ObjectExpression>,
): Diagnostic {
  const what = w.form === 'module-exports' ? "'module.exports = {...}'" : "'export default {...}'";
  const message = `geth evaluates the tracer as one expression, so ${what} is a syntax error there; only the object literal is sent`;
  const rule = w.form === 'module-exports' ? moduleExports : exportDefault;
  const edits: TextEdit[] = [
    { start: w.start, end: object.start, text: '' },
    { start: object.end, end: w.end, text: '' },
  ].filter((e) => e.end > e.start);
  return rule.make(r, message, w.start, object.start, {
    title: 'Keep only the object literal',
    edits,
  });
}

/** Info about parentheses around the object, with a fix removing them. */
export function parenInfo(r: Reporter, opens: number[], closes: number[], objectStart: number): Diagnostic {
  const message =
    "The tracer object is wrapped in parentheses; geth adds its own '(' + code + ')', so this works, and the flattener sends the object without them";
  const edits: TextEdit[] = [...opens, ...closes].map((o) => ({ start: o, end: o + 1, text: '' }));
  return parenthesized.make(r, message, opens[0], objectStart, {
    title: 'Remove the parentheses',
    edits,
  });
}

/** Info about `;` after the object (a SyntaxError once geth wraps the code in parentheses), with a fix. */
export function semicolonInfo(r: Reporter, offsets: number[]): Diagnostic {
  const message =
    "geth evaluates '(' + code + ')', so a trailing ';' is a syntax error there; the flattener removes it";
  const edits: TextEdit[] = offsets.map((o) => ({ start: o, end: o + 1, text: '' }));
  const last = offsets[offsets.length - 1];
  return trailingSemicolon.make(r, message, offsets[0], last + 1, {
    title: "Remove the trailing ';'",
    edits,
  });
}

/**
 * `function f() { return {...}; }`: a node evaluates the text as one expression and gets a function, not a tracer.
 * The fix keeps the returned object when the function does nothing else (the lint then names any parameter the
 * object still reads). `exported`: the text of a `module.exports = f;` statement after the function (with the white
 * space before it), which the fix deletes too.
 */
export function functionWrapperDiagnostic(
  r: Reporter,
  fn: Located<estree.FunctionDeclaration | estree.FunctionExpression>,
  object: Located<estree.ObjectExpression>,
  exported: { start: number; end: number } | null = null,
): Diagnostic {
  const name = fn.id
    ? `'${fn.id.name}'`
    : // Stryker disable next-line StringLiteral: unreachable: extractTracerObject reports only a named function (returnedObject needs fn.id), an anonymous one is tracer/not-an-object
      'a function';
  const others = fn.body.body.length - 1;
  const exportLine = exported ? `, and its 'module.exports' line is not part of the tracer` : '';
  const base = `The tracer object is returned by the function ${name}; a node evaluates the text as one expression and gets the function, not a tracer${exportLine}`;
  if (others > 0) {
    const message = `${base}: move its other ${others === 1 ? 'statement' : `${others} statements`} into the object's functions, then keep only the object literal`;
    return functionWrapper.make(r, message, fn.start, object.start);
  }
  // Neither edit is empty: the object starts after 'function' and the function's '}' follows it.
  const edits: TextEdit[] = [
    { start: fn.start, end: object.start, text: '' },
    { start: object.end, end: fn.end, text: '' },
  ];
  if (exported) edits.push({ ...exported, text: '' });
  const title = exported
    ? "Keep only the returned object literal and delete the 'module.exports' line"
    : 'Keep only the returned object literal';
  return functionWrapper.make(r, `${base}: keep only the object literal`, fn.start, object.start, {
    title,
    edits,
  });
}
